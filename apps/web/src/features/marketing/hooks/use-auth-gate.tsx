import { useState, type ReactNode } from 'react';
import { LazyAuthDialog, useAuth } from '../../auth/index.ts';

export interface AuthGate {
  /** True once the visitor is known to be signed in. */
  signedIn: boolean;
  /** True while the auth state is still loading. */
  loading: boolean;
  /**
   * Runs `action` when signed in; otherwise opens the sign-in dialog (SPEC §2.4, §6), which after
   * a sign-in goes to /generator (SPEC §2.10) carrying `state` — so a prefilled prompt survives.
   */
  run: (action: () => void, after?: { state?: unknown }) => void;
  /** The dialog element; render it once in the page. */
  dialog: ReactNode;
}

/** Signed-in-only actions of the marketing pages: act, or ask the visitor to sign in first. */
export function useAuthGate(): AuthGate {
  const { status, loadAuth } = useAuth();
  const [open, setOpen] = useState(false);
  const [redirectState, setRedirectState] = useState<unknown>(undefined);
  const signedIn = status === 'signed-in';
  return {
    signedIn,
    loading: status === 'loading',
    run: (action, after) => {
      const askToSignIn = () => {
        setRedirectState(after?.state);
        setOpen(true);
      };
      if (signedIn) action();
      else if (status !== 'loading') askToSignIn();
      else {
        // Asked while the auth state loads (the SDK arrives after a public page:
        // docs/decisions/045): wait for start-up, so a signed-in visitor is never asked to sign in.
        void loadAuth()
          .then((auth) => auth.initialize())
          .then((state) => (state.status === 'signed-in' ? action() : askToSignIn()), askToSignIn);
      }
    },
    dialog: <LazyAuthDialog open={open} onOpenChange={setOpen} redirectState={redirectState} />,
  };
}
