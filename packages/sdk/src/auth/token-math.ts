/**
 * Token lifetime rules of SPEC §4.1: the access token counts as expired
 * TOKEN_EARLY_EXPIRY_SECONDS (30 s) before issuedAt + expiresIn; the refresh
 * token expires exactly at issuedAt + refreshExpiresIn. Times are compared in
 * milliseconds on the server's clock (see `clockSkewMs` in token-store.ts).
 */
import {
  ACCESS_TOKEN_TTL_SECONDS,
  REFRESH_TOKEN_TTL_SECONDS,
  TOKEN_EARLY_EXPIRY_SECONDS,
  type TokenSet,
} from '@codewright/contract';
import type { Session } from '../types.ts';

/**
 * The `exp` claim (unix seconds) of a JWT access token, read without checking its signature (the
 * server checks that); null for a token that is not a readable JWT.
 */
export function jwtExpirySeconds(token: string): number | null {
  const part = token.split('.')[1];
  if (!part || token.split('.').length !== 3) return null;
  try {
    const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
    const payload = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' && Number.isFinite(payload.exp) ? payload.exp : null;
  } catch {
    return null;
  }
}

/**
 * When the access token stops being used (30 s before its end), in ms: its stated end
 * (issuedAt + expiresIn), or the token's own `exp` when that comes first — a token handed over
 * without `issued_at`, or an entry whose times were changed, is then still known to be expired
 * before it is sent, so start-up refreshes first instead of collecting a 401 from /me.
 */
export function accessTokenExpiresAtMs(session: Session): number {
  const stated = session.issuedAt + session.expiresIn;
  const exp = jwtExpirySeconds(session.accessToken);
  return ((exp === null ? stated : Math.min(stated, exp)) - TOKEN_EARLY_EXPIRY_SECONDS) * 1000;
}

/** When the refresh token stops working, in ms. */
export function refreshTokenExpiresAtMs(session: Session): number {
  return (session.issuedAt + session.refreshExpiresIn) * 1000;
}

/**
 * True from 30 s before the access token's stated expiry on (and for an empty token).
 * @example isAccessTokenExpired(session, Date.now())
 */
export function isAccessTokenExpired(session: Session, nowMs: number): boolean {
  return session.accessToken === '' || nowMs >= accessTokenExpiresAtMs(session);
}

/**
 * True from the refresh token's stated end on (and for an empty token).
 * @example isRefreshTokenExpired(session, Date.now())
 */
export function isRefreshTokenExpired(session: Session, nowMs: number): boolean {
  return session.refreshToken === '' || nowMs >= refreshTokenExpiresAtMs(session);
}

/** The SDK's camelCase session from a snake_case token set of the wire. */
export function sessionFromTokenSet(set: TokenSet): Session {
  return {
    accessToken: set.access_token,
    refreshToken: set.refresh_token,
    tokenType: 'Bearer',
    expiresIn: set.expires_in,
    refreshExpiresIn: set.refresh_expires_in,
    issuedAt: set.issued_at,
  };
}

export interface HandedOffTokens {
  accessToken?: string | null;
  refreshToken?: string | null;
  expiresIn?: number | null;
  refreshExpiresIn?: number | null;
  issuedAt?: number | null;
}

function positive(value: number | null | undefined): number | null {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * A session from tokens handed over by a parent frame or the URL. Missing
 * lifetimes take the SPEC §9 defaults (900 s / 30 days) counted from `nowMs`;
 * a missing access token makes the session expired at once, so it is refreshed.
 */
export function sessionFromHandoff(tokens: HandedOffTokens, nowMs: number): Session {
  return {
    accessToken: tokens.accessToken ?? '',
    refreshToken: tokens.refreshToken ?? '',
    tokenType: 'Bearer',
    expiresIn: positive(tokens.expiresIn) ?? ACCESS_TOKEN_TTL_SECONDS,
    refreshExpiresIn: positive(tokens.refreshExpiresIn) ?? REFRESH_TOKEN_TTL_SECONDS,
    issuedAt: positive(tokens.issuedAt) ?? Math.floor(nowMs / 1000),
  };
}
