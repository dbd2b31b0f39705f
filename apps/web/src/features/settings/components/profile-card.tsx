import { useState, type FormEvent } from 'react';
import { DISPLAY_NAME_MAX_LENGTH } from '@codewright/contract';
import type { User } from '@codewright/sdk';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { client } from '../../../sdk.ts';
import { FormNote, SettingsCard } from '../../../components/settings-card.tsx';
import { useNotedAction } from '../../../hooks/use-noted-action.ts';

/** Display name (PATCH /api/auth/me); what was typed stays when saving fails. */
export function ProfileCard({ user }: { user: User }) {
  const saved = user.displayName ?? '';
  const [name, setName] = useState(saved);
  const { busy, note, run } = useNotedAction();
  const unchanged = name.trim() === saved;

  async function save(event: FormEvent) {
    event.preventDefault();
    await run(async () => {
      const updated = await client.auth.updateUser({ displayName: name.trim() || null });
      setName(updated.displayName ?? '');
      return 'Your display name is saved.';
    });
  }

  return (
    <SettingsCard title="Profile" description="The name shown in the app and to your team.">
      <form onSubmit={(e) => void save(e)} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="min-w-0 flex-1">
          <TextField
            label="Display name"
            name="displayName"
            autoComplete="name"
            maxLength={DISPLAY_NAME_MAX_LENGTH}
            value={name}
            onChange={(e) => setName(e.target.value)}
            disabled={busy}
          />
        </div>
        <Button type="submit" disabled={busy || unchanged}>
          {busy ? 'Saving…' : 'Save name'}
        </Button>
      </form>
      {note ? <FormNote tone={note.tone}>{note.text}</FormNote> : null}
    </SettingsCard>
  );
}
