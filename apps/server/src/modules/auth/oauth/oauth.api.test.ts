import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse } from '@codewright/contract';
import {
  type MockOAuthProvider,
  startGitHubMock,
  startGoogleMock,
} from '../../../../../../e2e/fixtures/oauth-providers.ts';
import { users } from '../../../db/schema.ts';
import { errorOf, post } from '../../../test/account-helpers.ts';
import { getMe, newSession, signIn, uniqueEmail } from '../../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

const APP = 'http://app.codewright.test';
let google: MockOAuthProvider;
let github: MockOAuthProvider;
let t: TestApp;

beforeAll(async () => {
  google = await startGoogleMock();
  github = await startGitHubMock();
  t = await createTestApp({ PUBLIC_URL: APP, ...google.env, ...github.env });
});
afterAll(async () => {
  await t?.close();
  await google?.close();
  await github?.close();
});

function start(provider: string, query: Record<string, string>) {
  const params = new URLSearchParams({
    redirect_url: `${APP}/generator`,
    state: 'client-state-123',
    ...query,
  });
  return t.app.inject({ method: 'GET', url: `/api/auth/oauth/${provider}/start?${params}` });
}

/** Start → the real mock provider → our callback (with the flow cookie), as a browser would. */
async function runFlow(
  provider: 'google' | 'github',
  query: Record<string, string> = {},
  tamper?: (u: URL) => void,
) {
  const started = await start(provider, query);
  expect(started.statusCode, started.body).toBe(302);
  const cookie = String(started.headers['set-cookie']).split(';')[0]!;
  const atProvider = await fetch(String(started.headers.location), { redirect: 'manual' });
  expect(atProvider.status).toBe(302);
  const back = new URL(atProvider.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(`${APP}/api/auth/oauth/${provider}/callback`);
  tamper?.(back);
  return t.app.inject({ method: 'GET', url: back.pathname + back.search, headers: { cookie } });
}

function dataOf(html: string, name: string): string | undefined {
  const match = new RegExp(`data-${name}="([^"]*)"`).exec(html);
  return match?.[1]?.replaceAll('&amp;', '&');
}

async function exchange(code: string) {
  return post(t.app, '/api/auth/magic/verify', { token: code });
}

describe('providers', () => {
  it('lists Google and GitHub only when configured', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/providers?projectId=codewright',
    });
    expect(res.json().providers.map((p: { id: string }) => p.id)).toEqual([
      'email',
      'google',
      'github',
    ]);
    const bare = await createTestApp({ GOOGLE_CLIENT_ID: 'only-an-id' });
    try {
      const list = await bare.app.inject({ method: 'GET', url: '/api/auth/providers' });
      expect(list.json().providers).toEqual([{ id: 'email', name: 'Email' }]);
      expect(
        (
          await bare.app.inject({
            method: 'GET',
            url: '/api/auth/oauth/google/start?redirect_url=x&state=abcdefgh',
          })
        ).statusCode,
      ).toBe(404);
    } finally {
      await bare.close();
    }
  });
});

describe('Google (OIDC) popup flow', () => {
  it('creates a verified account and posts a one-time code to the app origin', async () => {
    const email = uniqueEmail('google');
    google.setProfile({ email, emailVerified: true, name: 'Grace' });
    const res = await runFlow('google', { project_id: 'codewright' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script>(?!<\/script>)/); // no inline script, only src=
    expect(res.body).toContain('<script src="/api/auth/oauth/callback.js"></script>');
    expect(dataOf(res.body, 'origin')).toBe(APP);
    expect(dataOf(res.body, 'state')).toBe('client-state-123');
    expect(dataOf(res.body, 'project-id')).toBe('codewright');
    const code = dataOf(res.body, 'code')!;
    expect(String(res.headers['set-cookie'])).toMatch(/Max-Age=0/);

    const signedIn = await exchange(code);
    expect(signedIn.statusCode).toBe(200);
    const session = signedIn.json<SessionResponse>();
    expect(session.user).toMatchObject({ email, displayName: 'Grace' });
    expect((await getMe(t.app, session.access_token)).statusCode).toBe(200);
    expect(errorOf(await exchange(code)).code).toBe('VERIFICATION_FAILED');
  });

  it('redirect mode hands the code to the app URL as magic_token', async () => {
    google.setProfile({ email: uniqueEmail('redir'), emailVerified: true });
    const res = await runFlow('google', { mode: 'redirect' });
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location));
    expect(to.origin + to.pathname).toBe(`${APP}/generator`);
    expect((await exchange(to.searchParams.get('magic_token')!)).statusCode).toBe(200);
  });

  it('refuses a provider account whose email is not verified', async () => {
    const email = uniqueEmail('unverified');
    google.setProfile({ email, emailVerified: false });
    const res = await runFlow('google');
    expect(dataOf(res.body, 'code')).toBeUndefined();
    expect(dataOf(res.body, 'error-code')).toBe('EMAIL_NOT_VERIFIED');
    expect(dataOf(res.body, 'error-message')).toMatch(/not verified/);
  });

  it('links to an existing verified account by email', async () => {
    const { email, password, session } = await newSession(t.app);
    const me = (await getMe(t.app, session.access_token)).json();
    await t.app.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, me.id));
    google.setProfile({ email: email.toUpperCase(), emailVerified: true });
    const res = await runFlow('google');
    const linked = (await exchange(dataOf(res.body, 'code')!)).json<SessionResponse>();
    expect(linked.user.id).toBe(me.id);
    // A verified account keeps its password and sessions.
    expect((await signIn(t.app, { email, password })).statusCode).toBe(200);
    expect((await getMe(t.app, session.access_token)).statusCode).toBe(200);
  });

  it('takes over an unverified account safely: its password and sessions are dropped', async () => {
    const { email, password, session } = await newSession(t.app);
    const me = (await getMe(t.app, session.access_token)).json();
    google.setProfile({ email, emailVerified: true });
    const res = await runFlow('google');
    const linked = (await exchange(dataOf(res.body, 'code')!)).json<SessionResponse>();
    expect(linked.user.id).toBe(me.id);
    expect((await getMe(t.app, session.access_token)).statusCode).toBe(401);
    const again = await signIn(t.app, { email, password });
    expect(again.statusCode).toBe(401);
    expect(again.json<{ error: { code: string } }>().error.code).toBe('PASSWORD_RESET_REQUIRED');
  });
});

describe('OAuth safety', () => {
  it('refuses a callback whose state does not match', async () => {
    google.setProfile({ email: uniqueEmail('csrf'), emailVerified: true });
    const res = await runFlow('google', {}, (u) => u.searchParams.set('state', 'forged-state'));
    expect(dataOf(res.body, 'code')).toBeUndefined();
    expect(dataOf(res.body, 'error-code')).toBe('VERIFICATION_FAILED');
  });

  it('refuses a callback without the flow cookie, or with a forged one', async () => {
    const none = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oauth/google/callback?code=x&state=y',
    });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).code).toBe('REDIRECT_FAILED');
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/oauth/google/callback?code=x&state=y',
      headers: { cookie: 'cw_oauth=eyJwcm92aWRlciI6Imdvb2dsZSJ9.AAAA' },
    });
    expect(forged.statusCode).toBe(400);
  });

  it.each([
    'https://evil.example/generator',
    '//evil.example/x',
    'javascript:alert(1)',
    `${APP}.evil.example/`,
    `http://user@app.codewright.test.evil.example/`,
    '/relative/only',
  ])('refuses redirect_url %s (no open redirect)', async (redirect) => {
    const res = await start('google', { redirect_url: redirect });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('REDIRECT_FAILED');
    expect(res.headers.location).toBeUndefined();
  });

  it('refuses another project id and a short state', async () => {
    expect((await start('google', { project_id: 'someone-else' })).statusCode).toBe(404);
    expect((await start('google', { state: 'abc' })).statusCode).toBe(400);
  });

  it('serves the callback script as JavaScript', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/oauth/callback.js' });
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toContain('postMessage(msg, d.origin)');
  });
});

describe('GitHub flow', () => {
  it('signs in with the primary verified email (PKCE and client secret checked by the mock)', async () => {
    const email = uniqueEmail('gh');
    github.setProfile({ email, emailVerified: true, name: 'Octo Cat' });
    const res = await runFlow('github');
    const session = (await exchange(dataOf(res.body, 'code')!)).json<SessionResponse>();
    expect(session.user).toMatchObject({ email, displayName: 'Octo Cat' });
  });

  it('refuses an unverified GitHub email', async () => {
    github.setProfile({ email: uniqueEmail('ghu'), emailVerified: false });
    const res = await runFlow('github');
    expect(dataOf(res.body, 'error-code')).toBe('EMAIL_NOT_VERIFIED');
  });
});

describe('hosted /auth page', () => {
  it('forwards to the start route with the same parameters', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth?project_id=codewright&provider=github&state=abcdefgh12&mode=popup&redirect_url=${encodeURIComponent(`${APP}/dashboard`)}`,
    });
    expect(res.statusCode).toBe(302);
    const to = new URL(String(res.headers.location), APP);
    expect(to.pathname).toBe('/api/auth/oauth/github/start');
    expect(to.searchParams.get('state')).toBe('abcdefgh12');
  });

  it('without a provider, sends the visitor to /sign-in with a same-site redirect only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/auth?redirect_url=${encodeURIComponent(`${APP}/dashboard`)}`,
    });
    expect(res.headers.location).toBe('/sign-in?redirect=%2Fdashboard');
    const evil = await t.app.inject({
      method: 'GET',
      url: '/auth?redirect_url=https%3A%2F%2Fevil.example%2F',
    });
    expect(evil.headers.location).toBe('/sign-in');
  });
});
