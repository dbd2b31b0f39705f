import { describe, expect, it } from 'vitest';
import type { SessionInfo, SessionResponse } from '@codewright/contract';
import { getMe, newSession, refresh, signIn, signOut } from '../../test/auth-helpers.ts';
import { useTestApp } from '../../test/test-app.ts';
import { call } from '../workspaces/workspace-test-helpers.ts';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const t = useTestApp();

function listSessions(token: string, userAgent = CHROME_LINUX) {
  return t.app.inject({
    method: 'GET',
    url: '/api/auth/sessions',
    headers: { authorization: `Bearer ${token}`, 'user-agent': userAgent },
  });
}

/** A user signed in on several devices: the token sets, oldest first. */
async function userWithSessions(count: number) {
  const first = await newSession(t.app);
  const sessions: SessionResponse[] = [first.session];
  for (let i = 1; i < count; i += 1) {
    const res = await signIn(t.app, { email: first.email, password: first.password });
    sessions.push(res.json<SessionResponse>());
  }
  return { email: first.email, sessions };
}

/** Both tokens of a session are refused the way a signed-out session's are. */
async function expectSignedOut(session: SessionResponse) {
  const me = await getMe(t.app, session.access_token);
  expect(me.statusCode).toBe(401);
  expect(me.json().error.code).toBe('TOKEN_EXPIRED');
  const again = await refresh(t.app, session.refresh_token);
  expect(again.statusCode).toBe(401);
  expect(again.json().error.code).toBe('TOKEN_EXPIRED');
}

describe('GET /api/auth/sessions', () => {
  it('lists the live sessions with the current one marked and its device named', async () => {
    const { email, sessions } = await userWithSessions(2);
    // A third session opened from a phone: its device is kept from the sign-in.
    const phone = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signin/email',
      headers: { 'user-agent': IPHONE_SAFARI },
      payload: { email, password: 'correct horse' },
    });
    expect(phone.statusCode).toBe(200);
    const res = await listSessions(sessions[0]!.access_token);
    expect(res.statusCode).toBe(200);
    const list = res.json<{ sessions: SessionInfo[] }>().sessions;
    expect(list).toHaveLength(3);
    const current = list.find((s) => s.current)!;
    expect(current.device).toBe('Chrome on Linux');
    const others = list.filter((s) => !s.current).map((s) => s.device);
    // The injected sign-ins send no browser's user agent: nothing is made up for them.
    expect(others.sort()).toEqual(['Safari on iOS (mobile)', null].sort());
    for (const s of list) {
      expect(Date.parse(s.createdAt)).not.toBeNaN();
      expect(Date.parse(s.lastActiveAt)).toBeGreaterThanOrEqual(Date.parse(s.createdAt));
    }
  });

  it('leaves out signed-out sessions and answers 401 without a token', async () => {
    const { sessions } = await userWithSessions(2);
    await signOut(t.app, sessions[1]!.access_token);
    const list = (await listSessions(sessions[0]!.access_token)).json<{
      sessions: SessionInfo[];
    }>().sessions;
    expect(list.map((s) => s.current)).toEqual([true]);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/auth/sessions' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('DELETE /api/auth/sessions/:id', () => {
  it("signs out another of the caller's sessions: its access and refresh tokens are refused at once", async () => {
    const { sessions } = await userWithSessions(2);
    const [mine, theirs] = [sessions[0]!, sessions[1]!];
    // The other session is in the principal cache (docs/decisions/003) before it is revoked.
    expect((await getMe(t.app, theirs.access_token)).statusCode).toBe(200);
    const list = (await listSessions(mine.access_token)).json<{ sessions: SessionInfo[] }>();
    const target = list.sessions.find((s) => !s.current)!;

    const res = await call(t.app, 'DELETE', `/api/auth/sessions/${target.id}`, mine.access_token);
    expect(res.statusCode).toBe(204);
    await expectSignedOut(theirs);
    expect((await getMe(t.app, mine.access_token)).statusCode).toBe(200);
    const after = (await listSessions(mine.access_token)).json<{ sessions: SessionInfo[] }>();
    expect(after.sessions.map((s) => s.id)).not.toContain(target.id);
  });

  it("answers 404 for another user's session and leaves it signed in", async () => {
    const alice = await userWithSessions(1);
    const bob = await userWithSessions(1);
    const bobs = (await listSessions(bob.sessions[0]!.access_token)).json<{
      sessions: SessionInfo[];
    }>().sessions[0]!;
    const res = await call(
      t.app,
      'DELETE',
      `/api/auth/sessions/${bobs.id}`,
      alice.sessions[0]!.access_token,
    );
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/session/i),
    });
    expect((await getMe(t.app, bob.sessions[0]!.access_token)).statusCode).toBe(200);
    expect((await refresh(t.app, bob.sessions[0]!.refresh_token)).statusCode).toBe(200);
  });

  it('answers 404 for an id that is no session', async () => {
    const { sessions } = await userWithSessions(1);
    const res = await call(
      t.app,
      'DELETE',
      '/api/auth/sessions/ses_nope',
      sessions[0]!.access_token,
    );
    expect(res.statusCode).toBe(404);
  });
});

describe('POST /api/auth/sessions/revoke-others', () => {
  it('signs out every other session and keeps the current one', async () => {
    const { sessions } = await userWithSessions(3);
    const [mine, ...others] = sessions;
    for (const other of others) await getMe(t.app, other.access_token);
    const res = await call(t.app, 'POST', '/api/auth/sessions/revoke-others', mine!.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ revoked: 2 });
    for (const other of others) await expectSignedOut(other);
    expect((await getMe(t.app, mine!.access_token)).statusCode).toBe(200);
    const list = (await listSessions(mine!.access_token)).json<{ sessions: SessionInfo[] }>();
    expect(list.sessions).toHaveLength(1);
  });
});

describe('GET /api/auth/account', () => {
  it('reports the email, that it is not verified yet, and that the account has a password', async () => {
    const { email, sessions } = await userWithSessions(1);
    const res = await call(t.app, 'GET', '/api/auth/account', sessions[0]!.access_token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ email, emailVerified: false, hasPassword: true });
  });
});
