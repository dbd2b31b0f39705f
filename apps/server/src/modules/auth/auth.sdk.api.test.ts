// The SDK's auth module against the real buildApp() over HTTP (CONVENTIONS §12): what the SDK
// used to test against its own fake server (packages/sdk/src/testing/fake-auth-server.ts). The
// one kind of server file allowed to import the SDK: *.sdk.api.test.ts (eslint.config.js).
// (Over 300 lines: the SDK's whole auth module against one real app, sharing the memory storage and
// frozen clock below; sessions come from test/auth-helpers.ts.)
//
// Time: server and SDK run in this one process, so faking Date (vi.useFakeTimers) moves both
// clocks together — the access token's JWT exp, the SDK's expiry check and the refresh token's
// expiry all see the same time, as they would on real machines with synced clocks.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS, AUTH_ERROR_MESSAGES } from '@codewright/contract';
import {
  AuthError,
  createClient,
  DEFAULT_STORAGE_KEY,
  type CodewrightClientInternals,
  type Session,
} from '@codewright/sdk';
import { useTestApp } from '../../test/test-app.ts';
import { getMe, newSession, refresh, uniqueEmail } from '../../test/auth-helpers.ts';
import { memoryStorage } from '../../test/sdk-client.ts';

// One OAuth provider configured, so getProviders has more than email to list.
const t = useTestApp({ GOOGLE_CLIENT_ID: 'cid', GOOGLE_CLIENT_SECRET: 'secret' }, { listen: true });

const created: CodewrightClientInternals[] = [];
afterEach(() => {
  for (const client of created.splice(0)) client.auth.dispose();
  vi.useRealTimers();
});

type MemoryStorage = ReturnType<typeof memoryStorage>;
const stored = (storage: MemoryStorage) =>
  JSON.parse(storage.getItem(DEFAULT_STORAGE_KEY) ?? 'null') as {
    session: Session;
    user: { email: string };
    accessExpiresAt: number;
    refreshExpiresAt: number;
    clockSkewMs: number;
  } | null;

function client(storage: MemoryStorage = memoryStorage()): CodewrightClientInternals {
  const c = createClient({
    projectId: 'codewright',
    baseUrl: t.baseUrl,
    storage,
    autoInitialize: false,
  });
  created.push(c);
  return c;
}

/** POST /api/auth/refresh as any API client would send it. */
const refreshWith = (refreshToken: string) => refresh(t.app, refreshToken);

/** A previous page load that signed in and left its tokens in `storage`. */
async function previousVisitSignedIn(storage: MemoryStorage) {
  const { email, password } = await newSession(t.app);
  const tab = client(storage);
  const { session } = await tab.auth.signInWithPassword({ email, password });
  tab.auth.dispose();
  return { email, password, session };
}

/** Fakes Date only (timers, sockets and the database stay real), starting now. */
function freezeClock(): number {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(now);
  return now;
}

describe('signUp', () => {
  it('creates the account but does not sign in', async () => {
    const email = uniqueEmail('sdk');
    const c = client();
    expect((await c.auth.initialize()).status).toBe('signed-out');
    const user = await c.auth.signUp({
      email: ` ${email} `,
      password: 'longpassword',
      displayName: 'New',
    });
    expect(user).toMatchObject({ email, displayName: 'New' });
    expect(c.auth.getState()).toMatchObject({
      status: 'signed-out',
      isAuthenticated: false,
      session: null,
      user: null,
    });
    expect(await c.auth.getAccessToken()).toBeNull();
    // The account exists: its password signs in.
    const { user: signedIn } = await c.auth.signInWithPassword({
      email,
      password: 'longpassword',
    });
    expect(signedIn).toMatchObject({ id: user.id, displayName: 'New' });
  });

  it('reports an existing email with its §8.1 code and text', async () => {
    const { email } = await newSession(t.app);
    const error = await client()
      .auth.signUp({ email, password: 'whatever1' })
      .catch((e: unknown) => e);
    // A 409: SPEC §8.1 puts it in the NetworkError class; the code and text are the contract's.
    expect(error).toMatchObject({
      status: 409,
      code: 'EMAIL_ALREADY_EXISTS',
      message: AUTH_ERROR_MESSAGES.EMAIL_ALREADY_EXISTS,
    });
  });
});

describe('signInWithPassword', () => {
  it('signs in and keeps the session, with its expiry times, in the given storage', async () => {
    const { email, password } = await newSession(t.app);
    const storage = memoryStorage();
    const c = client(storage);
    const { user, session } = await c.auth.signInWithPassword({ email, password });
    expect(user.email).toBe(email);
    expect(c.auth.getState()).toMatchObject({
      status: 'signed-in',
      isAuthenticated: true,
      user,
      session,
    });
    // Expiry in this client's clock: the server's issued_at corrected by the measured skew.
    const entry = stored(storage)!;
    expect(entry).toMatchObject({ session, user: { email } });
    // One clock: issued_at is the server's time in whole seconds (up to 1 s behind) and the
    // answer took a moment to arrive, so the skew read is a little under zero, never above.
    expect(entry.clockSkewMs).toBeLessThanOrEqual(0);
    expect(entry.clockSkewMs).toBeGreaterThan(-3000);
    expect(entry.accessExpiresAt).toBe(
      (session.issuedAt + ACCESS_TOKEN_TTL_SECONDS - 30) * 1000 - entry.clockSkewMs,
    );
    expect(entry.refreshExpiresAt).toBe(
      (session.issuedAt + session.refreshExpiresIn) * 1000 - entry.clockSkewMs,
    );
    expect(await c.auth.getAccessToken()).toBe(session.accessToken);
    // The server knows this session: its access token reads the user.
    expect((await getMe(t.app, session.accessToken)).json()).toMatchObject({ email });
  });

  it('wrong password: AuthError INVALID_CREDENTIALS, still signed out', async () => {
    const { email } = await newSession(t.app);
    const storage = memoryStorage();
    const c = client(storage);
    const error = await c.auth
      .signInWithPassword({ email, password: 'not the password' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AuthError);
    expect(error).toMatchObject({
      code: 'INVALID_CREDENTIALS',
      message: AUTH_ERROR_MESSAGES.INVALID_CREDENTIALS,
    });
    expect((await c.auth.initialize()).status).toBe('signed-out');
    expect(storage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
  });
});

describe('signOut', () => {
  it('revokes the session on the server and clears locally', async () => {
    const { email, password } = await newSession(t.app);
    const storage = memoryStorage();
    const c = client(storage);
    const { session } = await c.auth.signInWithPassword({ email, password });
    await c.auth.signOut();
    expect(c.auth.getState()).toMatchObject({ status: 'signed-out', session: null, user: null });
    expect(storage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
    expect(await c.auth.getAccessToken()).toBeNull();

    // The old refresh token no longer works, and the still-unexpired access token is refused.
    const refresh = await refreshWith(session.refreshToken);
    expect(refresh.statusCode).toBe(401);
    expect(refresh.json()).toMatchObject({ error: { code: 'TOKEN_EXPIRED' } });
    const me = await getMe(t.app, session.accessToken);
    expect(me.statusCode).toBe(401);
  });
});

describe('start-up from stored session', () => {
  it('restores a stored session and confirms the user with /me, without refreshing', async () => {
    const storage = memoryStorage();
    const { email, session } = await previousVisitSignedIn(storage);
    const c = client(storage);
    expect(c.auth.getState()).toMatchObject({ status: 'loading', isLoading: true });
    const state = await c.auth.initialize();
    expect(state).toMatchObject({
      status: 'signed-in',
      isLoading: false,
      isAuthenticated: true,
      user: { email },
    });
    // Same tokens: no refresh happened, and the stored refresh token still rotates once.
    expect(state.session).toEqual(session);
    expect((await refreshWith(session.refreshToken)).statusCode).toBe(200);
  });

  it('a stored session the server revoked: start-up signs out and clears storage', async () => {
    const storage = memoryStorage();
    const { email, password, session } = await previousVisitSignedIn(storage);
    // Another device signs this session out (the account's "sign out everywhere").
    const other = client();
    await other.auth.signInWithPassword({ email, password });
    expect(await other.account.revokeOtherSessions()).toBeGreaterThanOrEqual(1);
    expect((await getMe(t.app, session.accessToken)).statusCode).toBe(401);

    const state = await client(storage).auth.initialize();
    expect(state).toMatchObject({ status: 'signed-out', user: null, session: null });
    expect(storage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
  });

  it('refreshes an access token 29 s before its expiry and stores the rotated set', async () => {
    const t0 = freezeClock();
    const storage = memoryStorage();
    const { email, session: old } = await previousVisitSignedIn(storage);
    vi.setSystemTime(t0 + (ACCESS_TOKEN_TTL_SECONDS - 29) * 1000);
    const state = await client(storage).auth.initialize();
    expect(state).toMatchObject({ status: 'signed-in', user: { email } });
    expect(state.session?.accessToken).not.toBe(old.accessToken);
    expect(state.session?.refreshToken).not.toBe(old.refreshToken);
    expect(stored(storage)?.session).toEqual(state.session);
    expect((await getMe(t.app, state.session!.accessToken)).json()).toMatchObject({ email });
    // Rotation: the old refresh token was used up.
    expect((await refreshWith(old.refreshToken)).statusCode).toBe(401);
  });

  it('keeps the stored tokens 31 s before expiry', async () => {
    const t0 = freezeClock();
    const storage = memoryStorage();
    const { session } = await previousVisitSignedIn(storage);
    vi.setSystemTime(t0 + (ACCESS_TOKEN_TTL_SECONDS - 31) * 1000);
    const state = await client(storage).auth.initialize();
    expect(state.status).toBe('signed-in');
    expect(state.session).toEqual(session);
  });

  it('refreshes when the JWT itself has expired, whatever the stored entry claims', async () => {
    const t0 = freezeClock();
    const storage = memoryStorage();
    const { email, session } = await previousVisitSignedIn(storage);
    vi.setSystemTime(t0 + (ACCESS_TOKEN_TTL_SECONDS + 60) * 1000);
    expect((await getMe(t.app, session.accessToken)).json()).toMatchObject({
      error: { code: 'TOKEN_EXPIRED' },
    });
    // An entry whose issuedAt still claims a fresh token (edited, or a hand-off without issued_at).
    const entry = stored(storage)!;
    entry.session.issuedAt = Math.floor(Date.now() / 1000);
    storage.setItem(DEFAULT_STORAGE_KEY, JSON.stringify(entry));

    const state = await client(storage).auth.initialize();
    expect(state).toMatchObject({ status: 'signed-in', user: { email } });
    expect(state.session?.refreshToken).not.toBe(session.refreshToken);
  });
});

describe('getAccessToken and refresh', () => {
  it('concurrent callers share one refresh (a second would reuse the token and end the session)', async () => {
    const t0 = freezeClock();
    const { email, password } = await newSession(t.app);
    const c = client();
    // Started up first, so the five calls meet at the refresh itself, not at a shared start-up.
    expect((await c.auth.initialize()).status).toBe('signed-out');
    const { session } = await c.auth.signInWithPassword({ email, password });
    vi.setSystemTime(t0 + ACCESS_TOKEN_TTL_SECONDS * 1000);
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => c.auth.getAccessToken()));
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(session.accessToken);
    expect(c.auth.getState().status).toBe('signed-in');
    // Had two refreshes sent the same token, the server would have revoked the family.
    expect((await getMe(t.app, tokens[0]!)).json()).toMatchObject({ email });
    expect((await refreshWith(c.auth.getState().session!.refreshToken)).statusCode).toBe(200);
  });

  it('reuse of a rotated refresh token revokes the family; the SDK then signs out', async () => {
    const t0 = freezeClock();
    const { email, password } = await newSession(t.app);
    const storage = memoryStorage();
    const c = client(storage);
    const { session: first } = await c.auth.signInWithPassword({ email, password });
    vi.setSystemTime(t0 + ACCESS_TOKEN_TTL_SECONDS * 1000);
    const rotated = await c.auth.getAccessToken();
    expect(rotated).not.toBe(first.accessToken);

    // Someone replays the first, already rotated, refresh token.
    const replay = await refreshWith(first.refreshToken);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ error: { code: 'TOKEN_EXPIRED' } });

    // The whole family is gone: the rotated set fails at its next refresh too.
    vi.setSystemTime(t0 + 2 * ACCESS_TOKEN_TTL_SECONDS * 1000);
    expect(await c.auth.getAccessToken()).toBeNull();
    expect(c.auth.getState()).toMatchObject({ status: 'signed-out', user: null, session: null });
    expect(storage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
  });
});

describe('onAuthStateChange', () => {
  it('calls the listener at once and on every change, until unsubscribed', async () => {
    const { email, password } = await newSession(t.app);
    const c = client();
    const seen: string[] = [];
    const unsubscribe = c.auth.onAuthStateChange((state) => seen.push(state.status));
    expect(seen).toEqual(['loading']);
    await c.auth.initialize();
    await c.auth.signInWithPassword({ email, password });
    await c.auth.signOut();
    unsubscribe();
    await c.auth.signInWithPassword({ email, password });
    expect(seen).toEqual(['loading', 'signed-out', 'signed-in', 'signed-out']);
  });
});

describe('getCurrentUser, updateUser, getProviders', () => {
  it('read and change the server user, or give null when signed out', async () => {
    const { email, password } = await newSession(t.app);
    const c = client();
    expect(await c.auth.getCurrentUser()).toBeNull();
    const { session } = await c.auth.signInWithPassword({ email, password });
    const updated = await c.auth.updateUser({
      displayName: 'Ada',
      metadata: '{"theme":"dark"}',
    });
    expect(updated).toMatchObject({ email, displayName: 'Ada' });
    // The server adds its own planData next to what the client sent.
    expect(JSON.parse(updated.metadata)).toMatchObject({ theme: 'dark' });
    expect(c.auth.getState().user?.displayName).toBe('Ada');
    expect(await c.auth.getCurrentUser()).toMatchObject({ email, displayName: 'Ada' });
    // Stored on the server, not only in the client.
    const me = (await getMe(t.app, session.accessToken)).json<{ metadata: string }>();
    expect(me).toMatchObject({ displayName: 'Ada' });
    expect(JSON.parse(me.metadata)).toMatchObject({ theme: 'dark' });
  });

  it('getProviders lists the configured providers', async () => {
    const providers = await client().auth.getProviders();
    expect(providers.map((p) => p.id)).toEqual(['email', 'google']);
  });
});
