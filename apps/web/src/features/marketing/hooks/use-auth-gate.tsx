import { useState, type ReactNode } from 'react';
import { useAuth } from '../../auth/hooks/use-auth.ts';
import { LazyAuthDialog } from '../components/lazy-auth-dialog.tsx';

export interface AuthGate {
  /** True once the visitor is known to be signed in. */
  signedIn: boolean;
  /** True while the auth state is still loading. */
  loading: boolean;
  /** Runs `action` when signed in; otherwise opens the sign-in dialog (SPEC §2.4, §6). */
  run: (action: () => void) => void;
  /** The dialog element; render it once in the page. */
  dialog: ReactNode;
}

/** Signed-in-only actions of the marketing pages: act, or ask the visitor to sign in first. */
export function useAuthGate(): AuthGate {
  const { status } = useAuth();
  const [open, setOpen] = useState(false);
  const signedIn = status === 'signed-in';
  return {
    signedIn,
    loading: status === 'loading',
    run: (action) => {
      if (signedIn) action();
      else setOpen(true);
    },
    dialog: <LazyAuthDialog open={open} onOpenChange={setOpen} />,
  };
}
