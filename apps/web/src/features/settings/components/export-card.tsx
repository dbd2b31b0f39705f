import { Download, Loader2 } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { client } from '../../../sdk.ts';
import { saveBlob } from '../../../components/save-blob.ts';
import { FormNote, SettingsCard } from '../../../components/settings-card.tsx';
import { useNotedAction } from '../../../hooks/use-noted-action.ts';

/** "Export my data": a zip of projects, chat and versions (GET /api/auth/export). */
export function ExportCard() {
  const { busy, note, run } = useNotedAction();

  const exportData = () =>
    run(async () => {
      const zip = await client.account.exportData();
      saveBlob(zip, `codewright-export-${new Date().toISOString().slice(0, 10)}.zip`);
      return 'Your export is downloading.';
    });

  return (
    <SettingsCard
      title="Export my data"
      description="A zip of your workspace's projects, their chat and versions as JSON, plus every code file, and your own messages in the teams you belong to."
    >
      <Button variant="outline" disabled={busy} onClick={() => void exportData()}>
        {busy ? (
          <Loader2 className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <Download className="size-4" aria-hidden="true" />
        )}
        {busy ? 'Preparing your export…' : 'Export my data'}
      </Button>
      {note ? <FormNote tone={note.tone}>{note.text}</FormNote> : null}
    </SettingsCard>
  );
}
