import type { FastifyInstance } from 'fastify';
import { AUTH_ERROR_MESSAGES } from '@codewright/contract';
import { expect } from 'vitest';
import type { CaughtMail, SmtpSink } from '../../../../e2e/fixtures/smtp-sink.ts';

/** POST a JSON body, with a Bearer token when given. */
export function post(app: FastifyInstance, url: string, body?: unknown, accessToken?: string) {
  return app.inject({
    method: 'POST',
    url,
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    headers: accessToken ? { authorization: `Bearer ${accessToken}` } : {},
  });
}

/** `{ code, message }` of an error answer. */
export const errorOf = (res: { json(): unknown }) =>
  (res.json() as { error: { code: string; message: string } }).error;

/** The `{ code, message }` of an auth error as the API answers it (to compare with `errorOf`). */
export function authError(code: keyof typeof AUTH_ERROR_MESSAGES) {
  return { code, message: AUTH_ERROR_MESSAGES[code] };
}

/** The first link of a mail, parsed. */
export function linkOf(mail: CaughtMail): URL {
  const link = mail.links[0];
  if (!link) throw new Error(`mail "${mail.subject}" has no link`);
  return new URL(link);
}

/** A query parameter of the mail's link (e.g. `token`, `magic_token`). */
export function tokenOf(mail: CaughtMail, param = 'token'): string {
  const value = linkOf(mail).searchParams.get(param);
  if (!value) throw new Error(`mail link has no ${param}: ${mail.links[0]}`);
  return value;
}

/**
 * Signs `email` in through a magic link: asks for one (expects 200), reads it from the
 * `mailNumber`-th mail to that address at the sink and follows it; answers the verify response.
 */
export async function magicLinkSignIn(
  app: FastifyInstance,
  sink: SmtpSink,
  email: string,
  mailNumber = 1,
) {
  expect((await post(app, '/api/auth/signin/magic', { email })).statusCode).toBe(200);
  const token = tokenOf(await sink.waitForMail(email, mailNumber), 'magic_token');
  return post(app, '/api/auth/magic/verify', { token });
}
