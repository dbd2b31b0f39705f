import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import {
  ACCOUNT_MESSAGES,
  MESSAGES,
  PASSWORD_MIN_LENGTH,
  POST_LOGIN_PATH_DIALOG,
} from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { AccountCard, Outcome } from '../components/account-card.tsx';
import { AuthDialog } from '../components/auth-dialog.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import { errorMessageOf } from '../social-sign-in.ts';

/** /reset-password?token=… from the reset mail: choose a new password, then sign in. */
export function ResetPasswordPage() {
  useDocumentTitle('Reset Password');
  const { loadAuth } = useAuth();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [signInOpen, setSignInOpen] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (password.length < PASSWORD_MIN_LENGTH) {
      toast.error(`Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`);
      return;
    }
    if (password !== confirm) {
      toast.error(ACCOUNT_MESSAGES.passwordsDontMatch);
      return;
    }
    setBusy(true);
    try {
      const message = await (await loadAuth()).confirmPasswordReset({ token, password });
      setResult({ ok: true, message });
      toast.success(message);
    } catch (error) {
      const message = errorMessageOf(error) ?? MESSAGES.authFailed;
      // A weak password can be fixed here; a dead link cannot.
      if ((error as { code?: string }).code === 'WEAK_PASSWORD') toast.error(message);
      else setResult({ ok: false, message });
    } finally {
      setBusy(false);
    }
  }

  const signIn = (
    <Button size="lg" className="mt-5 w-full text-sm" onClick={() => setSignInOpen(true)}>
      {result?.ok ? 'Sign in' : 'Request a new link'}
    </Button>
  );

  return (
    <AccountCard title="Choose a new password">
      {!token ? (
        <>
          <Outcome ok={false}>{ACCOUNT_MESSAGES.missingToken}</Outcome>
          {signIn}
        </>
      ) : result ? (
        <>
          <Outcome ok={result.ok}>
            <p>{result.message}</p>
            {!result.ok ? (
              <p className="mt-1 text-muted">
                Open the sign-in dialog and use “Forgot password?” to get a fresh link.
              </p>
            ) : null}
          </Outcome>
          {signIn}
        </>
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-busy={busy}>
          <p className="text-center text-sm leading-relaxed text-muted">
            Pick a password of at least {PASSWORD_MIN_LENGTH} characters. Every device signed in to
            your account will be signed out.
          </p>
          {[
            {
              label: 'New password',
              name: 'new-password',
              placeholder: `At least ${PASSWORD_MIN_LENGTH} characters`,
              autoFocus: true,
              value: password,
              set: setPassword,
            },
            {
              label: 'Confirm new password',
              name: 'confirm-password',
              value: confirm,
              set: setConfirm,
            },
          ].map(({ set, ...field }) => (
            <TextField
              key={field.name}
              {...field}
              type="password"
              autoComplete="new-password"
              required
              disabled={busy}
              onChange={(e) => set(e.target.value)}
            />
          ))}
          <Button type="submit" size="lg" className="mt-1 w-full text-sm" disabled={busy}>
            {busy ? 'Loading...' : 'Set new password'}
          </Button>
        </form>
      )}
      <AuthDialog
        open={signInOpen}
        onOpenChange={setSignInOpen}
        redirectTo={POST_LOGIN_PATH_DIALOG}
      />
    </AccountCard>
  );
}
