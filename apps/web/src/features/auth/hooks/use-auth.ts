import { createContext, useContext } from 'react';
import type { AuthClient, AuthState, AuthStatus, User } from '@codewright/sdk';

export interface AuthContextValue {
  /**
   * The SDK's auth module once it has loaded, else null (docs/decisions/045): code that acts
   * (sign-in, sign-up, sign-out) calls `loadAuth()`, which loads it when needed.
   */
  auth: AuthClient | null;
  /** Resolves with the SDK's auth module, loading it first when needed. */
  loadAuth: () => Promise<AuthClient>;
  state: AuthState;
  user: User | null;
  status: AuthStatus;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

/** Current auth state and the auth client; must be used under <AuthProvider>. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
