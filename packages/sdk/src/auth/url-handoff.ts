/**
 * Token hand-off through the URL query (SPEC §4.1, step 2). Links and
 * redirects may carry `access_token`, `refresh_token`, `magic_token` or
 * `token` (an access token); optional `expires_in`, `refresh_expires_in`,
 * `issued_at` and `token_type` are read too. All of them are removed from the
 * address bar afterwards; other parameters and the hash stay.
 *
 * Exception: on the pages that take a mailed `token=` (/reset-password,
 * /verify-email) `token` is that page's one-time token, not an access token:
 * it is neither read nor removed there. `auth_error` carries an OAuth failure
 * back from a full-page redirect.
 */
import { MAIL_TOKEN_PATHS } from '@codewright/contract';
import type { HandedOffTokens } from './token-math.ts';

export const URL_AUTH_PARAMS = [
  'access_token',
  'refresh_token',
  'magic_token',
  'token',
  'expires_in',
  'refresh_expires_in',
  'issued_at',
  'token_type',
  'auth_error',
] as const;

/** True on a page whose `token` parameter belongs to the page (a mailed link), not to the SDK. */
export function isMailTokenPage(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return (MAIL_TOKEN_PATHS as readonly string[]).includes(path);
}

export interface UrlHandoff {
  /** Tokens to use directly (access_token, else token; refresh_token). */
  tokens: HandedOffTokens | null;
  /** A one-time magic-link token to exchange through POST /magic/verify. */
  magicToken: string | null;
  /** An error code a redirect sent back (`auth_error`), e.g. after a failed OAuth sign-in. */
  errorCode?: string | null;
}

function numberParam(params: URLSearchParams, name: string): number | null {
  const value = params.get(name);
  if (value === null || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** `href` as a URL; null when it is not one. */
function parseUrl(href: string): URL | null {
  try {
    return new URL(href);
  } catch {
    return null;
  }
}

/** Reads the auth parameters of `href`; null when there are none. */
export function readUrlHandoff(href: string): UrlHandoff | null {
  const url = parseUrl(href);
  if (!url) return null;
  const params = url.searchParams;
  const pageToken = isMailTokenPage(url.pathname) ? null : params.get('token');
  const accessToken = params.get('access_token') || pageToken || null;
  const refreshToken = params.get('refresh_token') || null;
  const magicToken = params.get('magic_token') || null;
  const errorCode = params.get('auth_error') || null;
  if (!accessToken && !refreshToken && !magicToken && !errorCode) return null;
  const tokens: HandedOffTokens | null =
    accessToken || refreshToken
      ? {
          accessToken,
          refreshToken,
          expiresIn: numberParam(params, 'expires_in'),
          refreshExpiresIn: numberParam(params, 'refresh_expires_in'),
          issuedAt: numberParam(params, 'issued_at'),
        }
      : null;
  return errorCode ? { tokens, magicToken, errorCode } : { tokens, magicToken };
}

/** `href` without the auth parameters, as a path + query + hash; null when none were present. */
export function stripAuthParams(href: string): string | null {
  const url = parseUrl(href);
  if (!url) return null;
  const keepToken = isMailTokenPage(url.pathname);
  const present = URL_AUTH_PARAMS.filter(
    (name) => url.searchParams.has(name) && !(keepToken && name === 'token'),
  );
  if (present.length === 0) return null;
  for (const name of present) url.searchParams.delete(name);
  return url.pathname + url.search + url.hash;
}

/** Removes the auth parameters from the address bar with history.replaceState. */
export function removeAuthParamsFromLocation(win: Window): void {
  const next = stripAuthParams(win.location.href);
  if (next === null) return;
  try {
    win.history.replaceState(win.history.state, '', next);
  } catch {
    // Sandboxed frames may refuse; the tokens were read either way.
  }
}
