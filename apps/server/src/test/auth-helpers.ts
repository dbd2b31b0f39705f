import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SessionResponse } from '@codewright/contract';
import { users } from '../db/schema.ts';

/** A unique email for one test. */
export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${randomBytes(5).toString('hex')}@example.com`;
}

/** POST /api/auth/signup with a JSON body. */
export function signUp(app: FastifyInstance, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/auth/signup', payload: body });
}

/** POST /api/auth/signin/email with a JSON body. */
export function signIn(app: FastifyInstance, body: Record<string, unknown>) {
  return app.inject({ method: 'POST', url: '/api/auth/signin/email', payload: body });
}

/** Signs up and signs in a new user; returns its credentials and token set. */
export async function newSession(app: FastifyInstance, password = 'correct horse') {
  const email = uniqueEmail();
  const up = await signUp(app, { email, password });
  if (up.statusCode !== 201) throw new Error(`signup failed: ${up.statusCode} ${up.body}`);
  const res = await signIn(app, { email, password });
  if (res.statusCode !== 200) throw new Error(`signin failed: ${res.statusCode} ${res.body}`);
  return { email, password, session: res.json<SessionResponse>() };
}

/** POST /api/auth/refresh: trades a refresh token for a new token set. */
export function refresh(app: FastifyInstance, refreshToken: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/refresh',
    payload: { refresh_token: refreshToken },
  });
}

/** POST /api/auth/signout with a Bearer token, and `body` (the refresh token to end) if given. */
export function signOut(app: FastifyInstance, accessToken: string, body?: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/signout',
    headers: { authorization: `Bearer ${accessToken}` },
    ...(body === undefined ? {} : { payload: body }),
  });
}

/** GET /api/auth/me with a Bearer token. */
export function getMe(app: FastifyInstance, accessToken: string) {
  return app.inject({
    method: 'GET',
    url: '/api/auth/me',
    headers: { authorization: `Bearer ${accessToken}` },
  });
}

/**
 * Marks an account's email verified, as following a mailed verification link does
 * (an ADMIN_EMAILS address is an admin only once verified). For set-up only: the
 * verification flow itself is tested through the API in admin-role.api.test.ts.
 */
export async function markEmailVerified(app: FastifyInstance, email: string) {
  await app.db
    .update(users)
    .set({ emailVerifiedAt: new Date() })
    .where(sql`lower(${users.email}) = lower(${email.trim()})`);
}
