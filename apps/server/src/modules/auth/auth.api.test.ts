// (Over 300 lines: the /api/auth route family — sign-up, sign-in, tokens, /me, providers — on one
// app; sessions come from test/auth-helpers.ts.)
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { type SessionResponse, SERVER_ERROR_MESSAGES } from '@codewright/contract';
import { authError, errorOf } from '../../test/account-helpers.ts';
import {
  getMe,
  newSession,
  refresh,
  signIn,
  signOut,
  signUp,
  uniqueEmail,
} from '../../test/auth-helpers.ts';
import { useTestApp } from '../../test/test-app.ts';

/** What every token set says of itself: a Bearer access token for 15 minutes, a refresh for 30 days. */
const TOKEN_SET = { token_type: 'Bearer', expires_in: 900, refresh_expires_in: 2592000 };

const t = useTestApp();

/** POST /api/auth/signup with a raw body of the given content type. */
const rawSignUp = (contentType: string, payload: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    headers: { 'content-type': contentType },
    payload,
  });

describe('POST /api/auth/signup', () => {
  it('creates a user with a default Free planData and no tokens', async () => {
    const email = uniqueEmail('signup');
    const res = await signUp(t.app, {
      email: `  ${email}  `,
      password: 'password1',
      displayName: 'Ada',
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['user']);
    expect(body.user).toMatchObject({ email, displayName: 'Ada', role: 'user' });
    expect(body.user.id).toMatch(/^usr_/);
    expect(JSON.parse(body.user.metadata).planData).toMatchObject({
      plan: 'free',
      generationsUsed: 0,
      editsUsed: 0,
    });
    expect(res.body).not.toMatch(/password|argon2/i);
  });

  it('refuses a duplicate email, case-insensitively, with 409 EMAIL_ALREADY_EXISTS', async () => {
    const email = uniqueEmail('dup');
    expect((await signUp(t.app, { email, password: 'password1' })).statusCode).toBe(201);
    const res = await signUp(t.app, { email: email.toUpperCase(), password: 'password2' });
    expect(res.statusCode).toBe(409);
    expect(errorOf(res)).toEqual(authError('EMAIL_ALREADY_EXISTS'));
  });

  it('lets exactly one of several parallel sign-ups with one email win', async () => {
    const email = uniqueEmail('race');
    const variants = [email, email.toUpperCase(), ` ${email}`, email, email.toUpperCase()];
    const results = await Promise.all(
      variants.map((e) => signUp(t.app, { email: e, password: 'password1' })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409]);
  });

  it('refuses a short password with WEAK_PASSWORD', async () => {
    const res = await signUp(t.app, { email: uniqueEmail(), password: 'short' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toEqual(authError('WEAK_PASSWORD'));
  });

  it('refuses an over-long password', async () => {
    const res = await signUp(t.app, { email: uniqueEmail(), password: 'x'.repeat(300) });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('WEAK_PASSWORD');
    expect(errorOf(res).message).toMatch(/at most 256/);
  });

  it('refuses an invalid email with INVALID_EMAIL', async () => {
    for (const email of ['not-an-email', '', 'a@b', '   ']) {
      const res = await signUp(t.app, { email, password: 'password1' });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toEqual(authError('INVALID_EMAIL'));
    }
  });

  it('names the missing field in a 400 VALIDATION_ERROR', async () => {
    const res = await signUp(t.app, { email: uniqueEmail() });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    expect(errorOf(res).message).toMatch(/password/);
    const none = await t.app.inject({ method: 'POST', url: '/api/auth/signup' });
    expect(none.statusCode).toBe(400);
    expect(errorOf(none).code).toBe('VALIDATION_ERROR');
  });

  it('answers malformed JSON with 400, a wrong content type with 415 and a huge body with 413', async () => {
    const bad = await rawSignUp('application/json', '{"email": "a@b.co", ');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/JSON/),
    });

    const text = await rawSignUp('text/plain', 'email=a@b.co');
    expect(text.statusCode).toBe(415);
    expect(errorOf(text)).toEqual({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: SERVER_ERROR_MESSAGES.UNSUPPORTED_MEDIA_TYPE,
    });

    const huge = await rawSignUp(
      'application/json',
      JSON.stringify({
        email: uniqueEmail(),
        password: 'password1',
        displayName: 'x'.repeat(1_100_000),
      }),
    );
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).code).toBe('PAYLOAD_TOO_LARGE');
  });
});

describe('POST /api/auth/signin/email', () => {
  it('returns the user and a token set with the contract values', async () => {
    const email = uniqueEmail('signin');
    await signUp(t.app, { email, password: 'password1' });
    const before = Math.floor(Date.now() / 1000);
    const res = await signIn(t.app, {
      email: email.toUpperCase(),
      password: 'password1',
      projectId: 'codewright',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<SessionResponse>();
    expect(body).toMatchObject(TOKEN_SET);
    expect(body.issued_at).toBeGreaterThanOrEqual(before);
    expect(body.issued_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect(body.access_token.split('.')).toHaveLength(3);
    expect(body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.user.email).toBe(email);
    expect(res.body).not.toMatch(/password_hash|passwordHash|argon2/);
  });

  it('gives the same 401 for a wrong password and an unknown email', async () => {
    const email = uniqueEmail('creds');
    await signUp(t.app, { email, password: 'password1' });
    const wrong = await signIn(t.app, { email, password: 'password2' });
    const unknown = await signIn(t.app, { email: uniqueEmail('nobody'), password: 'password1' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.body).toBe(unknown.body);
    expect(errorOf(wrong)).toEqual(authError('INVALID_CREDENTIALS'));
  });
});

describe('tokens', () => {
  it('rotates the refresh token on every use', async () => {
    const { session } = await newSession(t.app);
    const r1 = await refresh(t.app, session.refresh_token);
    expect(r1.statusCode).toBe(200);
    const s1 = r1.json<SessionResponse>();
    expect(s1).toMatchObject(TOKEN_SET);
    expect(s1.refresh_token).not.toBe(session.refresh_token);
    expect(s1.user.id).toBe(session.user.id);
    expect((await getMe(t.app, s1.access_token)).statusCode).toBe(200);
    const r2 = await refresh(t.app, s1.refresh_token);
    expect(r2.statusCode).toBe(200);
  });

  it('revokes the whole family when an old refresh token is presented again', async () => {
    const { session } = await newSession(t.app);
    const r1 = await refresh(t.app, session.refresh_token);
    const s1 = r1.json<SessionResponse>();
    const reuse = await refresh(t.app, session.refresh_token);
    expect(reuse.statusCode).toBe(401);
    expect(errorOf(reuse)).toEqual(authError('TOKEN_EXPIRED'));
    const next = await refresh(t.app, s1.refresh_token);
    expect(next.statusCode).toBe(401);
    expect(errorOf(next).code).toBe('TOKEN_EXPIRED');
    expect((await getMe(t.app, s1.access_token)).statusCode).toBe(401);
  });

  it('refuses an unknown refresh token with TOKEN_EXPIRED', async () => {
    const res = await refresh(t.app, 'nope');
    expect(res.statusCode).toBe(401);
    expect(errorOf(res).code).toBe('TOKEN_EXPIRED');
  });

  it('signs out: the access token and its refresh token stop working', async () => {
    const { session } = await newSession(t.app);
    const out = await signOut(t.app, session.access_token, {
      refresh_token: session.refresh_token,
    });
    expect(out.statusCode).toBe(204);
    expect(out.body).toBe('');
    const me = await getMe(t.app, session.access_token);
    expect(me.statusCode).toBe(401);
    const refreshed = await refresh(t.app, session.refresh_token);
    expect(refreshed.statusCode).toBe(401);
    expect(errorOf(refreshed).code).toBe('TOKEN_EXPIRED');
  });

  it('signs out without a body too', async () => {
    const { session } = await newSession(t.app);
    const out = await signOut(t.app, session.access_token);
    expect(out.body).toBe('');
    expect(out.statusCode).toBe(204);
    expect((await getMe(t.app, session.access_token)).statusCode).toBe(401);
  });

  it('answers a missing or invalid Bearer with UNAUTHORIZED and an expired one with TOKEN_EXPIRED', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/auth/me' });
    expect(missing.statusCode).toBe(401);
    expect(errorOf(missing)).toEqual({
      code: 'UNAUTHORIZED',
      message: SERVER_ERROR_MESSAGES.UNAUTHORIZED,
    });
    const garbage = await getMe(t.app, 'not.a.jwt');
    expect(garbage.statusCode).toBe(401);
    expect(errorOf(garbage).code).toBe('UNAUTHORIZED');

    const { session } = await newSession(t.app);
    const claims = JSON.parse(
      Buffer.from(session.access_token.split('.')[1]!, 'base64url').toString(),
    );
    const now = Math.floor(Date.now() / 1000);
    const key = new TextEncoder().encode(t.config.JWT_SECRET);
    const expired = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(claims.iss)
      .setAudience(claims.aud)
      .setIssuedAt(now - 1000)
      .setExpirationTime(now - 100)
      .sign(key);
    const res = await getMe(t.app, expired);
    expect(res.statusCode).toBe(401);
    expect(errorOf(res)).toEqual(authError('TOKEN_EXPIRED'));

    const forged = await new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(claims.sub)
      .setIssuer(claims.iss)
      .setAudience(claims.aud)
      .setExpirationTime(now + 100)
      .sign(new TextEncoder().encode('x'.repeat(40)));
    expect(errorOf(await getMe(t.app, forged)).code).toBe('UNAUTHORIZED');
  });
});

describe('/api/auth/me', () => {
  it('returns the user with a default Free planData', async () => {
    const { session, email } = await newSession(t.app);
    const res = await getMe(t.app, session.access_token);
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(Object.keys(user).sort()).toEqual(['displayName', 'email', 'id', 'metadata', 'role']);
    expect(user).toMatchObject({ id: session.user.id, email, role: 'user', displayName: null });
    const planData = JSON.parse(user.metadata).planData;
    expect(planData).toMatchObject({ plan: 'free', generationsUsed: 0, editsUsed: 0 });
    expect(new Date(planData.lastResetDate).toISOString()).toBe(planData.lastResetDate);
  });

  it('PATCH changes displayName and metadata but never planData', async () => {
    const { session } = await newSession(t.app);
    const auth = { authorization: `Bearer ${session.access_token}` };
    const fake = {
      plan: 'enterprise',
      generationsUsed: 0,
      editsUsed: 0,
      lastResetDate: '2020-01-01T00:00:00.000Z',
    };
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: auth,
      payload: {
        displayName: 'Grace',
        metadata: JSON.stringify({ theme: 'dark', planData: fake }),
      },
    });
    expect(res.statusCode).toBe(200);
    const user = res.json();
    expect(user.displayName).toBe('Grace');
    const meta = JSON.parse(user.metadata);
    expect(meta.theme).toBe('dark');
    expect(meta.planData.plan).toBe('free');

    const again = (await getMe(t.app, session.access_token)).json();
    expect(again.displayName).toBe('Grace');
    expect(JSON.parse(again.metadata)).toMatchObject({ theme: 'dark', planData: { plan: 'free' } });
  });

  it('PATCH refuses metadata that is not a JSON object string, too large, or unknown fields', async () => {
    const { session } = await newSession(t.app);
    const patch = (payload: unknown) =>
      t.app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${session.access_token}` },
        payload: payload as object,
      });
    for (const metadata of ['not json', '[1,2]', '"text"', 'null']) {
      const res = await patch({ metadata });
      expect(res.statusCode).toBe(400);
      expect(errorOf(res)).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: expect.stringMatching(/metadata/),
      });
    }
    const big = await patch({ metadata: JSON.stringify({ blob: 'x'.repeat(17 * 1024) }) });
    expect(big.statusCode).toBe(400);
    expect(errorOf(big).message).toMatch(/16 KB/);
    const unknown = await patch({ role: 'admin' });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown)).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/role/),
    });
    expect(
      JSON.parse((await getMe(t.app, session.access_token)).json().metadata),
    ).not.toHaveProperty('blob');
  });
});

describe('GET /api/auth/providers', () => {
  it('lists only the configured providers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/auth/providers?projectId=codewright',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ providers: [{ id: 'email', name: 'Email' }] });
  });
});
