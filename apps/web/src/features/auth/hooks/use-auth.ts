import { createContext, useContext } from 'react';
import type { AuthClient, AuthState, AuthStatus, User } from '@codewright/sdk';

export interface AuthContextValue {
  /** The SDK's auth module; components call it for sign-in, sign-up, sign-out. */
  auth: AuthClient;
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
