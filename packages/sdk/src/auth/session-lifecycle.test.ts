// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '../types.ts';
import { createFakeAuthServer, json } from '../testing/fake-auth-server.ts';
import { clientFor, fireStorageEvent, visit } from '../testing/clients.ts';
import { DEFAULT_STORAGE_KEY } from './token-store.ts';

const EMAIL = 'ada@example.com';
const PASSWORD = 'password1';
const T0 = new Date('2025-06-01T12:00:00Z').getTime();
const stored = () => JSON.parse(localStorage.getItem(DEFAULT_STORAGE_KEY) ?? 'null');

let server: ReturnType<typeof createFakeAuthServer>;

/** A previous page load that signed in and left its tokens in localStorage. */
async function previousVisitSignedIn() {
  const tab = clientFor(server, { autoInitialize: false });
  const { session } = await tab.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
  tab.auth.dispose();
  return session;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  localStorage.clear();
  visit('/');
  server = createFakeAuthServer();
  server.addUser(EMAIL, PASSWORD);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('start-up from localStorage', () => {
  it('restores a stored session and confirms the user with /me', async () => {
    const session = await previousVisitSignedIn();
    const client = clientFor(server);
    expect(client.auth.getState()).toMatchObject({
      status: 'loading',
      isLoading: true,
      isAuthenticated: false,
    });
    const state = await client.auth.initialize();
    expect(state).toMatchObject({
      status: 'signed-in',
      isLoading: false,
      isAuthenticated: true,
      user: { email: EMAIL },
    });
    expect(state.session).toEqual(session);
    expect(server.callsTo('GET /api/auth/me')).toHaveLength(1);
    expect(server.callsTo('POST /api/auth/refresh')).toHaveLength(0);
  });

  it('stores the session with computed expiry times', async () => {
    const session = await previousVisitSignedIn();
    expect(stored()).toMatchObject({
      session,
      user: { email: EMAIL },
      accessExpiresAt: (session.issuedAt + 900 - 30) * 1000,
      refreshExpiresAt: (session.issuedAt + 2_592_000) * 1000,
    });
  });

  it('refreshes an expired access token and stores the rotated tokens', async () => {
    const old = await previousVisitSignedIn();
    vi.setSystemTime(T0 + (900 - 29) * 1000); // 29 s before the stated expiry: counts as expired
    const state = await clientFor(server).auth.initialize();
    expect(state.status).toBe('signed-in');
    expect(server.callsTo('POST /api/auth/refresh')[0]?.body).toEqual({
      refresh_token: old.refreshToken,
    });
    expect(state.session?.refreshToken).not.toBe(old.refreshToken);
    expect(stored().session).toEqual(state.session);
  });

  it('refreshes before any /me when the access token itself (JWT exp) has expired, whatever the entry says', async () => {
    await previousVisitSignedIn();
    const entry = stored();
    // A JWT that expired a minute ago, in an entry whose issuedAt still claims a fresh token
    // (a hand-off without issued_at, or an edited entry).
    const claims = btoa(JSON.stringify({ sub: 'u1', exp: T0 / 1000 - 60 }))
      .replace(/=+$/, '')
      .replace(/\+/g, '-')
      .replace(/\//g, '_');
    entry.session.accessToken = `eyJhbGciOiJIUzI1NiJ9.${claims}.signature`;
    localStorage.setItem(DEFAULT_STORAGE_KEY, JSON.stringify(entry));
    const state = await clientFor(server).auth.initialize();
    expect(state.status).toBe('signed-in');
    const authCalls = server.calls.filter((c) => c.path.startsWith('/api/auth/'));
    expect(authCalls.map((c) => `${c.method} ${c.path}`).slice(-1)).toEqual([
      'POST /api/auth/refresh',
    ]);
    expect(server.callsTo('GET /api/auth/me')).toHaveLength(0);
  });

  it('does not refresh 31 s before expiry', async () => {
    await previousVisitSignedIn();
    vi.setSystemTime(T0 + (900 - 31) * 1000);
    await clientFor(server).auth.initialize();
    expect(server.callsTo('POST /api/auth/refresh')).toHaveLength(0);
  });

  it('a failed refresh clears the tokens and signs out', async () => {
    await previousVisitSignedIn();
    vi.setSystemTime(T0 + 3600_000);
    server.override('POST /api/auth/refresh', () =>
      json(401, { error: { code: 'TOKEN_EXPIRED' } }),
    );
    const state = await clientFor(server).auth.initialize();
    expect(state).toMatchObject({
      status: 'signed-out',
      user: null,
      session: null,
      isAuthenticated: false,
    });
    expect(localStorage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
  });

  it('an expired refresh token signs out without asking the server', async () => {
    await previousVisitSignedIn();
    vi.setSystemTime(T0 + 2_592_000 * 1000);
    const state = await clientFor(server).auth.initialize();
    expect(state.status).toBe('signed-out');
    expect(server.callsTo('POST /api/auth/refresh')).toHaveLength(0);
    expect(localStorage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
  });

  it('a sign-out while start-up awaits /me is not undone by the late answer', async () => {
    await previousVisitSignedIn();
    let answer: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (answer = resolve));
    server.override('GET /api/auth/me', async () => {
      await slow;
      return undefined;
    });
    const client = clientFor(server);
    const starting = client.auth.initialize();
    await vi.waitFor(() => expect(server.callsTo('GET /api/auth/me')).toHaveLength(1));
    await client.auth.signOut();
    answer();
    expect((await starting).status).toBe('signed-out');
    expect(client.auth.getState().status).toBe('signed-out');
    expect(localStorage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
  });

  it('an unreadable stored entry counts as signed out', async () => {
    localStorage.setItem(DEFAULT_STORAGE_KEY, '{not json');
    expect((await clientFor(server).auth.initialize()).status).toBe('signed-out');
  });
});

describe('getAccessToken', () => {
  it('returns the current token while valid and null when signed out', async () => {
    const client = clientFor(server);
    expect(await client.auth.getAccessToken()).toBeNull();
    const { session } = await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    expect(await client.auth.getAccessToken()).toBe(session.accessToken);
  });

  it('shares one refresh between concurrent callers (rotation would revoke a second one)', async () => {
    const client = clientFor(server);
    const { session } = await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    vi.setSystemTime(T0 + 900_000);
    const tokens = await Promise.all([1, 2, 3, 4, 5].map(() => client.auth.getAccessToken()));
    expect(server.callsTo('POST /api/auth/refresh')).toHaveLength(1);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).not.toBe(session.accessToken);
    expect(client.auth.getState().status).toBe('signed-in');
    expect(server.isFamilyRevokedFor(session.refreshToken)).toBe(false);
  });

  it('a refresh answering after sign-out does not sign back in', async () => {
    const client = clientFor(server);
    await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    vi.setSystemTime(T0 + 900_000);
    let answer: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => (answer = resolve));
    server.override('POST /api/auth/refresh', async () => {
      await slow;
      return undefined;
    });
    server.override('POST /api/auth/signout', () => json(204)); // the refresh itself succeeds
    const token = client.auth.getAccessToken();
    await vi.waitFor(() => expect(server.callsTo('POST /api/auth/refresh')).toHaveLength(1));
    await client.auth.signOut();
    answer();
    expect(await token).toBeNull();
    expect(client.auth.getState().status).toBe('signed-out');
    expect(localStorage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
  });

  it('returns null and signs out when the refresh fails', async () => {
    const client = clientFor(server);
    await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    vi.setSystemTime(T0 + 900_000);
    server.override('POST /api/auth/refresh', () => 'throw');
    expect(await client.auth.getAccessToken()).toBeNull();
    expect(client.auth.getState().status).toBe('signed-out');
    expect(localStorage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
  });
});

describe('onAuthStateChange', () => {
  it('calls the listener at once and on every change, until unsubscribed', async () => {
    const client = clientFor(server);
    const seen: AuthState['status'][] = [];
    const unsubscribe = client.auth.onAuthStateChange((state) => seen.push(state.status));
    expect(seen).toEqual(['loading']);
    await client.auth.initialize();
    await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    await client.auth.signOut();
    unsubscribe();
    await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    expect(seen).toEqual(['loading', 'signed-out', 'signed-in', 'signed-out']);
  });
});

describe('cross-tab sync', () => {
  it('a sign-in, a refresh and a sign-out in another tab reach this tab', async () => {
    const here = clientFor(server);
    const other = clientFor(server, { autoInitialize: false });
    expect((await here.auth.initialize()).status).toBe('signed-out');

    await other.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    fireStorageEvent(DEFAULT_STORAGE_KEY);
    expect(here.auth.getState()).toMatchObject({ status: 'signed-in', user: { email: EMAIL } });

    vi.setSystemTime(T0 + 900_000);
    const rotated = await other.auth.getAccessToken();
    fireStorageEvent(DEFAULT_STORAGE_KEY);
    // This tab now uses the rotated set instead of refreshing the dead one.
    expect(await here.auth.getAccessToken()).toBe(rotated);
    expect(server.callsTo('POST /api/auth/refresh')).toHaveLength(1);

    await other.auth.signOut();
    fireStorageEvent(DEFAULT_STORAGE_KEY);
    expect(here.auth.getState()).toMatchObject({ status: 'signed-out', user: null });
  });

  it('ignores storage events for other keys', async () => {
    const here = clientFor(server);
    await here.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    localStorage.removeItem(DEFAULT_STORAGE_KEY);
    fireStorageEvent('something-else');
    expect(here.auth.getState().status).toBe('signed-in');
  });
});

describe('getCurrentUser and updateUser', () => {
  it('return the server user, or null when signed out', async () => {
    const client = clientFor(server);
    expect(await client.auth.getCurrentUser()).toBeNull();
    await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    const updated = await client.auth.updateUser({
      displayName: 'Ada',
      metadata: '{"theme":"dark"}',
    });
    expect(updated).toMatchObject({ displayName: 'Ada', metadata: '{"theme":"dark"}' });
    expect(client.auth.getState().user?.displayName).toBe('Ada');
    expect(await client.auth.getCurrentUser()).toMatchObject({ email: EMAIL, displayName: 'Ada' });
  });

  it('getCurrentUser gives up waiting for start-up after 5 s', async () => {
    vi.useFakeTimers();
    vi.setSystemTime(T0);
    await previousVisitSignedIn();
    server.override('GET /api/auth/me', () => new Promise(() => undefined)); // never answers
    const pending = clientFor(server).auth.getCurrentUser();
    await vi.advanceTimersByTimeAsync(4_999);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toBeNull();
  });

  it('updateUser without a session throws an AuthError and sends nothing', async () => {
    const client = clientFor(server);
    await expect(client.auth.updateUser({ displayName: 'x' })).rejects.toMatchObject({
      name: 'AuthError',
      code: 'TOKEN_EXPIRED',
    });
    expect(server.callsTo('PATCH /api/auth/me')).toHaveLength(0);
  });

  it('getProviders sends the project id', async () => {
    const providers = await clientFor(server, { projectId: 'codewright' }).auth.getProviders();
    expect(providers.map((p) => p.id)).toEqual(['email', 'google']);
    expect(server.callsTo('GET /api/auth/providers')[0]?.query.get('projectId')).toBe('codewright');
  });
});
