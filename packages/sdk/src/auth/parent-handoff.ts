/**
 * Token hand-off from an embedding parent window (SPEC §4.1, step 1).
 *
 * Protocol (postMessage, plain objects):
 * 1. The framed app sends `{ type: 'codewright:auth:request' }` to `window.parent`,
 *    once per trusted origin (postMessage's targetOrigin keeps it from others).
 * 2. The parent answers with
 *    `{ type: 'codewright:auth:token', access_token, refresh_token?, expires_in?,
 *       refresh_expires_in?, issued_at? }` (snake_case, as on the wire).
 * 3. The answer counts only when it comes from `window.parent` itself, from an
 *    origin in `trustedParentOrigins` (default: the page's own origin), within
 *    PARENT_FRAME_TOKEN_WAIT_MS (100 ms). Anything else is ignored.
 */
import type { HandedOffTokens } from './token-math.ts';

export const PARENT_TOKEN_REQUEST_TYPE = 'codewright:auth:request';
export const PARENT_TOKEN_RESPONSE_TYPE = 'codewright:auth:token';

/** The message a parent window posts to hand tokens to the framed app. */
export interface ParentTokenMessage {
  type: typeof PARENT_TOKEN_RESPONSE_TYPE;
  access_token: string;
  refresh_token?: string;
  expires_in?: number;
  refresh_expires_in?: number;
  issued_at?: number;
}

/** True when the page runs inside a frame. */
export function isFramed(win: Window): boolean {
  try {
    return win.parent !== null && win.parent !== undefined && win.parent !== win;
  } catch {
    return true;
  }
}

function optionalNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The tokens of a valid response message, else null. */
export function parseParentTokenMessage(data: unknown): HandedOffTokens | null {
  if (!data || typeof data !== 'object') return null;
  const m = data as Record<string, unknown>;
  if (m.type !== PARENT_TOKEN_RESPONSE_TYPE) return null;
  if (typeof m.access_token !== 'string' || m.access_token === '') return null;
  return {
    accessToken: m.access_token,
    refreshToken: typeof m.refresh_token === 'string' ? m.refresh_token : null,
    expiresIn: optionalNumber(m.expires_in),
    refreshExpiresIn: optionalNumber(m.refresh_expires_in),
    issuedAt: optionalNumber(m.issued_at),
  };
}

/** Asks the parent frame for tokens; resolves null after `timeoutMs` without a trusted answer. */
export function requestParentTokens(
  win: Window,
  trustedOrigins: readonly string[],
  timeoutMs: number,
): Promise<HandedOffTokens | null> {
  const origins = trustedOrigins.filter((o) => o && o !== '*' && o !== 'null');
  if (!isFramed(win) || origins.length === 0) return Promise.resolve(null);

  return new Promise((resolve) => {
    const finish = (tokens: HandedOffTokens | null) => {
      clearTimeout(timer);
      win.removeEventListener('message', onMessage);
      resolve(tokens);
    };
    const onMessage = (event: MessageEvent) => {
      if (event.source !== win.parent || !origins.includes(event.origin)) return;
      const tokens = parseParentTokenMessage(event.data);
      if (tokens) finish(tokens);
    };
    win.addEventListener('message', onMessage);
    const timer = setTimeout(() => finish(null), timeoutMs);
    for (const origin of origins) {
      try {
        win.parent.postMessage({ type: PARENT_TOKEN_REQUEST_TYPE }, origin);
      } catch {
        // A closed or cross-origin-blocked parent simply never answers.
      }
    }
  });
}
