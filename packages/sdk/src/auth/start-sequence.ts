/**
 * Where the tokens come from on start (SPEC §4.1), first hit wins:
 * 1. a trusted parent frame (≤ PARENT_FRAME_TOKEN_WAIT_MS),
 * 2. the URL query (access_token / token / refresh_token, else magic_token
 *    exchanged through POST /magic/verify; a failed exchange falls through),
 * 3. localStorage.
 * The URL's auth parameters are removed in every case, right after reading.
 */
import { PARENT_FRAME_TOKEN_WAIT_MS } from '@codewright/contract';
import { CodewrightError, toClientCode } from '../errors.ts';
import type { Session, User } from '../types.ts';
import type { AuthApi } from './auth-api.ts';
import { requestParentTokens } from './parent-handoff.ts';
import { sessionFromHandoff } from './token-math.ts';
import type { TokenStore } from './token-store.ts';
import { readUrlHandoff, removeAuthParamsFromLocation } from './url-handoff.ts';

export type StartSource = 'parent' | 'url' | 'magic' | 'storage';

export interface StartTokens {
  source: StartSource;
  session: Session;
  /** Known user (magic exchange, stored entry), else null until /me answers. */
  user: User | null;
  clockSkewMs: number;
}

export interface StartDeps {
  window: Window | null;
  trustedParentOrigins: readonly string[];
  api: AuthApi;
  store: TokenStore;
  /** Told when the URL carried a magic link that failed, or an OAuth error (`auth_error`). */
  onStartError?: (error: CodewrightError) => void;
}

/** Runs steps 1–3 and returns the first token set found, or null. */
export async function findStartTokens(deps: StartDeps): Promise<StartTokens | null> {
  const win = deps.window;
  const fromParent = win
    ? await requestParentTokens(win, deps.trustedParentOrigins, PARENT_FRAME_TOKEN_WAIT_MS)
    : null;

  const fromUrl = win ? readUrlHandoff(win.location.href) : null;
  if (win) removeAuthParamsFromLocation(win);

  if (fromParent) {
    return {
      source: 'parent',
      session: sessionFromHandoff(fromParent, Date.now()),
      user: null,
      clockSkewMs: 0,
    };
  }
  if (fromUrl?.tokens) {
    return {
      source: 'url',
      session: sessionFromHandoff(fromUrl.tokens, Date.now()),
      user: null,
      clockSkewMs: 0,
    };
  }
  if (fromUrl?.errorCode) deps.onStartError?.(startError(fromUrl.errorCode));
  if (fromUrl?.magicToken) {
    try {
      const issued = await deps.api.verifyMagicToken(fromUrl.magicToken);
      return { source: 'magic', ...issued };
    } catch (error) {
      // Unknown, used or expired link: not signed in by it; the app may say why.
      if (error instanceof CodewrightError) deps.onStartError?.(error);
    }
  }
  const stored = deps.store.read();
  if (stored) {
    return {
      source: 'storage',
      session: stored.session,
      user: stored.user,
      clockSkewMs: stored.clockSkewMs,
    };
  }
  return null;
}

/** The typed error for an `auth_error` code a redirect put in the URL. */
function startError(code: string): CodewrightError {
  return new CodewrightError({ code: toClientCode(code, 400), status: null });
}
