import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCOUNT_MESSAGES,
  AUTH_ERROR_MESSAGES,
  type SessionResponse,
  type User,
} from '@codewright/contract';
import { startSmtpSink, type SmtpSink } from '../../../../../e2e/fixtures/smtp-sink.ts';
import { errorOf, post, tokenOf } from '../../test/account-helpers.ts';
import { getMe, signIn, signUp, uniqueEmail } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// DESIGN §3.16: whoever proves the address owns the account. Someone who registers an
// address first (here an ADMIN_EMAILS one) loses every session and their password when the
// address's owner follows a link mailed to it; only then do admin rights apply.
let sink: SmtpSink;
let t: TestApp;
const verifyBoss = uniqueEmail('verify-boss');
const magicBoss = uniqueEmail('magic-boss');
const squatterPassword = 'squatter pass 1';
const ownerPassword = 'owner pass 123';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url, ADMIN_EMAILS: `${verifyBoss}, ${magicBoss}` });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

function adminSql(token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/db/codewright/sql',
    headers: { authorization: `Bearer ${token}` },
    payload: { query: 'select 1 as one' },
  });
}

/** The squatter registers the address in another spelling, signs in and keeps the tokens. */
async function squat(email: string): Promise<SessionResponse> {
  const up = await signUp(t.app, { email: ` ${email.toUpperCase()} `, password: squatterPassword });
  expect(up.statusCode, up.body).toBe(201);
  const res = await signIn(t.app, { email, password: squatterPassword });
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json<SessionResponse>();
  expect(session.user.role).toBe('user');
  expect((await adminSql(session.access_token)).statusCode).toBe(403);
  return session;
}

/** Nothing the squatter holds works any more: access token, refresh token, password. */
async function expectLockedOut(email: string, squatter: SessionResponse) {
  const me = await getMe(t.app, squatter.access_token);
  expect(me.statusCode, me.body).toBe(401);
  expect((await adminSql(squatter.access_token)).statusCode).toBe(401);
  const refreshed = await post(t.app, '/api/auth/refresh', {
    refresh_token: squatter.refresh_token,
  });
  expect(refreshed.statusCode, refreshed.body).toBe(401);
  expect(errorOf(refreshed).code).toBe('TOKEN_EXPIRED');
  const again = await signIn(t.app, { email, password: squatterPassword });
  expect(again.statusCode, again.body).toBe(401);
  expect(errorOf(again)).toEqual({
    code: 'PASSWORD_RESET_REQUIRED',
    message: AUTH_ERROR_MESSAGES.PASSWORD_RESET_REQUIRED,
  });
}

/** The owner sets a password through the reset flow and signs in with it. */
async function resetAndSignIn(email: string): Promise<SessionResponse> {
  await t.app.mailer.drain();
  const before = sink.mailsTo(email).length;
  expect((await post(t.app, '/api/auth/password/reset', { email })).statusCode).toBe(200);
  const token = tokenOf(await sink.waitForMail(email, before + 1));
  const confirmed = await post(t.app, '/api/auth/password/reset/confirm', {
    token,
    password: ownerPassword,
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const res = await signIn(t.app, { email, password: ownerPassword });
  expect(res.statusCode, res.body).toBe(200);
  // The squatter's password stays dead: it is simply wrong now.
  const old = await signIn(t.app, { email, password: squatterPassword });
  expect(errorOf(old).code).toBe('INVALID_CREDENTIALS');
  return res.json<SessionResponse>();
}

async function expectAdmin(session: SessionResponse) {
  expect(session.user.role).toBe('admin');
  const me = await getMe(t.app, session.access_token);
  expect(me.json<User>().role).toBe('admin');
  const sql = await adminSql(session.access_token);
  expect(sql.statusCode, sql.body).toBe(200);
}

describe('an address registered by someone else, proved by its owner', () => {
  it('through the verification link: the squatter is locked out, the owner resets and is admin', async () => {
    const squatter = await squat(verifyBoss);
    // The owner of the mailbox asks for a link and follows it.
    expect(
      (await post(t.app, '/api/auth/email/verify/send', { email: verifyBoss })).statusCode,
    ).toBe(200);
    const token = tokenOf(await sink.waitForMail(verifyBoss));
    const verified = await post(t.app, '/api/auth/email/verify', { token });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerifiedSetPassword });

    await expectLockedOut(verifyBoss, squatter);
    await expectAdmin(await resetAndSignIn(verifyBoss));
  });

  it('through a magic link: the squatter is locked out, the owner is signed in as admin', async () => {
    const squatter = await squat(magicBoss);
    expect((await post(t.app, '/api/auth/signin/magic', { email: magicBoss })).statusCode).toBe(
      200,
    );
    const token = tokenOf(await sink.waitForMail(magicBoss), 'magic_token');
    const magic = await post(t.app, '/api/auth/magic/verify', { token });
    expect(magic.statusCode, magic.body).toBe(200);
    const owner = magic.json<SessionResponse>();

    await expectLockedOut(magicBoss, squatter);
    // The owner's session (made after the proof) works and is admin; so does a refresh of it.
    await expectAdmin(owner);
    const refreshed = await post(t.app, '/api/auth/refresh', {
      refresh_token: owner.refresh_token,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect(refreshed.json<SessionResponse>().user.role).toBe('admin');

    // With a password set through the reset flow, password sign-in works again.
    await expectAdmin(await resetAndSignIn(magicBoss));
  });
});

describe('an address proved again', () => {
  it('keeps the sessions and password of an account that is already verified', async () => {
    const email = uniqueEmail('verified');
    expect((await signUp(t.app, { email, password: ownerPassword })).statusCode).toBe(201);
    // Two verification links; the first proves the address.
    await post(t.app, '/api/auth/email/verify/send', { email });
    await post(t.app, '/api/auth/email/verify/send', { email });
    const first = tokenOf(await sink.waitForMail(email, 1));
    const second = tokenOf(await sink.waitForMail(email, 2));
    expect((await post(t.app, '/api/auth/email/verify', { token: first })).statusCode).toBe(200);
    // The first proof dropped the registration password; the owner sets one and signs in.
    const session = await resetAndSignIn(email);

    // The second link and a magic link both prove the address again: nothing is revoked.
    const again = await post(t.app, '/api/auth/email/verify', { token: second });
    expect(again.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerified });
    await t.app.mailer.drain(); // the password-changed notice
    const before = sink.mailsTo(email).length;
    await post(t.app, '/api/auth/signin/magic', { email });
    const magicToken = tokenOf(await sink.waitForMail(email, before + 1), 'magic_token');
    expect((await post(t.app, '/api/auth/magic/verify', { token: magicToken })).statusCode).toBe(
      200,
    );

    expect((await getMe(t.app, session.access_token)).statusCode).toBe(200);
    const refreshed = await post(t.app, '/api/auth/refresh', {
      refresh_token: session.refresh_token,
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    expect((await signIn(t.app, { email, password: ownerPassword })).statusCode).toBe(200);
  });
});
