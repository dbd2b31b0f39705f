import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  POST_LOGIN_PATH_DIALOG,
  type VerifyEmailResponse,
} from '@codewright/contract';
import type { AuthClient } from '@codewright/sdk';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { AccountCard, Outcome } from '../components/account-card.tsx';
import { AuthDialog } from '../components/auth-dialog.tsx';
import { RemovedNotice } from '../components/removed-notice.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { errorMessageOf } from '../social-sign-in.ts';
import { toastingFailure } from '../toast-failure.ts';

/**
 * What the page shows (DESIGN §3.16): checking a signed-in link, asking who registered the
 * account, or the outcome — kept (the registrant proved it), taken over, or failed.
 */
type View =
  | { kind: 'checking' }
  | { kind: 'choose' }
  | { kind: 'done'; result: VerifyEmailResponse }
  | { kind: 'failed'; message: string };

const codeOf = (error: unknown) =>
  typeof error === 'object' && error !== null && 'code' in error
    ? String((error as { code: unknown }).code)
    : undefined;

// A proof spends the token: React's development double effects must not send it twice.
const attempts = new Map<string, Promise<VerifyEmailResponse>>();
function checkLinkOnce(auth: AuthClient, token: string): Promise<VerifyEmailResponse> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = auth.confirmEmail(token);
    attempts.set(token, attempt);
  }
  return attempt;
}

/** /verify-email?token=… from the verification mail: proves the address, then the next step. */
export function VerifyEmailPage() {
  useDocumentTitle('Verify Email');
  const { loadAuth, status } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  // Decided by an answer (or the missing token); until then the auth status decides.
  const [decided, setView] = useState<View | null>(
    token ? null : { kind: 'failed', message: ACCOUNT_MESSAGES.missingToken },
  );
  const view: View = decided ?? { kind: 'checking' };
  const [signInOpen, setSignInOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'password' | 'notMine' | 'mail' | null>(null);
  const [resetSent, setResetSent] = useState(false);

  const fail = (error: unknown) =>
    setView({ kind: 'failed', message: errorMessageOf(error) ?? MESSAGES.authFailed });

  // The link is checked first: a dead link says so at once. Signed in as the account it proves
  // the registrant by itself; otherwise the server answers VERIFICATION_CHOICE_REQUIRED (the link
  // not spent) and the page asks.
  useEffect(() => {
    if (!token || status === 'loading' || decided) return;
    let live = true;
    loadAuth()
      .then((auth) => checkLinkOnce(auth, token))
      .then(
        (result) => live && setView({ kind: 'done', result }),
        (error: unknown) => {
          if (!live) return;
          // Signed out, signed in as another account, or the session ended: ask instead.
          if (codeOf(error) === 'VERIFICATION_CHOICE_REQUIRED' || codeOf(error) === 'TOKEN_EXPIRED')
            setView({ kind: 'choose' });
          else fail(error);
        },
      );
    return () => {
      live = false;
    };
  }, [loadAuth, token, status, decided]);

  async function confirmWithPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!password) {
      setPasswordError('Enter the password this account was registered with.');
      return;
    }
    setBusy('password');
    setPasswordError(null);
    try {
      setView({ kind: 'done', result: await (await loadAuth()).confirmEmail(token, { password }) });
    } catch (error) {
      if (codeOf(error) === 'INVALID_CREDENTIALS')
        setPasswordError(errorMessageOf(error) ?? ACCOUNT_MESSAGES.wrongVerifyPassword);
      else fail(error);
    } finally {
      setBusy(null);
    }
  }

  async function notMine() {
    if (busy) return;
    setBusy('notMine');
    try {
      setView({
        kind: 'done',
        result: await (await loadAuth()).confirmEmail(token, { notMine: true }),
      });
    } catch (error) {
      fail(error);
    } finally {
      setBusy(null);
    }
  }

  /** A form that mails the typed address: `send` runs with it trimmed, a failure is toasted. */
  const mailForm = (
    submitLabel: string,
    send: (address: string) => Promise<void>,
    ariaLabel?: string,
  ) => (
    <form
      noValidate
      onSubmit={async (event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        if (busy || !email.trim()) return;
        setBusy('mail');
        await toastingFailure(() => send(email.trim()));
        setBusy(null);
      }}
      className="mt-5 flex flex-col gap-3"
      aria-busy={busy === 'mail'}
      aria-label={ariaLabel}
    >
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        placeholder="you@example.com"
        disabled={busy !== null}
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <Button type="submit" size="lg" className="w-full text-sm" disabled={busy !== null}>
        {busy === 'mail' ? 'Loading...' : submitLabel}
      </Button>
    </form>
  );

  const takenOver = view.kind === 'done' && view.result.outcome === 'taken_over';
  return (
    <AccountCard title="Verify your email">
      {view.kind === 'checking' ? (
        <p role="status" className="text-center text-sm text-muted">
          Checking your link…
        </p>
      ) : view.kind === 'choose' ? (
        <>
          <p className="text-sm leading-relaxed text-muted">
            Someone signed up for Codewright with this email address. If it was you, enter the
            password you chose: your email is verified and everything stays as it is.
          </p>
          <form
            noValidate
            onSubmit={confirmWithPassword}
            className="mt-5 flex flex-col gap-3"
            aria-busy={busy === 'password'}
            aria-label="Verify with your password"
          >
            <TextField
              label="Password"
              type="password"
              name="password"
              autoComplete="current-password"
              disabled={busy !== null}
              value={password}
              aria-invalid={passwordError ? true : undefined}
              aria-describedby={passwordError ? 'verify-password-error' : undefined}
              onChange={(e) => setPassword(e.target.value)}
            />
            {passwordError && (
              <p id="verify-password-error" role="alert" className="text-sm text-red-300">
                {passwordError}
              </p>
            )}
            <Button type="submit" size="lg" className="w-full text-sm" disabled={busy !== null}>
              {busy === 'password' ? 'Verifying…' : 'Verify my email'}
            </Button>
          </form>
          <div className="mt-6 border-t border-border-strong pt-5">
            <p className="text-sm leading-relaxed text-muted">
              Did not sign up? Then someone else registered your address. Claim the account: their
              password and sessions stop working, and the members, invitations and share links they
              set up are removed.
            </p>
            <Button
              size="lg"
              variant="outline"
              className="mt-3 w-full text-sm"
              disabled={busy !== null}
              onClick={() => void notMine()}
            >
              {busy === 'notMine' ? 'Claiming…' : 'I did not create this account'}
            </Button>
          </div>
        </>
      ) : view.kind === 'done' ? (
        <>
          <Outcome ok>{view.result.message}</Outcome>
          {view.result.removed && <RemovedNotice removed={view.result.removed} />}
          {takenOver &&
            // The password registered before the proof no longer works (DESIGN §3.16): the
            // reset flow, offered right here, lets the owner choose one.
            (resetSent ? (
              <p role="status" className="mt-5 text-center text-sm text-muted">
                {ACCOUNT_MESSAGES.resetSent}
              </p>
            ) : (
              mailForm(
                'Email me a link to choose a password',
                async (address) => {
                  await (await loadAuth()).requestPasswordReset(address);
                  setResetSent(true);
                },
                'Choose a password',
              )
            ))}
          {status !== 'signed-in' && (
            <Button
              size="lg"
              variant={takenOver ? 'outline' : undefined}
              className="mt-3 w-full text-sm"
              onClick={() => setSignInOpen(true)}
            >
              Sign in
            </Button>
          )}
        </>
      ) : (
        <>
          <Outcome ok={false}>{view.message}</Outcome>
          {mailForm('Send a new link', async (address) => {
            toast.success(await (await loadAuth()).resendVerificationEmail(address));
          })}
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
