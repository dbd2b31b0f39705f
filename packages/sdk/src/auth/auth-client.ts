/**
 * The auth module (SPEC §4.1, §7.1): state, start-up, refresh, cross-tab sync.
 * (Over 300 lines: the public methods and the start-up, refresh, cross-tab sync and commit
 * internals share `epoch`, the single-flight refresh and the stored session, the invariants below;
 * the account flows are account-client.ts.)
 *
 * Invariants worth knowing before changing anything here:
 * - Refresh tokens rotate and a reused one revokes its whole family, so there
 *   is at most one refresh in flight per page (single-flight promise) and, where
 *   the Web Locks API exists, per browser (a lock plus a re-read of storage).
 * - `epoch` counts sign-ins, sign-outs and cross-tab adoptions. Slow work
 *   (start-up, a refresh) only commits its result when no such event happened
 *   meanwhile, so a late answer never resurrects a signed-out session.
 */
import { CURRENT_USER_WAIT_MS } from '@codewright/contract';
import { AuthError, type CodewrightError } from '../errors.ts';
import type {
  AuthClient,
  AuthState,
  AuthStateListener,
  Provider,
  RequestOptions,
  Session,
  SignInParams,
  SignUpParams,
  UpdateUserParams,
  User,
} from '../types.ts';
import type { AuthApi, IssuedSession } from './auth-api.ts';
import { findStartTokens, type StartTokens } from './start-sequence.ts';
import { isAccessTokenExpired, isRefreshTokenExpired } from './token-math.ts';
import type { StoredAuth, TokenStore } from './token-store.ts';
import {
  LOADING,
  requireCredentials,
  sameUser,
  stateOf,
  waitAtMost,
  withBrowserLock,
} from './auth-helpers.ts';

export interface AuthClientDeps {
  api: AuthApi;
  store: TokenStore;
  /** The browser window, or null outside a browser (no hand-offs, no cross-tab sync). */
  window: Window | null;
  trustedParentOrigins: readonly string[];
  /** Told when a start-up hand-off failed (expired magic link, OAuth error in the URL). */
  onStartError?: (error: CodewrightError) => void;
}

/** The account flows live in the subclass (account-client.ts). */
type AccountFlowMethod =
  | 'signInWithOAuth'
  | 'requestPasswordReset'
  | 'confirmPasswordReset'
  | 'changePassword'
  | 'verifyEmail'
  | 'confirmEmail'
  | 'resendVerificationEmail'
  | 'signInWithMagicLink'
  | 'takeStartError';

export class CodewrightAuthClient implements Omit<AuthClient, AccountFlowMethod> {
  private state: AuthState = LOADING;
  private session: Session | null = null;
  private clockSkewMs = 0;
  private epoch = 0;
  private readonly listeners = new Set<AuthStateListener>();
  private starting: Promise<AuthState> | null = null;
  private refreshing: Promise<Session | null> | null = null;

  constructor(protected readonly deps: AuthClientDeps) {
    deps.window?.addEventListener('storage', this.onStorage);
  }

  /** Stops listening to other tabs (tests, hot reload). */
  dispose(): void {
    this.deps.window?.removeEventListener('storage', this.onStorage);
    this.listeners.clear();
  }

  initialize(): Promise<AuthState> {
    return (this.starting ??= this.start());
  }

  getState(): AuthState {
    return this.state;
  }

  onAuthStateChange(listener: AuthStateListener): () => void {
    this.listeners.add(listener);
    listener(this.state);
    return () => void this.listeners.delete(listener);
  }

  async signUp(params: SignUpParams, options?: RequestOptions): Promise<User> {
    const email = requireCredentials(params?.email, params?.password);
    const body: { email: string; password: string; displayName?: string } = {
      email,
      password: params.password,
    };
    if (params.displayName !== undefined) body.displayName = params.displayName;
    return this.deps.api.signUp(body, options?.signal);
  }

  async signInWithPassword(
    params: SignInParams,
    options?: RequestOptions,
  ): Promise<{ user: User; session: Session }> {
    const email = requireCredentials(params?.email, params?.password);
    const issued = await this.deps.api.signIn(email, params.password, options?.signal);
    this.epoch++;
    this.adopt(issued, true);
    return { user: issued.user, session: issued.session };
  }

  async signOut(options?: RequestOptions): Promise<void> {
    const session = this.session ?? this.deps.store.read()?.session ?? null;
    this.epoch++;
    this.clearLocally();
    if (!session) return;
    try {
      await this.deps.api.signOut(session, options?.signal);
    } catch {
      // Best effort: the local tokens are gone whatever the server said.
    }
  }

  async getCurrentUser(options?: RequestOptions): Promise<User | null> {
    await waitAtMost(this.initialize(), CURRENT_USER_WAIT_MS);
    if (this.state.status !== 'signed-in') return null;
    const token = await this.getAccessToken();
    if (!token) return null;
    const epoch = this.epoch;
    try {
      const user = await this.deps.api.me(token, options?.signal);
      if (epoch === this.epoch && this.session?.accessToken === token) this.setUser(user);
      return user;
    } catch (error) {
      // A 401 here means the server no longer accepts this session.
      if (error instanceof AuthError && epoch === this.epoch) {
        this.clearLocally();
        return null;
      }
      throw error;
    }
  }

  async updateUser(params: UpdateUserParams, options?: RequestOptions): Promise<User> {
    const token = await this.getAccessToken();
    if (!token) throw new AuthError({ code: 'TOKEN_EXPIRED', status: null });
    const body: { displayName?: string | null; metadata?: string } = {};
    if (params.displayName !== undefined) body.displayName = params.displayName;
    if (params.metadata !== undefined) body.metadata = params.metadata;
    const user = await this.deps.api.updateMe(token, body, options?.signal);
    if (this.session?.accessToken === token) this.setUser(user);
    return user;
  }

  getProviders(options?: RequestOptions): Promise<Provider[]> {
    return this.deps.api.providers(options?.signal);
  }

  async getAccessToken(): Promise<string | null> {
    await this.initialize();
    const session = this.session;
    if (!session) return null;
    if (!isAccessTokenExpired(session, this.serverNow())) return session.accessToken;
    return (await this.refresh())?.accessToken ?? null;
  }

  // ——— internals ———

  private serverNow(): number {
    return Date.now() + this.clockSkewMs;
  }

  private async start(): Promise<AuthState> {
    const epoch = this.epoch;
    let found: StartTokens | null = null;
    try {
      found = await findStartTokens(this.deps);
    } catch {
      found = null;
    }
    if (epoch !== this.epoch) return this.state; // signed in or out meanwhile
    if (!found) {
      this.commit(null, null);
      return this.state;
    }
    this.session = found.session;
    this.clockSkewMs = found.clockSkewMs;
    await this.validate(found);
    return this.state;
  }

  /** SPEC §4.1 validation: refresh when expired, else confirm with /me. */
  private async validate(found: StartTokens): Promise<void> {
    const { session } = found;
    if (isAccessTokenExpired(session, this.serverNow())) {
      await this.refresh();
      return;
    }
    if (found.source === 'magic' && found.user) {
      this.adopt({ session, user: found.user, clockSkewMs: found.clockSkewMs }, true);
      return;
    }
    const epoch = this.epoch;
    try {
      const user = await this.deps.api.me(session.accessToken);
      if (epoch === this.epoch) this.adopt({ session, user, clockSkewMs: found.clockSkewMs }, true);
    } catch (error) {
      if (epoch !== this.epoch) return;
      if (error instanceof AuthError) {
        // Rejected before its stated expiry (revoked, or a guessed lifetime): try the refresh token.
        await this.refresh();
      } else if (found.user) {
        // Offline or server trouble: keep the stored session rather than sign out.
        this.adopt({ session, user: found.user, clockSkewMs: found.clockSkewMs }, true);
      } else {
        this.clearLocally();
      }
    }
  }

  /** Single-flight refresh; resolves the new session, or null after signing out locally. */
  private refresh(): Promise<Session | null> {
    this.refreshing ??= withBrowserLock(`${this.deps.store.key}:refresh`, () =>
      this.runRefresh(),
    ).finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }

  private async runRefresh(): Promise<Session | null> {
    const epoch = this.epoch;
    const current = this.session;
    if (!current) return null;
    // Another tab may have rotated the tokens while we waited for the lock.
    const stored = this.deps.store.read();
    if (stored && stored.session.refreshToken !== current.refreshToken && this.isUsable(stored)) {
      this.adoptStored(stored);
      return stored.session;
    }
    if (isRefreshTokenExpired(current, this.serverNow())) {
      this.clearLocally();
      return null;
    }
    try {
      const issued = await this.deps.api.refresh(current.refreshToken);
      if (epoch !== this.epoch) return this.session;
      this.adopt(issued, true);
      return issued.session;
    } catch {
      if (epoch !== this.epoch) return this.session;
      this.clearLocally();
      return null;
    }
  }

  private isUsable(stored: StoredAuth): boolean {
    return !isAccessTokenExpired(stored.session, Date.now() + stored.clockSkewMs);
  }

  /** Cross-tab sync: another tab wrote or removed the entry. */
  private readonly onStorage = (event: StorageEvent): void => {
    if (event.key !== null && event.key !== this.deps.store.key) return;
    const stored = this.deps.store.read();
    if (!stored) {
      if (this.session || this.state.status === 'loading') {
        this.epoch++;
        this.session = null;
        this.commit(null, null);
      }
      return;
    }
    const current = this.session;
    const sameTokens =
      current?.accessToken === stored.session.accessToken &&
      current.refreshToken === stored.session.refreshToken;
    if (sameTokens && (stored.user === null || sameUser(stored.user, this.state.user))) return;
    this.adoptStored(stored);
  };

  /** Takes a session issued by another sign-in route (magic link, OAuth code); for subclasses. */
  protected adoptIssued(issued: IssuedSession): void {
    this.epoch++;
    this.adopt(issued, true);
  }

  private adoptStored(stored: StoredAuth): void {
    this.epoch++;
    this.session = stored.session;
    this.clockSkewMs = stored.clockSkewMs;
    this.commit(stored.session, stored.user ?? this.state.user);
    if (!stored.user) void this.getCurrentUser().catch(() => undefined);
  }

  private adopt(issued: IssuedSession, persist: boolean): void {
    this.session = issued.session;
    this.clockSkewMs = issued.clockSkewMs;
    if (persist) this.deps.store.write(issued.session, issued.user, issued.clockSkewMs);
    this.commit(issued.session, issued.user);
  }

  private setUser(user: User): void {
    if (!this.session) return;
    this.deps.store.write(this.session, user, this.clockSkewMs);
    this.commit(this.session, user);
  }

  private clearLocally(): void {
    this.session = null;
    this.deps.store.clear();
    this.commit(null, null);
  }

  private commit(session: Session | null, user: User | null): void {
    const next = stateOf(session, session ? user : null);
    const prev = this.state;
    if (
      prev.status === next.status &&
      prev.session === next.session &&
      sameUser(prev.user, next.user)
    )
      return;
    this.state = next;
    for (const listener of [...this.listeners]) {
      try {
        listener(next);
      } catch (error) {
        console.error('[codewright] onAuthStateChange listener threw', error);
      }
    }
  }
}
