/**
 * Where the tokens come from on start (SPEC §4.1), first hit wins:
 * 1. a trusted parent frame (≤ PARENT_FRAME_TOKEN_WAIT_MS),
 * 2. the URL query (access_token / token / refresh_token, else magic_token
 *    exchanged through POST /magic/verify; a failed exchange falls through),
 * 3. localStorage.
 * The URL's auth parameters are removed in every case, right after reading.
 */
import { PARENT_FRAME_TOKEN_WAIT_MS } from '@codewright/contract';
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
  if (fromUrl?.magicToken) {
    try {
      const issued = await deps.api.verifyMagicToken(fromUrl.magicToken);
      return { source: 'magic', ...issued };
    } catch {
      // Unknown, used or expired link (or no such endpoint yet): not signed in by it.
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
