/** Public shapes of the auth client (auth-client.ts). */
import type { User, VerifyEmailResponse } from '@codewright/contract';
import type { CodewrightError } from '../errors.ts';
import type { RequestOptions } from '../request-options.ts';

/** Tokens as the SDK keeps them (SPEC §3 token set, camelCased). */
export interface Session {
  accessToken: string;
  refreshToken: string;
  tokenType: 'Bearer';
  expiresIn: number;
  refreshExpiresIn: number;
  /** Unix seconds when the server issued the set. */
  issuedAt: number;
}

/** Overall status for redirects (SPEC §4.1). */
export type AuthStatus = 'loading' | 'signed-out' | 'signed-in';

export interface AuthState {
  user: User | null;
  session: Session | null;
  isAuthenticated: boolean;
  isLoading: boolean;
  status: AuthStatus;
}

export type AuthStateListener = (state: AuthState) => void;

/** Minimal Storage the SDK needs; defaults to window.localStorage (memory when absent). */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface SignUpParams {
  email: string;
  password: string;
  displayName?: string;
}

export interface SignInParams {
  email: string;
  password: string;
}

export interface UpdateUserParams {
  displayName?: string | null;
  /** JSON string; the server ignores any planData inside it. */
  metadata?: string;
}

export interface Provider {
  id: string;
  name: string;
}

/** The auth module (SPEC §7.1, §4.1). Methods throw CodewrightError subclasses. */
export interface AuthClient {
  /** Runs the SPEC §4.1 start sequence once; later calls return the same promise. */
  initialize(): Promise<AuthState>;
  getState(): AuthState;
  /** Calls `listener` now with the current state and on every change; returns an unsubscribe. */
  onAuthStateChange(listener: AuthStateListener): () => void;
  /** Creates an account; does not sign in (SPEC §4.2). */
  signUp(params: SignUpParams, options?: RequestOptions): Promise<User>;
  signInWithPassword(
    params: SignInParams,
    options?: RequestOptions,
  ): Promise<{ user: User; session: Session }>;
  /** Revokes the session on the server (best effort) and clears local tokens. */
  signOut(options?: RequestOptions): Promise<void>;
  /** The signed-in user from the server, or null; waits at most 5 s for start-up. */
  getCurrentUser(options?: RequestOptions): Promise<User | null>;
  updateUser(params: UpdateUserParams, options?: RequestOptions): Promise<User>;
  getProviders(options?: RequestOptions): Promise<Provider[]>;
  /** A valid access token (refreshed when within 30 s of expiry), or null when signed out. */
  getAccessToken(): Promise<string | null>;
  // ——— account flows (docs/decisions/006); see auth/account-client.ts ———
  /** Google or GitHub sign-in in a popup; full-page redirect when popups are blocked. */
  signInWithOAuth(params: {
    provider: string;
    redirectUrl?: string;
  }): Promise<{ user: User; session: Session }>;
  /** Mails a password reset link; the answer is the same whether or not the account exists. */
  requestPasswordReset(email: string, options?: RequestOptions): Promise<string>;
  confirmPasswordReset(
    params: { token: string; password: string },
    options?: RequestOptions,
  ): Promise<string>;
  changePassword(
    params: { oldPassword: string; newPassword: string },
    options?: RequestOptions,
  ): Promise<string>;
  verifyEmail(token: string, options?: RequestOptions): Promise<string>;
  /** The verify link with a proof of who registered the account, or `notMine` (DESIGN §3.16). */
  confirmEmail(
    token: string,
    proof?: { password?: string; notMine?: boolean },
    options?: RequestOptions,
  ): Promise<VerifyEmailResponse>;
  resendVerificationEmail(email?: string, options?: RequestOptions): Promise<string>;
  /** Mails a one-time sign-in link. */
  signInWithMagicLink(email: string, options?: RequestOptions): Promise<string>;
  /** The error of a failed start-up hand-off (expired magic link, OAuth failure in the URL), once. */
  takeStartError(): CodewrightError | null;
}
