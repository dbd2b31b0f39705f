import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';
import { LOADING_AUTH_STATE, type AuthClient, type AuthState } from '@codewright/sdk';
import { isHydrating } from '../../../hydration.ts';
import { AuthContext, type AuthContextValue } from '../hooks/use-auth.ts';

/** Subscribes once to the SDK's auth state (SPEC §7.1 "subscribe to auth state") and shares it. */
export function AuthProvider({ auth, children }: { auth: AuthClient; children: ReactNode }) {
  // Over prerendered HTML the first render must match the build-time one, which knew no visitor.
  const [state, setState] = useState<AuthState>(() =>
    isHydrating() ? LOADING_AUTH_STATE : auth.getState(),
  );

  useEffect(() => {
    // The SDK's state replaces the build-time one as a transition (see hydration.ts); later
    // changes (sign-in, sign-out) apply at once.
    const current = auth.getState();
    startTransition(() => setState(current));
    return auth.onAuthStateChange(() => setState(auth.getState()));
  }, [auth]);

  useEffect(() => {
    // Start-up is idempotent in the SDK; calling it here covers autoInitialize=false.
    auth
      .initialize()
      .then(() => {
        // An expired magic link or a failed social sign-in that came back in the URL.
        const problem = auth.takeStartError();
        // sonner loads lazily (app.tsx); only this rare path needs it here.
        if (problem) void import('sonner').then(({ toast }) => toast.error(problem.message));
      })
      .catch((error: unknown) => {
        console.error('Auth start-up failed', error);
      });
  }, [auth]);

  const value = useMemo<AuthContextValue>(
    () => ({ auth, state, user: state.user, status: state.status }),
    [auth, state],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
