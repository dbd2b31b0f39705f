import { useEffect, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { ArrowLeft, MailCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { toastingFailure } from '../toast-failure.ts';
import { EmailForm } from './email-form.tsx';

export type LinkKind = 'reset' | 'magic';

/** The dialog's description in each mode. */
export const LINK_INTROS: Record<LinkKind, string> = {
  reset: "Enter the email you signed up with and we'll send you a link to choose a new password.",
  magic: "Enter your email and we'll send you a link that signs you in — no password needed.",
};
const SUBMIT: Record<LinkKind, string> = {
  reset: 'Send reset link',
  magic: 'Email me a sign-in link',
};

export interface EmailLinkFormProps {
  kind: LinkKind;
  initialEmail: string;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onBack: () => void;
}

/** The dialog's "Forgot password?" and "Email me a sign-in link" forms: one email field, one answer. */
export function EmailLinkForm({ kind, initialEmail, busy, setBusy, onBack }: EmailLinkFormProps) {
  const { loadAuth } = useAuth();
  const [email, setEmail] = useState(initialEmail);
  const [sent, setSent] = useState<string | null>(null);
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => emailRef.current?.focus(), []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmed = email.trim();
    if (!trimmed) {
      toast.error('Please enter your email address');
      return;
    }
    setBusy(true);
    await toastingFailure(async () => {
      const auth = await loadAuth();
      const message =
        kind === 'reset'
          ? await auth.requestPasswordReset(trimmed)
          : await auth.signInWithMagicLink(trimmed);
      setSent(message);
      toast.success(message);
    });
    setBusy(false);
  }

  const back = (
    <button
      type="button"
      disabled={busy}
      onClick={onBack}
      className="inline-flex items-center gap-1.5 self-center rounded-md text-sm text-muted transition-colors hover:text-fg disabled:opacity-50"
    >
      <ArrowLeft className="size-3.5" aria-hidden="true" />
      Back to sign in
    </button>
  );

  if (sent) {
    return (
      <div className="flex flex-col gap-5">
        <div
          role="status"
          className="flex gap-3 rounded-lg border border-emerald-500/30 bg-emerald-500/10 p-4 text-sm leading-relaxed text-fg"
        >
          <MailCheck className="mt-0.5 size-5 shrink-0 text-emerald-400" aria-hidden="true" />
          <div>
            <p>{sent}</p>
            <p className="mt-1 text-muted">
              Check your inbox (and spam folder). The link works once.
            </p>
          </div>
        </div>
        {back}
      </div>
    );
  }

  return (
    <EmailForm busy={busy} onSubmit={onSubmit} email={email} setEmail={setEmail} ref={emailRef}>
      <Button type="submit" size="lg" className="mt-1 w-full text-sm" disabled={busy}>
        {busy ? 'Loading...' : SUBMIT[kind]}
      </Button>
      {back}
    </EmailForm>
  );
}
