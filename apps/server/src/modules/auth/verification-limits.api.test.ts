import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@codewright/contract';
import { startSmtpSink, type SmtpSink } from '../../../../../e2e/fixtures/smtp-sink.ts';
import { authError, errorOf, magicLinkSignIn, post, tokenOf } from '../../test/account-helpers.ts';
import { getMe, signIn, signUp, uniqueEmail } from '../../test/auth-helpers.ts';
import { useTestApp } from '../../test/test-app.ts';

let sink: SmtpSink;
beforeAll(async () => {
  sink = await startSmtpSink();
});
afterAll(async () => {
  await sink?.close();
});

describe('REQUIRE_EMAIL_VERIFICATION=true', () => {
  const t = useTestApp(() => ({ SMTP_URL: sink.url, REQUIRE_EMAIL_VERIFICATION: 'true' }));

  it('sign-up mails a link; sign-in answers 403 EMAIL_NOT_VERIFIED until it is used', async () => {
    const email = uniqueEmail('verify');
    const password = 'password123';
    expect((await signUp(t.app, { email, password })).statusCode).toBe(201);
    const mail = await sink.waitForMail(email);
    expect(mail.subject).toBe('Verify your email for Codewright');

    const before = await signIn(t.app, { email, password });
    expect(before.statusCode).toBe(403);
    expect(errorOf(before)).toEqual(authError('EMAIL_NOT_VERIFIED'));
    // A wrong password still reads as wrong credentials: the 403 needs the right one.
    expect(errorOf(await signIn(t.app, { email, password: 'wrong-password' })).code).toBe(
      'INVALID_CREDENTIALS',
    );

    // The link, confirmed with the password on the verify page, proves the address and keeps
    // that password (DESIGN §3.16): sign-in works at once.
    const ok = await post(t.app, '/api/auth/email/verify', { token: tokenOf(mail), password });
    expect(ok.json()).toEqual({ message: ACCOUNT_MESSAGES.emailVerifiedKept, outcome: 'kept' });
    const after = await signIn(t.app, { email, password });
    expect(after.statusCode, after.body).toBe(200);
    const again = await post(t.app, '/api/auth/email/verify', { token: tokenOf(mail) });
    expect(errorOf(again).code).toBe('VERIFICATION_FAILED');
  });

  it('/verify/send with an email resends for an unverified account and says the same for others', async () => {
    const email = uniqueEmail('resend');
    await signUp(t.app, { email, password: 'password123' });
    await sink.waitForMail(email);
    const a = await post(t.app, '/api/auth/email/verify/send', { email });
    const b = await post(t.app, '/api/auth/email/verify/send', { email: uniqueEmail('none') });
    expect(a.statusCode).toBe(200);
    expect(b.body).toBe(a.body);
    const second = await sink.waitForMail(email, 2);
    // Either link works; each only once.
    expect(
      (
        await post(t.app, '/api/auth/email/verify', {
          token: tokenOf(second),
          password: 'password123',
        })
      ).statusCode,
    ).toBe(200);
    const empty = await post(t.app, '/api/auth/email/verify/send', {});
    expect(empty.statusCode).toBe(400);
  });

  it("another user's verification link verifies only that user", async () => {
    const a = uniqueEmail('va');
    const b = uniqueEmail('vb');
    await signUp(t.app, { email: a, password: 'password123' });
    await signUp(t.app, { email: b, password: 'password123' });
    await post(t.app, '/api/auth/email/verify', {
      token: tokenOf(await sink.waitForMail(a)),
      password: 'password123',
    });
    await sink.waitForMail(b);
    // a is verified (with its password kept, DESIGN §3.16); b is still unverified.
    expect((await signIn(t.app, { email: a, password: 'password123' })).statusCode).toBe(200);
    expect(errorOf(await signIn(t.app, { email: b, password: 'password123' })).code).toBe(
      'EMAIL_NOT_VERIFIED',
    );
  });

  it('a magic link signs in an unverified user and verifies them', async () => {
    const email = uniqueEmail('magicv');
    await signUp(t.app, { email, password: 'password123' });
    await sink.waitForMail(email);
    const magic = await magicLinkSignIn(t.app, sink, email, 2);
    expect(magic.statusCode).toBe(200);
    // Verified now (no more EMAIL_NOT_VERIFIED); the registration password is dropped.
    expect(
      (await getMe(t.app, magic.json<{ access_token: string }>().access_token)).statusCode,
    ).toBe(200);
    expect(errorOf(await signIn(t.app, { email, password: 'password123' })).code).toBe(
      'PASSWORD_RESET_REQUIRED',
    );
  });
});

describe('abuse limits', () => {
  // The limits' window is a minute; a test moves the app's clock past it instead of waiting.
  const clock = { ahead: 0 };
  const t = useTestApp(
    () => ({
      SMTP_URL: sink.url,
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
      AUTH_RATE_LIMIT_IP_MAX: '3',
      AUTH_RATE_LIMIT_EMAIL_MAX: '2',
    }),
    { clock: () => Date.now() + clock.ahead },
  );

  it('per IP: sign-ups answer 429 RATE_LIMITED with Retry-After, then recover', async () => {
    for (let i = 0; i < 3; i++) {
      expect(
        (await signUp(t.app, { email: uniqueEmail('ip'), password: 'password123' })).statusCode,
      ).toBe(201);
    }
    const limited = await signUp(t.app, { email: uniqueEmail('ip'), password: 'password123' });
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toEqual(authError('RATE_LIMITED'));
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another IP is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: uniqueEmail('ip2'), password: 'password123' },
      remoteAddress: '10.0.0.9',
    });
    expect(other.statusCode).toBe(201);
    clock.ahead += 60_001;
    expect(
      (await signUp(t.app, { email: uniqueEmail('ip'), password: 'password123' })).statusCode,
    ).toBe(201);
  });

  it('per email: reset requests for one address answer 429 after the limit, whether or not it exists', async () => {
    const email = uniqueEmail('nobody');
    const ask = (address: string, ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        payload: { email: address },
        remoteAddress: ip,
      });
    expect((await ask(email, '10.0.1.1')).statusCode).toBe(200);
    expect((await ask(email, '10.0.1.2')).statusCode).toBe(200);
    const limited = await ask(email.toUpperCase(), '10.0.1.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await ask(uniqueEmail('other'), '10.0.1.4')).statusCode).toBe(200);
    clock.ahead += 60_001;
    expect((await ask(email, '10.0.1.5')).statusCode).toBe(200);
  });

  it('per IP: magic-link sends are limited too', async () => {
    const ask = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/signin/magic',
        payload: { email: uniqueEmail('m') },
        remoteAddress: '10.0.2.1',
      });
    for (let i = 0; i < 3; i++) expect((await ask()).statusCode).toBe(200);
    expect((await ask()).statusCode).toBe(429);
  });
});
