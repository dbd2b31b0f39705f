// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_STORAGE_KEY } from './token-store.ts';
import { readUrlHandoff, stripAuthParams } from './url-handoff.ts';
import { createFakeAuthServer, json } from '../testing/fake-auth-server.ts';
import { clientFor, visit } from '../testing/clients.ts';

const here = () => window.location.pathname + window.location.search + window.location.hash;
const stored = () => JSON.parse(localStorage.getItem(DEFAULT_STORAGE_KEY) ?? 'null');

describe('URL hand-off (pure)', () => {
  it('reads access_token/refresh_token, token as an access token, and magic_token', () => {
    expect(
      readUrlHandoff('https://a.test/?access_token=A&refresh_token=R&expires_in=60')?.tokens,
    ).toMatchObject({
      accessToken: 'A',
      refreshToken: 'R',
      expiresIn: 60,
    });
    expect(readUrlHandoff('https://a.test/?token=T')?.tokens?.accessToken).toBe('T');
    expect(readUrlHandoff('https://a.test/?magic_token=M')).toEqual({
      tokens: null,
      magicToken: 'M',
    });
    expect(readUrlHandoff('https://a.test/?tab=1')).toBeNull();
  });

  it('strips only the auth params, keeping the others and the hash', () => {
    expect(stripAuthParams('https://a.test/p?a=1&access_token=A&refresh_token=R&b=2#h')).toBe(
      '/p?a=1&b=2#h',
    );
    expect(stripAuthParams('https://a.test/p?token=T')).toBe('/p');
    expect(stripAuthParams('https://a.test/p?a=1')).toBeNull();
  });
});

describe('URL hand-off on start', () => {
  let server: ReturnType<typeof createFakeAuthServer>;
  beforeEach(() => {
    localStorage.clear();
    server = createFakeAuthServer();
    server.addUser('ada@example.com', 'password1');
  });

  it('signs in from access_token + refresh_token, then removes them from the URL', async () => {
    const set = server.issueFor('ada@example.com');
    visit(
      `/generator?tab=code&access_token=${set.access_token}&refresh_token=${set.refresh_token}#editor`,
    );
    const state = await clientFor(server).auth.initialize();
    expect(state).toMatchObject({
      status: 'signed-in',
      isAuthenticated: true,
      user: { email: 'ada@example.com' },
    });
    expect(state.session).toMatchObject({
      accessToken: set.access_token,
      refreshToken: set.refresh_token,
    });
    expect(here()).toBe('/generator?tab=code#editor');
    expect(server.callsTo('GET /api/auth/me')[0]?.authorization).toBe(`Bearer ${set.access_token}`);
    expect(stored().session.accessToken).toBe(set.access_token);
  });

  it('treats `token` as an access token', async () => {
    const set = server.issueFor('ada@example.com');
    visit(`/dashboard?token=${set.access_token}`);
    const state = await clientFor(server).auth.initialize();
    expect(state.status).toBe('signed-in');
    expect(state.session?.accessToken).toBe(set.access_token);
    expect(here()).toBe('/dashboard');
  });

  it('refreshes at once when only a refresh_token is handed over', async () => {
    const set = server.issueFor('ada@example.com');
    visit(`/?refresh_token=${set.refresh_token}`);
    const state = await clientFor(server).auth.initialize();
    expect(state.status).toBe('signed-in');
    expect(state.session?.refreshToken).not.toBe(set.refresh_token);
    expect(server.callsTo('POST /api/auth/refresh')).toHaveLength(1);
    expect(here()).toBe('/');
  });

  it('takes the URL before localStorage', async () => {
    server.addUser('bob@example.com', 'password2');
    await clientFor(server, { autoInitialize: false }).auth.signInWithPassword({
      email: 'bob@example.com',
      password: 'password2',
    });
    const set = server.issueFor('ada@example.com');
    visit(`/?access_token=${set.access_token}&refresh_token=${set.refresh_token}`);
    const state = await clientFor(server).auth.initialize();
    expect(state.user?.email).toBe('ada@example.com');
    expect(stored().user.email).toBe('ada@example.com');
  });

  it('exchanges magic_token through POST /magic/verify', async () => {
    server.override('POST /api/auth/magic/verify', () =>
      json(200, server.issueFor('ada@example.com')),
    );
    visit('/generator?magic_token=M1&x=1');
    const state = await clientFor(server).auth.initialize();
    expect(server.callsTo('POST /api/auth/magic/verify')[0]?.body).toEqual({ token: 'M1' });
    expect(state).toMatchObject({ status: 'signed-in', user: { email: 'ada@example.com' } });
    expect(here()).toBe('/generator?x=1');
  });

  it('a magic_token the server does not know (404) leaves the user signed out', async () => {
    visit('/generator?magic_token=nope');
    const state = await clientFor(server).auth.initialize();
    expect(server.callsTo('POST /api/auth/magic/verify')).toHaveLength(1);
    expect(state).toMatchObject({
      status: 'signed-out',
      isAuthenticated: false,
      isLoading: false,
      user: null,
    });
    expect(here()).toBe('/generator');
  });

  it('an access token the server rejects and no refresh token → signed out, nothing stored', async () => {
    visit('/?access_token=forged');
    const state = await clientFor(server).auth.initialize();
    expect(state.status).toBe('signed-out');
    expect(localStorage.getItem(DEFAULT_STORAGE_KEY)).toBeNull();
    expect(here()).toBe('/');
  });

  it('a sign-in made while start-up is still exchanging a magic link wins', async () => {
    server.addUser('eve@example.com', 'password2');
    let answer: (value: ReturnType<typeof json>) => void = () => undefined;
    server.override(
      'POST /api/auth/magic/verify',
      () => new Promise((resolve) => (answer = resolve)),
    );
    visit('/?magic_token=slow');
    const client = clientFor(server);
    await client.auth.signInWithPassword({ email: 'ada@example.com', password: 'password1' });
    answer(json(200, server.issueFor('eve@example.com')));
    const state = await client.auth.initialize();
    expect(state.user?.email).toBe('ada@example.com');
    expect(stored().user.email).toBe('ada@example.com');
  });
});

describe('URL hand-off on the mailed-token pages', () => {
  it('leaves `token` alone on /reset-password and /verify-email (it is the page’s one-time token)', () => {
    expect(readUrlHandoff('https://a.test/reset-password?token=R')).toBeNull();
    expect(readUrlHandoff('https://a.test/verify-email/?token=V')).toBeNull();
    expect(stripAuthParams('https://a.test/reset-password?token=R')).toBeNull();
    // Other auth params are still taken and removed there; `token` stays.
    expect(stripAuthParams('https://a.test/verify-email?token=V&access_token=A')).toBe(
      '/verify-email?token=V',
    );
    // Elsewhere `token` is still an access token (SPEC §4.1).
    expect(readUrlHandoff('https://a.test/reset-passwords?token=T')?.tokens?.accessToken).toBe('T');
  });

  it('keeps the token in the address bar of the reset page after start-up', async () => {
    localStorage.clear();
    const server = createFakeAuthServer();
    visit('/reset-password?token=mailed-reset-token');
    const state = await clientFor(server).auth.initialize();
    expect(state.status).toBe('signed-out');
    expect(window.location.pathname + window.location.search).toBe(
      '/reset-password?token=mailed-reset-token',
    );
  });

  it('reports a failed magic link and an auth_error from the URL through takeStartError', async () => {
    localStorage.clear();
    const server = createFakeAuthServer();
    server.override('POST /api/auth/magic/verify', () =>
      json(400, {
        error: { code: 'MAGIC_LINK_EXPIRED', message: 'This sign-in link has expired.' },
      }),
    );
    visit('/generator?magic_token=old');
    const client = clientFor(server);
    await client.auth.initialize();
    expect(client.auth.takeStartError()).toMatchObject({ code: 'MAGIC_LINK_EXPIRED' });
    expect(client.auth.takeStartError()).toBeNull();
    expect(window.location.search).toBe('');

    visit('/generator?auth_error=POPUP_CANCELED');
    const second = clientFor(server);
    await second.auth.initialize();
    expect(second.auth.takeStartError()).toMatchObject({ code: 'POPUP_CANCELED' });
    expect(window.location.search).toBe('');
  });
});
