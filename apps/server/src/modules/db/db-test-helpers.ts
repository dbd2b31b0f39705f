import type { FastifyInstance } from 'fastify';
import { markEmailVerified, newSession, signIn, signUp } from '../../test/auth-helpers.ts';

/** Test helpers for the db REST API (used by *.api.test.ts only). */
export interface RestCall {
  token?: string;
  query?: string;
  body?: unknown;
  /** Raw body text (e.g. malformed JSON); wins over `body`. */
  raw?: string;
  project?: string;
}

/** Calls /api/db/{project}/rest/v1/{table}. */
export function rest(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  table: string,
  call: RestCall = {},
) {
  const headers: Record<string, string> = {};
  if (call.token) headers.authorization = `Bearer ${call.token}`;
  const hasBody = call.raw !== undefined || call.body !== undefined;
  if (hasBody) headers['content-type'] = 'application/json';
  return app.inject({
    method,
    url: `/api/db/${call.project ?? 'codewright'}/rest/v1/${table}${call.query ? `?${call.query}` : ''}`,
    headers,
    payload: call.raw ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
  });
}

/** `method` on the project `id` through db REST (projects?id=eq.{id}) as `token`'s user. */
export function projectById(
  app: FastifyInstance,
  method: 'GET' | 'PATCH' | 'DELETE',
  token: string,
  id: unknown,
  body?: unknown,
) {
  return rest(app, method, 'projects', { token, query: `id=eq.${String(id)}`, body });
}

/** A new signed-in user: id and access token. */
export async function newUser(app: FastifyInstance) {
  const { session } = await newSession(app);
  return { id: session.user.id, token: session.access_token, email: session.user.email };
}

/** Signs up, verifies and signs in with a given email (e.g. one listed in ADMIN_EMAILS). */
export async function userWithEmail(app: FastifyInstance, email: string) {
  await signUp(app, { email, password: 'correct horse' });
  await markEmailVerified(app, email);
  const res = await signIn(app, { email, password: 'correct horse' });
  const session = res.json<{ access_token: string; user: { id: string } }>();
  return { id: session.user.id, token: session.access_token, email };
}

/** POST /api/plan/upgrade for a user. */
export function upgrade(app: FastifyInstance, token: string, plan: string) {
  return app.inject({
    method: 'POST',
    url: '/api/plan/upgrade',
    headers: { authorization: `Bearer ${token}` },
    payload: { plan },
  });
}

export const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; message: string } }).error;

/** A valid project row for POST. */
export function projectRow(overrides: Record<string, unknown> = {}) {
  return { name: 'Demo', language: 'JavaScript', code: 'console.log(1)', ...overrides };
}

/** POSTs one project and returns the stored row (fails the test otherwise). */
export async function createProject(
  app: FastifyInstance,
  token: string,
  overrides: Record<string, unknown> = {},
) {
  const res = await rest(app, 'POST', 'projects', { token, body: projectRow(overrides) });
  if (res.statusCode !== 201)
    throw new Error(`create project failed: ${res.statusCode} ${res.body}`);
  return res.json<Record<string, unknown>[]>()[0]!;
}

/** A new user on the Pro plan (no project cap). */
export async function proUser(app: FastifyInstance) {
  const u = await newUser(app);
  const res = await upgrade(app, u.token, 'pro');
  if (res.statusCode !== 200) throw new Error(`upgrade failed: ${res.statusCode} ${res.body}`);
  return u;
}
