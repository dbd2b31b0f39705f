import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { User } from '@codewright/sdk';
import { useAuth } from '../hooks/use-auth.ts';

interface RequireAuthProps {
  /** Shown while the auth state loads (SPEC §2.11, §2.12). */
  fallback: ReactNode;
  children: (user: User) => ReactNode;
}

/** Guard for signed-in screens: loading → fallback, signed out → /sign-in?redirect=<here>. */
export function RequireAuth({ fallback, children }: RequireAuthProps) {
  const { auth, state } = useAuth();
  const location = useLocation();

  // The SDK is the source of truth; React state can trail it by one render right after sign-in.
  const live = state.status === 'signed-in' || !auth ? state : auth.getState();

  if (live.status === 'signed-in' && live.user) return <>{children(live.user)}</>;
  if (live.status === 'loading') return <>{fallback}</>;

  const here = `${location.pathname}${location.search}`;
  return <Navigate to={`/sign-in?redirect=${encodeURIComponent(here)}`} replace />;
}
