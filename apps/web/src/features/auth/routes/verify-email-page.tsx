import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { ACCOUNT_MESSAGES, MESSAGES, POST_LOGIN_PATH_DIALOG } from '@codewright/contract';
import type { AuthClient } from '@codewright/sdk';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { AccountCard, Outcome } from '../components/account-card.tsx';
import { AuthDialog } from '../components/auth-dialog.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { errorMessageOf } from '../social-sign-in.ts';

type Result = { ok: boolean; message: string };

// A token is single-use: React's development double effects must not spend it twice.
const attempts = new Map<string, Promise<Result>>();
function verifyOnce(auth: AuthClient, token: string): Promise<Result> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = auth.verifyEmail(token).then(
      (message) => ({ ok: true, message }),
      (error: unknown) => ({ ok: false, message: errorMessageOf(error) ?? MESSAGES.authFailed }),
    );
    attempts.set(token, attempt);
  }
  return attempt;
}

/** /verify-email?token=… from the verification mail: shows the outcome and the next step. */
export function VerifyEmailPage() {
  useDocumentTitle('Verify Email');
  const { auth } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [result, setResult] = useState<Result | null>(
    token ? null : { ok: false, message: ACCOUNT_MESSAGES.missingToken },
  );
  const [signInOpen, setSignInOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [resetSent, setResetSent] = useState(false);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void verifyOnce(auth, token).then((r) => live && setResult(r));
    return () => {
      live = false;
    };
  }, [auth, token]);

  async function sendReset(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !email.trim()) return;
    setBusy(true);
    try {
      await auth.requestPasswordReset(email.trim());
      setResetSent(true);
    } catch (error) {
      toast.error(errorMessageOf(error) ?? MESSAGES.authFailed);
    } finally {
      setBusy(false);
    }
  }

  async function resend(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !email.trim()) return;
    setBusy(true);
    try {
      toast.success(await auth.resendVerificationEmail(email.trim()));
    } catch (error) {
      toast.error(errorMessageOf(error) ?? MESSAGES.authFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountCard title="Verify your email">
      {!result ? (
        <p role="status" className="text-center text-sm text-muted">
          Checking your link…
        </p>
      ) : result.ok ? (
        <>
          <Outcome ok>{result.message}</Outcome>
          {result.message === ACCOUNT_MESSAGES.emailVerifiedSetPassword ? (
            // The password registered before the proof no longer works (DESIGN §3.16): the
            // reset flow, offered right here, lets the owner choose one.
            resetSent ? (
              <p role="status" className="mt-5 text-center text-sm text-muted">
                {ACCOUNT_MESSAGES.resetSent}
              </p>
            ) : (
              <form
                noValidate
                onSubmit={sendReset}
                className="mt-5 flex flex-col gap-3"
                aria-busy={busy}
                aria-label="Choose a password"
              >
                <TextField
                  label="Email"
                  type="email"
                  name="email"
                  autoComplete="email"
                  placeholder="you@example.com"
                  disabled={busy}
                  value={email}
                  onChange={(e) => setEmail(e.target.value)}
                />
                <Button type="submit" size="lg" className="w-full text-sm" disabled={busy}>
                  {busy ? 'Loading...' : 'Email me a link to choose a password'}
                </Button>
              </form>
            )
          ) : null}
          <Button
            size="lg"
            variant={
              result.message === ACCOUNT_MESSAGES.emailVerifiedSetPassword ? 'outline' : undefined
            }
            className="mt-3 w-full text-sm"
            onClick={() => setSignInOpen(true)}
          >
            Sign in
          </Button>
        </>
      ) : (
        <>
          <Outcome ok={false}>{result.message}</Outcome>
          <form noValidate onSubmit={resend} className="mt-5 flex flex-col gap-3" aria-busy={busy}>
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              placeholder="you@example.com"
              disabled={busy}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Button type="submit" size="lg" className="w-full text-sm" disabled={busy}>
              {busy ? 'Loading...' : 'Send a new link'}
            </Button>
          </form>
        </>
      )}
      <AuthDialog
        open={signInOpen}
        onOpenChange={setSignInOpen}
        redirectTo={POST_LOGIN_PATH_DIALOG}
      />
    </AccountCard>
  );
}
