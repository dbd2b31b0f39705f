import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse, User } from '@codewright/contract';
import { startSmtpSink, type SmtpSink } from '../../../../../e2e/fixtures/smtp-sink.ts';
import { magicLinkSignIn, post, tokenOf } from '../../test/account-helpers.ts';
import { getMe, refresh, signIn, signUp, uniqueEmail } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// An ADMIN_EMAILS address is an admin only once verified, and every answer that
// carries the user reports the same role (docs/operations.md "Admins").
let sink: SmtpSink;
let t: TestApp;
const boss = uniqueEmail('boss');
const magicBoss = uniqueEmail('magic-boss');
const password = 'correct horse';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: sink.url,
    ADMIN_EMAILS: `${boss}, ${magicBoss.toUpperCase()}`,
  });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** Every answer that carries the user, for one session: me, PATCH me, refresh. */
/** The same role in each answer `rolesSeenBy` reads. */
const seenEverywhereAs = (role: string) => ({ signIn: role, me: role, patch: role, refresh: role });

async function rolesSeenBy(session: SessionResponse) {
  const me = await getMe(t.app, session.access_token);
  const patched = await t.app.inject({
    method: 'PATCH',
    url: '/api/auth/me',
    headers: auth(session.access_token),
    payload: { displayName: 'Boss' },
  });
  const refreshed = await refresh(t.app, session.refresh_token);
  expect([me.statusCode, patched.statusCode, refreshed.statusCode]).toEqual([200, 200, 200]);
  return {
    signIn: session.user.role,
    me: me.json<User>().role,
    patch: patched.json<User>().role,
    refresh: refreshed.json<SessionResponse>().user.role,
  };
}

function adminSql(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/db/codewright/sql',
    headers: auth(token),
    payload: { query: 'select 1 as one' },
  });
}

async function signInAs(email: string): Promise<SessionResponse> {
  const res = await signIn(t.app, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SessionResponse>();
}

describe('the admin role of an ADMIN_EMAILS address', () => {
  it('is not given to an unverified sign-up of that address, and is given once it is verified', async () => {
    // A squatter signs up the listed address in another spelling, without verifying it.
    const up = await signUp(t.app, { email: ` ${boss.toUpperCase()} `, password });
    expect(up.statusCode, up.body).toBe(201);
    expect(up.json<{ user: User }>().user.role).toBe('user');
    const squatter = await signInAs(boss);
    expect(await rolesSeenBy(squatter)).toEqual(seenEverywhereAs('user'));
    const refused = await adminSql(squatter.access_token);
    expect(refused.statusCode).toBe(403);

    // The owner of the mailbox follows the verification link.
    const sent = await post(t.app, '/api/auth/email/verify/send', { email: boss });
    expect(sent.statusCode).toBe(200);
    // … and says they did not create this account.
    const verified = await post(t.app, '/api/auth/email/verify', {
      token: tokenOf(await sink.waitForMail(boss)),
      notMine: true,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    // The squatter's session and password died with the proof (DESIGN §3.16,
    // address-proof.api.test.ts); the owner sets a password through the reset flow.
    expect((await getMe(t.app, squatter.access_token)).statusCode).toBe(401);
    // The takeover notice goes out first (the second mail); then the reset link.
    await t.app.mailer.drain();
    expect((await post(t.app, '/api/auth/password/reset', { email: boss })).statusCode).toBe(200);
    const reset = await post(t.app, '/api/auth/password/reset/confirm', {
      token: tokenOf(await sink.waitForMail(boss, 3)),
      password,
    });
    expect(reset.statusCode, reset.body).toBe(200);

    const owner = await signInAs(boss);
    expect(await rolesSeenBy(owner)).toEqual(seenEverywhereAs('admin'));
    const allowed = await adminSql(owner.access_token);
    expect(allowed.statusCode, allowed.body).toBe(200);
  });

  it('is given by a magic-link sign-in, which proves the address, in that very answer', async () => {
    expect((await signUp(t.app, { email: magicBoss, password })).statusCode).toBe(201);
    const before = await signInAs(magicBoss);
    expect((await getMe(t.app, before.access_token)).json<User>().role).toBe('user');

    const magic = await magicLinkSignIn(t.app, sink, magicBoss);
    expect(magic.statusCode, magic.body).toBe(200);
    const session = magic.json<SessionResponse>();
    expect(await rolesSeenBy(session)).toEqual(seenEverywhereAs('admin'));
    // The session opened before the address was proved never becomes an admin's: it is revoked.
    expect((await getMe(t.app, before.access_token)).statusCode).toBe(401);
  });
});
