import { MailCheck, MailWarning } from 'lucide-react';
import type { AccountStatus } from '@codewright/sdk';
import { Badge } from '../../../components/ui/badge.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { client } from '../../../sdk.ts';
import { FormNote, SettingsCard } from '../../../components/settings-card.tsx';
import { useNotedAction } from '../../../hooks/use-noted-action.ts';

/** The account's address and whether it is verified, with a resend of the verification mail. */
export function EmailCard({ account }: { account: AccountStatus }) {
  const { busy, note, run } = useNotedAction();

  const resend = () => run(() => client.auth.resendVerificationEmail());

  return (
    <SettingsCard title="Email" description="Where sign-in links and notices go.">
      <div className="flex flex-wrap items-center gap-3">
        <span className="min-w-0 truncate text-sm font-medium text-fg" data-testid="account-email">
          {account.email}
        </span>
        {account.emailVerified ? (
          <Badge tone="success">
            <MailCheck className="size-3.5" aria-hidden="true" />
            Verified
          </Badge>
        ) : (
          <Badge tone="warning">
            <MailWarning className="size-3.5" aria-hidden="true" />
            Not verified
          </Badge>
        )}
      </div>
      {account.emailVerified ? null : (
        <div className="mt-4">
          <p className="text-sm text-muted">
            Open the link we mailed you to verify this address. It can take a minute to arrive.
          </p>
          <Button variant="outline" className="mt-3" disabled={busy} onClick={() => void resend()}>
            {busy ? 'Sending…' : 'Resend verification email'}
          </Button>
        </div>
      )}
      {note ? <FormNote tone={note.tone}>{note.text}</FormNote> : null}
    </SettingsCard>
  );
}
