// Session cases the real server cannot play: cross-tab storage events (a browser-like window),
// answers that are slow, never come or fail to arrive, and decisions the SDK takes without
// asking the server. Start-up, refresh and rotation, sign-out, onAuthStateChange and the user
// calls against a working server are in apps/server/src/modules/auth/auth.sdk.api.test.ts.
// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeAuthServer, json } from '../testing/fake-auth-server.ts';
import { clientFor, fireStorageEvent, visit } from '../testing/clients.ts';
import { DEFAULT_STORAGE_KEY } from './token-store.ts';

const EMAIL = 'ada@example.com';
const PASSWORD = 'password1';
const T0 = new Date('2025-06-01T12:00:00Z').getTime();

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

  it('returns null and signs out when the refresh cannot reach the server', async () => {
    const client = clientFor(server);
    await client.auth.signInWithPassword({ email: EMAIL, password: PASSWORD });
    vi.setSystemTime(T0 + 900_000);
    server.override('POST /api/auth/refresh', () => 'throw');
    expect(await client.auth.getAccessToken()).toBeNull();
    expect(client.auth.getState().status).toBe('signed-out');
    expect(localStorage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
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

describe('getCurrentUser, updateUser and getProviders', () => {
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
