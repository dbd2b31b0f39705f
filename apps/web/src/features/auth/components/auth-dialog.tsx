/**
 * (Over 300 lines: the social, email and link views share the dialog's mode, view, busy state,
 * typed email and the focus that follows the view; the forms themselves are email-form.tsx and
 * email-link-form.tsx.)
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ArrowLeft, Mail } from 'lucide-react';
import { MESSAGES, POST_LOGIN_PATH_DIALOG } from '@codewright/contract';
import type { Provider } from '@codewright/sdk';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useAuth } from '../hooks/use-auth.ts';
import {
  errorMessageOf,
  signInWithSocial,
  socialProvidersOf,
  type SocialProviderId,
} from '../social-sign-in.ts';
import { EmailForm } from './email-form.tsx';
import { EmailLinkForm, LINK_INTROS, type LinkKind } from './email-link-form.tsx';
import { SocialIcon } from './social-icon.tsx';

export type AuthMode = 'signin' | 'signup';
type View = 'social' | 'email' | LinkKind;

export interface AuthDialogProps {
  open: boolean;
  /** The opener owns the open state (SPEC §2.10). */
  onOpenChange: (open: boolean) => void;
  /** Where to go after sign-in: /generator by default (SPEC §2.10), /dashboard from the header and /sign-in (SPEC §9). */
  redirectTo?: string;
  /** Navigation state to arrive with after sign-in (e.g. the prompt of "Try this prompt"). */
  redirectState?: unknown;
  initialMode?: AuthMode;
}

/** The sign-in / sign-up modal of SPEC §2.10 and §4.2. */
export function AuthDialog(props: AuthDialogProps) {
  // Mounted per opening, so every opening starts fresh in the mode the opener asked for.
  return props.open ? <OpenAuthDialog {...props} /> : null;
}

function OpenAuthDialog({
  onOpenChange,
  redirectTo,
  redirectState,
  initialMode = 'signin',
}: AuthDialogProps) {
  const [busy, setBusy] = useState(false);
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [view, setView] = useState<View>('social');
  const heading =
    view === 'reset'
      ? { title: 'Reset Password', description: LINK_INTROS.reset }
      : view === 'magic'
        ? { title: 'Sign In With Email', description: LINK_INTROS.magic }
        : mode === 'signin'
          ? { title: 'Welcome Back', description: 'Sign in to continue building with Codewright.' }
          : { title: 'Create Account', description: 'Start building with AI in seconds.' };

  return (
    <Dialog
      open
      onClose={() => {
        if (!busy) onOpenChange(false);
      }}
      closeDisabled={busy}
      title={heading.title}
      description={heading.description}
    >
      <AuthDialogBody
        view={view}
        setView={setView}
        mode={mode}
        setMode={setMode}
        busy={busy}
        setBusy={setBusy}
        onSignedIn={() => onOpenChange(false)}
        redirectTo={redirectTo ?? POST_LOGIN_PATH_DIALOG}
        redirectState={redirectState}
      />
    </Dialog>
  );
}

const providerCache = new WeakMap<object, Promise<Provider[]>>();

interface BodyProps {
  view: View;
  setView: (view: View) => void;
  mode: AuthMode;
  setMode: (mode: AuthMode) => void;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onSignedIn: () => void;
  redirectTo: string;
  redirectState: unknown;
}

function AuthDialogBody(props: BodyProps) {
  const { view, setView, mode, setMode, busy, setBusy, onSignedIn, redirectTo, redirectState } =
    props;
  const goOn = () => navigate(redirectTo, { state: redirectState });
  const { auth, loadAuth } = useAuth();
  const navigate = useNavigate();
  // null until the server has said which social providers it offers.
  const [providers, setProviders] = useState<Provider[] | null>(null);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const emailRef = useRef<HTMLInputElement>(null);
  const emailButtonRef = useRef<HTMLButtonElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const focusPasswordAfterBusy = useRef(false);
  const firstRender = useRef(true);

  useEffect(() => {
    let live = true;
    void loadAuth()
      .then((client) => {
        let cached = providerCache.get(client);
        if (!cached) {
          cached = client.getProviders().catch(() => []);
          providerCache.set(client, cached);
        }
        return cached;
      })
      // The SDK's chunk failed to load: the email form still works once it does.
      .catch((): Provider[] => [])
      .then((list) => live && setProviders(list));
    return () => {
      live = false;
    };
  }, [loadAuth]);

  // Move focus with the view so keyboard users are never left on a removed button.
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (view === 'email') emailRef.current?.focus();
    else if (view === 'social') emailButtonRef.current?.focus();
  }, [view]);

  // After sign-up the password field is enabled again once the request is over: focus it there.
  useEffect(() => {
    if (busy || !focusPasswordAfterBusy.current) return;
    focusPasswordAfterBusy.current = false;
    passwordRef.current?.focus();
  }, [busy]);

  const social = socialProvidersOf(providers ?? []);
  // No social sign-in configured: the social step would only hold "Continue with Email", so the
  // dialog opens on the email form.
  const noSocial = providers !== null && social.length === 0;
  useEffect(() => {
    if (noSocial && view === 'social') setView('email');
  }, [noSocial, view, setView]);

  async function onSocial(id: SocialProviderId, failure: string) {
    setBusy(true);
    try {
      // Loaded by now (the dialog asked for it): the popup opens within the click, unblocked.
      await signInWithSocial(auth ?? (await loadAuth()), id);
      await goOn();
      onSignedIn();
    } catch (error) {
      toast.error(errorMessageOf(error) ?? failure);
    } finally {
      setBusy(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const trimmedEmail = email.trim();
    if (!trimmedEmail || !password) {
      toast.error(MESSAGES.enterEmailAndPassword);
      return;
    }
    setBusy(true);
    try {
      const client = auth ?? (await loadAuth());
      if (mode === 'signup') {
        await client.signUp({ email: trimmedEmail, password });
        toast.success(MESSAGES.accountCreated);
        // The email stays in the form; the password is typed again to sign in.
        setPassword('');
        setMode('signin');
        focusPasswordAfterBusy.current = true;
      } else {
        await client.signInWithPassword({ email: trimmedEmail, password });
        // Navigate before closing so the opener's own "signed in" redirect never races this one.
        await goOn();
        onSignedIn();
      }
    } catch (error) {
      toast.error(errorMessageOf(error) ?? MESSAGES.authFailed);
    } finally {
      setBusy(false);
    }
  }

  if (view === 'reset' || view === 'magic') {
    return (
      <EmailLinkForm
        kind={view}
        initialEmail={email}
        busy={busy}
        setBusy={setBusy}
        onBack={() => setView('email')}
      />
    );
  }

  if (view === 'social') {
    // Until the providers are known, hold the space instead of flashing a step that may vanish.
    if (providers === null || noSocial) return <div className="min-h-24" aria-busy="true" />;
    return (
      <div className="flex flex-col gap-3">
        {social.map((p) => (
          <Button
            key={p.id}
            variant="outline"
            size="lg"
            className="w-full text-sm"
            disabled={busy}
            onClick={() => void onSocial(p.id, p.failure)}
          >
            <SocialIcon provider={p.id} />
            {p.label}
          </Button>
        ))}
        {social.length > 0 ? (
          <div
            className="my-1 flex items-center gap-3 text-xs tracking-wider text-subtle uppercase"
            role="separator"
          >
            <span className="h-px flex-1 bg-border-strong" aria-hidden="true" />
            Or
            <span className="h-px flex-1 bg-border-strong" aria-hidden="true" />
          </div>
        ) : null}
        <Button
          ref={emailButtonRef}
          variant={social.length > 0 ? 'outline' : 'primary'}
          size="lg"
          className="w-full text-sm"
          disabled={busy}
          onClick={() => setView('email')}
        >
          <Mail className="size-4" aria-hidden="true" />
          Continue with Email
        </Button>
      </div>
    );
  }

  return (
    <EmailForm busy={busy} onSubmit={onSubmit} email={email} setEmail={setEmail} ref={emailRef}>
      <TextField
        ref={passwordRef}
        label="Password"
        type="password"
        name="password"
        autoComplete={mode === 'signin' ? 'current-password' : 'new-password'}
        placeholder={mode === 'signin' ? 'Your password' : 'At least 8 characters'}
        required
        disabled={busy}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {mode === 'signin' ? (
        <button
          type="button"
          disabled={busy}
          onClick={() => setView('reset')}
          className="-mt-2 self-end rounded-md text-xs font-medium text-accent-hover transition-colors hover:text-fg disabled:opacity-50"
        >
          Forgot password?
        </button>
      ) : null}
      <Button type="submit" size="lg" className="mt-1 w-full text-sm" disabled={busy}>
        {busy ? 'Loading...' : mode === 'signin' ? 'Sign In' : 'Sign Up'}
      </Button>
      {mode === 'signin' ? (
        <Button
          type="button"
          variant="outline"
          size="lg"
          className="w-full text-sm"
          disabled={busy}
          onClick={() => setView('magic')}
        >
          <Mail className="size-4" aria-hidden="true" />
          Email me a sign-in link
        </Button>
      ) : null}
      <div className="mt-1 flex flex-col items-center gap-2.5 text-sm">
        {noSocial ? null : (
          <button
            type="button"
            disabled={busy}
            onClick={() => setView('social')}
            className="inline-flex items-center gap-1.5 rounded-md text-muted transition-colors hover:text-fg disabled:opacity-50"
          >
            <ArrowLeft className="size-3.5" aria-hidden="true" />
            Back to other options
          </button>
        )}
        <button
          type="button"
          disabled={busy}
          onClick={() => setMode(mode === 'signin' ? 'signup' : 'signin')}
          className="rounded-md text-muted transition-colors hover:text-fg disabled:opacity-50"
        >
          {mode === 'signin' ? "Don't have an account? " : 'Already have an account? '}
          <span className="font-medium text-accent-hover">
            {mode === 'signin' ? 'Sign up' : 'Sign in'}
          </span>
        </button>
      </div>
    </EmailForm>
  );
}
