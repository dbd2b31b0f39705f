import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Loader2, Trash2 } from 'lucide-react';
import type { AccountStatus } from '@codewright/sdk';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { client } from '../../../sdk.ts';
import { FormNote, SettingsCard } from '../../../components/settings-card.tsx';
import { messageOf } from '../../../components/error-message.ts';

const dangerButton =
  'bg-red-600 text-white shadow-none hover:bg-red-700 focus-visible:outline-red-400';

/** The confirmation: the password, or for an account without one its email address. */
const PASSWORD_FIELD = {
  label: 'Your password',
  type: 'password',
  name: 'password',
  autoComplete: 'current-password',
};
const EMAIL_FIELD = {
  label: 'Type your email address to confirm',
  type: 'email',
  name: 'email',
  autoComplete: 'off',
};

/** "Delete my account": confirmed with the password (or the email, for accounts without one). */
export function DeleteAccountCard({ account }: { account: AccountStatus }) {
  const [open, setOpen] = useState(false);
  return (
    <SettingsCard
      title="Delete my account"
      tone="danger"
      description="Deletes your account, your projects with their chat and versions, and your files. This cannot be undone; export your data first if you want to keep it."
    >
      <Button className={dangerButton} onClick={() => setOpen(true)}>
        <Trash2 className="size-4" aria-hidden="true" />
        Delete my account
      </Button>
      {open ? <DeleteAccountDialog account={account} onClose={() => setOpen(false)} /> : null}
    </SettingsCard>
  );
}

function DeleteAccountDialog({
  account,
  onClose,
}: {
  account: AccountStatus;
  onClose: () => void;
}) {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLInputElement>(null);
  const dismiss = () => {
    if (!busy) onClose();
  };
  // After a refusal the field is enabled again: focus returns to it, to try once more.
  useEffect(() => {
    if (error && !busy) fieldRef.current?.focus();
  }, [error, busy]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await client.account.deleteAccount(
        account.hasPassword ? { password: value } : { email: value },
      );
      // Leave the guarded page first, so its guard does not send us to /sign-in.
      await navigate('/', { flushSync: true });
      toast.success('Your account has been deleted.');
    } catch (failure) {
      setError(messageOf(failure));
      setBusy(false);
    }
  }

  return (
    <Dialog
      open
      onClose={dismiss}
      closeDisabled={busy}
      initialFocusRef={fieldRef}
      title="Delete your account?"
      description={`The account ${account.email} is deleted with its projects, chat, versions, files and sessions. Teams you own pass to another member, or close if you are their only member. This cannot be undone.`}
    >
      <form onSubmit={(e) => void submit(e)} aria-busy={busy || undefined}>
        <TextField
          ref={fieldRef}
          {...(account.hasPassword ? PASSWORD_FIELD : EMAIL_FIELD)}
          required
          value={value}
          onChange={(e) => setValue(e.target.value)}
          disabled={busy}
        />
        {error ? <FormNote tone="error">{error}</FormNote> : null}
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={dismiss} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" className={dangerButton} disabled={busy || !value}>
            {busy ? <Loader2 className="size-4 animate-spin" aria-hidden="true" /> : null}
            {busy ? 'Deleting…' : 'Delete my account forever'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
