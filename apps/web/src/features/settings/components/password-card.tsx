import { useState, type FormEvent } from 'react';
import { ACCOUNT_MESSAGES, PASSWORD_MIN_LENGTH } from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { client } from '../../../sdk.ts';
import { FormNote, SettingsCard } from '../../../components/settings-card.tsx';
import { useNotedAction } from '../../../hooks/use-noted-action.ts';

/** Password change through POST /api/auth/password/change; other sessions are signed out. */
export function PasswordCard({ onChanged }: { onChanged: () => void }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const { busy, note, setNote, run } = useNotedAction();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (next !== repeat) {
      setNote({ tone: 'error', text: ACCOUNT_MESSAGES.passwordsDontMatch });
      return;
    }
    await run(async () => {
      const message = await client.auth.changePassword({ oldPassword: current, newPassword: next });
      setCurrent('');
      setNext('');
      setRepeat('');
      onChanged();
      return message;
    });
  }

  // The three password fields, in order; each is required and disabled while the change runs.
  const fields = [
    {
      label: 'Current password',
      name: 'currentPassword',
      autoComplete: 'current-password',
      value: current,
      set: setCurrent,
    },
    {
      label: 'New password',
      name: 'newPassword',
      autoComplete: 'new-password',
      minLength: PASSWORD_MIN_LENGTH,
      value: next,
      set: setNext,
    },
    {
      label: 'Repeat new password',
      name: 'repeatPassword',
      autoComplete: 'new-password',
      value: repeat,
      set: setRepeat,
    },
  ];

  return (
    <SettingsCard
      title="Password"
      description="Changing it signs you out everywhere else; this device stays signed in."
    >
      <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-3">
        {fields.map(({ set, ...field }) => (
          <TextField
            key={field.name}
            {...field}
            type="password"
            required
            onChange={(e) => set(e.target.value)}
            disabled={busy}
          />
        ))}
        <div className="sm:col-span-3">
          <Button type="submit" disabled={busy || !current || !next || !repeat}>
            {busy ? 'Changing…' : 'Change password'}
          </Button>
        </div>
      </form>
      {note ? <FormNote tone={note.tone}>{note.text}</FormNote> : null}
    </SettingsCard>
  );
}
