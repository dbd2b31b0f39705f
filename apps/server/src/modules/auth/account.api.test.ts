// (Over 300 lines: the mailed-link flows — reset, change, magic link, mail cap, sign-up link —
// share one app and SMTP sink; requests and links come from test/account-helpers.ts, sessions from
// test/auth-helpers.ts.)
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, type SessionResponse } from '@codewright/contract';
import { startSmtpSink, type SmtpSink } from '../../../../../e2e/fixtures/smtp-sink.ts';
import { authError, errorOf, linkOf, post, tokenOf } from '../../test/account-helpers.ts';
import { getMe, newSession, signIn, signUp, uniqueEmail } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { hashMailToken } from './account.repository.ts';
import { authTokens } from './auth.schema.ts';

let sink: SmtpSink;
let t: TestApp;
const PUBLIC_URL = 'https://app.codewright.test';

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({
    SMTP_URL: sink.url,
    MAIL_FROM: 'Codewright <no-reply@codewright.test>',
    PUBLIC_URL,
  });
});
afterAll(async () => {
  await t?.close();
  await sink?.close();
});

async function resetMail(email: string, count = 1) {
  const res = await post(t.app, '/api/auth/password/reset', { email });
  expect(res.statusCode).toBe(200);
  return sink.waitForMail(email, count);
}

describe('password reset', () => {
  it('answers the same for known and unknown emails and mails a link to PUBLIC_URL only', async () => {
    const { email } = await newSession(t.app);
    const unknown = uniqueEmail('nobody');
    const a = await post(t.app, '/api/auth/password/reset', { email });
    const b = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { email: unknown },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json()).toEqual({ message: ACCOUNT_MESSAGES.resetSent });
    expect(b.body).toBe(a.body);

    const mail = await sink.waitForMail(email);
    expect(mail.subject).toBe('Reset your Codewright password');
    expect(mail.from).toContain('no-reply@codewright.test');
    const link = linkOf(mail);
    expect(link.origin + link.pathname).toBe(`${PUBLIC_URL}/reset-password`);
    expect(mail.html).toContain('Choose a new password');
    await t.app.mailer.drain();
    expect(sink.mailsTo(unknown)).toHaveLength(0);
  });

  it('a link works once, sets the new password and signs out every session', async () => {
    const { email, password, session } = await newSession(t.app);
    const token = tokenOf(await resetMail(email));

    const weak = await post(t.app, '/api/auth/password/reset/confirm', {
      token,
      password: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(errorOf(weak).code).toBe('WEAK_PASSWORD');

    const ok = await post(t.app, '/api/auth/password/reset/confirm', {
      token,
      password: 'brand new pass',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: ACCOUNT_MESSAGES.passwordReset });

    const again = await post(t.app, '/api/auth/password/reset/confirm', {
      token,
      password: 'another pass 2',
    });
    expect(again.statusCode).toBe(400);
    expect(errorOf(again)).toEqual(authError('VERIFICATION_FAILED'));

    expect((await getMe(t.app, session.access_token)).statusCode).toBe(401);
    expect(
      (await post(t.app, '/api/auth/refresh', { refresh_token: session.refresh_token })).statusCode,
    ).toBe(401);
    expect((await signIn(t.app, { email, password })).statusCode).toBe(401);
    expect((await signIn(t.app, { email, password: 'brand new pass' })).statusCode).toBe(200);
    const notice = await sink.waitForMail(email, 2);
    expect(notice.subject).toBe('Your Codewright password was changed');
  });

  it('refuses an expired link with MAGIC_LINK_EXPIRED and a link of another purpose', async () => {
    const { email } = await newSession(t.app);
    const token = tokenOf(await resetMail(email));
    await t.app.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authTokens.tokenHash, hashMailToken(token)));
    const expired = await post(t.app, '/api/auth/password/reset/confirm', {
      token,
      password: 'brand new pass',
    });
    expect(expired.statusCode).toBe(400);
    expect(errorOf(expired)).toEqual({
      code: 'MAGIC_LINK_EXPIRED',
      message: ACCOUNT_MESSAGES.resetExpired,
    });

    // A reset token is not a magic link, nor a verification link.
    const fresh = tokenOf(await resetMail(email, 2));
    expect(errorOf(await post(t.app, '/api/auth/magic/verify', { token: fresh })).code).toBe(
      'VERIFICATION_FAILED',
    );
    expect(errorOf(await post(t.app, '/api/auth/email/verify', { token: fresh })).code).toBe(
      'VERIFICATION_FAILED',
    );
    // …and it was not spent by those attempts.
    const ok = await post(t.app, '/api/auth/password/reset/confirm', {
      token: fresh,
      password: 'brand new pass',
    });
    expect(ok.statusCode).toBe(200);
  });

  it("changes only the token's own user", async () => {
    const a = await newSession(t.app);
    const b = await newSession(t.app);
    const token = tokenOf(await resetMail(a.email));
    await post(t.app, '/api/auth/password/reset/confirm', { token, password: 'only for a 123' });
    expect((await signIn(t.app, { email: b.email, password: b.password })).statusCode).toBe(200);
    expect((await signIn(t.app, { email: a.email, password: 'only for a 123' })).statusCode).toBe(
      200,
    );
  });

  it('rejects bad input with 400 and a message', async () => {
    const bad = await post(t.app, '/api/auth/password/reset', { email: 'not-an-email' });
    expect(errorOf(bad).code).toBe('INVALID_EMAIL');
    const missing = await post(t.app, '/api/auth/password/reset/confirm', {
      password: 'whatever12',
    });
    expect(missing.statusCode).toBe(400);
    expect(errorOf(missing).message).toMatch(/token/);
    const garbage = await post(t.app, '/api/auth/password/reset/confirm', {
      token: 'x'.repeat(40),
      password: 'whatever12',
    });
    expect(errorOf(garbage).code).toBe('VERIFICATION_FAILED');
  });

  it('keeps tokens away from anonymous callers: /reset/generate needs an admin', async () => {
    const { email, session } = await newSession(t.app);
    expect((await post(t.app, '/api/auth/password/reset/generate', { email })).statusCode).toBe(
      401,
    );
    const user = await post(
      t.app,
      '/api/auth/password/reset/generate',
      { email },
      session.access_token,
    );
    expect(user.statusCode).toBe(403);
    expect(errorOf(user).code).toBe('FORBIDDEN');
  });
});

describe('password change', () => {
  it('needs the old password, keeps this session and signs out the others', async () => {
    const { email, password, session } = await newSession(t.app);
    const other = (await signIn(t.app, { email, password })).json<SessionResponse>();

    const changePassword = (body: { oldPassword: string; newPassword: string }) =>
      post(t.app, '/api/auth/password/change', body, session.access_token);
    const wrong = await changePassword({
      oldPassword: 'not it at all',
      newPassword: 'changed pass 1',
    });
    expect(wrong.statusCode).toBe(401);
    expect(errorOf(wrong).code).toBe('INVALID_CREDENTIALS');

    const weak = await changePassword({ oldPassword: password, newPassword: 'x' });
    expect(errorOf(weak).code).toBe('WEAK_PASSWORD');

    const ok = await changePassword({ oldPassword: password, newPassword: 'changed pass 1' });
    expect(ok.statusCode).toBe(200);
    expect((await getMe(t.app, session.access_token)).statusCode).toBe(200);
    expect((await getMe(t.app, other.access_token)).statusCode).toBe(401);
    expect((await signIn(t.app, { email, password })).statusCode).toBe(401);
    expect((await signIn(t.app, { email, password: 'changed pass 1' })).statusCode).toBe(200);
    expect((await sink.waitForMail(email)).subject).toBe('Your Codewright password was changed');
  });

  it('needs a Bearer token', async () => {
    const res = await post(t.app, '/api/auth/password/change', {
      oldPassword: 'a',
      newPassword: 'b',
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('magic link', () => {
  it('mails a link into the app that signs in once', async () => {
    const { email } = await newSession(t.app);
    const res = await post(t.app, '/api/auth/signin/magic', { email });
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.magicSent });
    const mail = await sink.waitForMail(email);
    expect(mail.subject).toBe('Your Codewright sign-in link');
    const token = tokenOf(mail, 'magic_token');

    const signedIn = await post(t.app, '/api/auth/magic/verify', { token });
    expect(signedIn.statusCode).toBe(200);
    const body = signedIn.json<SessionResponse>();
    expect(body.user.email).toBe(email);
    expect((await getMe(t.app, body.access_token)).statusCode).toBe(200);

    const reused = await post(t.app, '/api/auth/magic/verify', { token });
    expect(errorOf(reused).code).toBe('VERIFICATION_FAILED');
  });

  it('says the same for an unknown email and sends nothing', async () => {
    const unknown = uniqueEmail('ghost');
    const res = await post(t.app, '/api/auth/signin/magic', { email: unknown });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: ACCOUNT_MESSAGES.magicSent });
    await t.app.mailer.drain();
    expect(sink.mailsTo(unknown)).toHaveLength(0);
  });

  it('answers MAGIC_LINK_EXPIRED for an expired link', async () => {
    const { email } = await newSession(t.app);
    await post(t.app, '/api/auth/signin/magic', { email });
    const token = tokenOf(await sink.waitForMail(email), 'magic_token');
    await t.app.db
      .update(authTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(authTokens.tokenHash, hashMailToken(token)));
    const res = await post(t.app, '/api/auth/magic/verify', { token });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual(authError('MAGIC_LINK_EXPIRED'));
  });
});

describe('mail cap', () => {
  it('sends at most 5 mails an hour to one address, whatever asks', async () => {
    const { email } = await newSession(t.app);
    for (let i = 0; i < 5; i++) await post(t.app, '/api/auth/signin/magic', { email });
    await sink.waitForMail(email, 5);
    // A 6th mail of another kind passes that action's per-email limit, but the hourly cap holds.
    const sixth = await post(t.app, '/api/auth/password/reset', { email });
    expect(sixth.statusCode).toBe(200);
    await t.app.mailer.drain();
    expect(sink.mailsTo(email)).toHaveLength(5);
  });
});

describe('sign-up link', () => {
  it('/verify/generate mails a link to the signed-in user, returns no token, and /email/verify uses it', async () => {
    const { email, session } = await newSession(t.app);
    const generate = () =>
      post(t.app, '/api/auth/email/verify/generate', undefined, session.access_token);
    const res = await generate();
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toMatch(/token/i);
    const token = tokenOf(await sink.waitForMail(email));
    expect(linkOf(await sink.waitForMail(email)).pathname).toBe('/verify-email');
    // Opened signed in as the account: its registrant proves it, and keeps password and session
    // (DESIGN §3.16).
    const ok = await post(t.app, '/api/auth/email/verify', { token }, session.access_token);
    expect(ok.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerifiedKept, outcome: 'kept' });
    // The session still works, and nothing more is sent: the address is verified.
    const later = await generate();
    expect(later.statusCode).toBe(200);
    await t.app.mailer.drain();
    expect(sink.mailsTo(email)).toHaveLength(1);
  });

  it('refuses a signup with a bad email before anything is sent', async () => {
    const res = await signUp(t.app, { email: 'nope', password: 'password1' });
    expect(errorOf(res).code).toBe('INVALID_EMAIL');
  });
});
