/**
 * Public shapes of the SDK. The web app codes against these; the
 * implementation lives beside this file. camelCase here, snake_case on the wire.
 */
import type { PlanData, User } from '@codewright/contract';

export type { User, PlanData };

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

export interface ClientOptions {
  /** Origin of the API; '' (default) means same origin as the page. */
  baseUrl?: string;
  /** The app project id used in /api/{module}/{project}/… paths. */
  projectId: string;
  /** Injected fetch (tests, SSR); defaults to globalThis.fetch. */
  fetch?: typeof fetch;
  /** Token persistence; defaults to localStorage. */
  storage?: StorageLike;
  /** Storage key for the token set. */
  storageKey?: string;
  /** Run the start-up sequence of SPEC §4.1 on creation (default true in a browser). */
  autoInitialize?: boolean;
  /** Parent-frame origins whose token hand-off is accepted (default: this page's origin only). */
  trustedParentOrigins?: string[];
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

export interface RequestOptions {
  signal?: AbortSignal;
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
}

export interface CodewrightClient {
  readonly projectId: string;
  readonly auth: AuthClient;
}
