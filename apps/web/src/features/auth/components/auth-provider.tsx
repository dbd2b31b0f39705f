import { useCallback, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { LOADING_AUTH_STATE, type AuthClient } from '@codewright/sdk';
import { AuthContext, type AuthContextValue } from '../hooks/use-auth.ts';

/** Subscribes once to the SDK's auth state (SPEC §7.1 "subscribe to auth state") and shares it. */
export function AuthProvider({ auth, children }: { auth: AuthClient; children: ReactNode }) {
  const subscribe = useCallback((onChange: () => void) => auth.onAuthStateChange(onChange), [auth]);
  // Over prerendered HTML (scripts/prerender.mjs) the first render must match the build-time one,
  // which knew no visitor: "loading". React then re-renders with the SDK's real state.
  const getState = useCallback(() => auth.getState(), [auth]);
  const state = useSyncExternalStore(subscribe, getState, () => LOADING_AUTH_STATE);

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
