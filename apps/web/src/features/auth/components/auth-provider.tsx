import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import {
  LOADING_AUTH_STATE,
  SIGNED_OUT_AUTH_STATE,
  type AuthClient,
  type AuthState,
} from '@codewright/sdk';
import { isHydrating } from '../../../hydration.ts';
import { AuthContext, type AuthContextValue } from '../hooks/use-auth.ts';

/** Where the SDK's auth client comes from: it is fetched lazily (docs/decisions/045). */
export interface AuthSource {
  /** Resolves once the client is loaded, whoever asked for it; never starts the load. */
  loaded: Promise<AuthClient>;
  /** Loads it now (a sign-in, a sign-out) and resolves with it. */
  load(): Promise<AuthClient>;
  /** False when start-up cannot find a session: the visitor is signed out until they sign in. */
  mayBeSignedIn(): boolean;
}

/** Subscribes once to the SDK's auth state (SPEC §7.1 "subscribe to auth state") and shares it. */
export function AuthProvider({ source, children }: { source: AuthSource; children: ReactNode }) {
  const [auth, setAuth] = useState<AuthClient | null>(null);
  // Over prerendered HTML the first render must match the build-time one, which knew no visitor.
  // Otherwise a visitor without a session is signed out at once, before the SDK has loaded.
  const [state, setState] = useState<AuthState>(() =>
    isHydrating() || source.mayBeSignedIn() ? LOADING_AUTH_STATE : SIGNED_OUT_AUTH_STATE,
  );

  useEffect(() => {
    let live = true;
    void source.loaded.then((client) => live && setAuth(client));
    // After hydration, the build-time "loading" gives way to what is known without the SDK.
    if (!source.mayBeSignedIn()) startTransition(() => setState(SIGNED_OUT_AUTH_STATE));
    return () => {
      live = false;
    };
  }, [source]);

  useEffect(() => {
    if (!auth) return;
    // The SDK's state replaces the build-time one as a transition (see hydration.ts); later
    // changes (sign-in, sign-out) apply at once.
    const current = auth.getState();
    startTransition(() => setState(current));
    return auth.onAuthStateChange(() => setState(auth.getState()));
  }, [auth]);

  useEffect(() => {
    if (!auth) return;
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

  const loadAuth = useCallback(() => source.load(), [source]);
  const value = useMemo<AuthContextValue>(
    () => ({ auth, loadAuth, state, user: state.user, status: state.status }),
    [auth, loadAuth, state],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
