/**
 * The server side of an OAuth flow between start and callback, kept in a
 * short-lived, signed, httpOnly cookie: the provider `state`, the PKCE
 * verifier, and where and how to hand the result to the app.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { OAuthModeSchema, OAuthProviderIdSchema } from '@codewright/contract';

export const OAUTH_COOKIE = 'cw_oauth';
export const OAUTH_COOKIE_PATH = '/api/auth/oauth';

const FlowSchema = z.object({
  provider: OAuthProviderIdSchema,
  /** The state sent to the provider (ours, random). */
  state: z.string(),
  codeVerifier: z.string(),
  /** The app's own state, echoed back to it with the result (SPEC §5). */
  clientState: z.string(),
  projectId: z.string(),
  mode: OAuthModeSchema,
  redirectUrl: z.string(),
  /** Unix ms after which the flow is dead. */
  expiresAt: z.number(),
});
export type OAuthFlow = z.infer<typeof FlowSchema>;

function mac(key: string, payload: string): Buffer {
  return createHmac('sha256', `oauth-state:${key}`).update(payload).digest();
}

/** `payload.signature`, both base64url. */
export function sealFlow(flow: OAuthFlow, key: string): string {
  const payload = Buffer.from(JSON.stringify(flow)).toString('base64url');
  return `${payload}.${mac(key, payload).toString('base64url')}`;
}

/** The flow of a cookie value, or null when missing, forged, malformed or expired. */
export function openFlow(
  value: string | undefined,
  key: string,
  now = Date.now(),
): OAuthFlow | null {
  if (!value) return null;
  const [payload, signature] = value.split('.');
  if (!payload || !signature) return null;
  const expected = mac(key, payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const flow = FlowSchema.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
    return flow.expiresAt > now ? flow : null;
  } catch {
    return null;
  }
}

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** A Set-Cookie value for the flow (maxAge 0 clears it). */
export function flowCookie(value: string, maxAgeSeconds: number, secure: boolean): string {
  return [
    `${OAUTH_COOKIE}=${value}`,
    `Path=${OAUTH_COOKIE_PATH}`,
    `Max-Age=${maxAgeSeconds}`,
    'HttpOnly',
    // Lax: the cookie rides the provider's top-level redirect back to the callback.
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}
