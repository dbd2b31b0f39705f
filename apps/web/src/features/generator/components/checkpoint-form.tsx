import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { VERSION_LABEL_MAX_LENGTH, type VersionSummary } from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { client } from '../../../sdk.ts';
import { versionErrorText } from '../hooks/use-versions.ts';

export interface CheckpointFormProps {
  projectId: string;
  version: VersionSummary;
  /** Done: the version with its new name, or null when nothing changed (cancelled). */
  onDone: (next: VersionSummary | null) => void;
}

/** Names a version as a checkpoint (or clears the name): PATCH of the version's label. */
export function CheckpointForm({ projectId, version, onDone }: CheckpointFormProps) {
  const [name, setName] = useState(version.label ?? '');
  const [busy, setBusy] = useState(false);

  const save = async (label: string | null) => {
    setBusy(true);
    try {
      const next = await client.versions.label(projectId, version.id, label);
      toast.success(
        label ? `Version ${version.number} is now “${label}”.` : 'Checkpoint name removed.',
      );
      onDone(next);
    } catch (err) {
      console.error('Naming the version failed', err);
      toast.error(versionErrorText(err, 'The name could not be saved. Try again.'));
      setBusy(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const label = name.trim();
    if (!label) {
      toast.error('Type a name for the checkpoint, or Cancel.');
      return;
    }
    void save(label);
  };

  return (
    <form
      onSubmit={submit}
      className="flex shrink-0 flex-wrap items-center gap-2 border-b border-border px-3 py-2"
      aria-label={`Name version ${version.number}`}
    >
      {/* The field takes the row; the buttons go beside it when there is room, else below. */}
      <label className="flex min-w-0 flex-[1_1_18rem] items-center gap-2 text-sm text-muted">
        <span className="shrink-0">Checkpoint name</span>
        <input
          className="h-8 w-full min-w-0 flex-1 rounded-lg border border-border-strong bg-surface px-2 text-fg"
          value={name}
          maxLength={VERSION_LABEL_MAX_LENGTH}
          onChange={(e) => setName(e.target.value)}
          disabled={busy}
          autoFocus
          onKeyDown={(e) => {
            if (e.key === 'Escape') onDone(null);
          }}
        />
      </label>
      <span className="ml-auto flex flex-wrap justify-end gap-2">
        {version.label ? (
          <Button variant="ghost" size="sm" disabled={busy} onClick={() => void save(null)}>
            Remove name
          </Button>
        ) : null}
        <Button variant="ghost" size="sm" disabled={busy} onClick={() => onDone(null)}>
          Cancel
        </Button>
        <Button type="submit" size="sm" disabled={busy}>
          {busy ? 'Saving…' : 'Save name'}
        </Button>
      </span>
    </form>
  );
}
