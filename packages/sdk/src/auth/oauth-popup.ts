/**
 * Social sign-in through a popup (SPEC §5, §9): open the server's start route
 * in a popup, wait for its callback page to post a one-time code back, check
 * the message's origin, state and project id, poll every second for a closed
 * popup (POPUP_CANCELED) and give up after 30 s (AUTH_TIMEOUT). When the
 * browser blocks the popup, the whole page goes to the provider instead.
 */
import {
  OAUTH_MESSAGE_TYPE,
  OAUTH_POPUP_POLL_MS,
  OAUTH_POPUP_TIMEOUT_MS,
  type OAuthMessage,
} from '@codewright/contract';
import { CodewrightError, toClientCode } from '../errors.ts';
import { matchSchema, preloadSchemas } from '../response.ts';
import { joinUrl } from '../http.ts';
import { stripAuthParams } from './url-handoff.ts';

export interface OAuthPopupOptions {
  provider: string;
  window: Window;
  projectId: string;
  /** API origin ('' = this page's origin). */
  baseUrl: string;
  /** Page to come back to (default: this page, without auth params). */
  redirectUrl?: string;
  pollMs?: number;
  timeoutMs?: number;
}

function randomState(): string {
  const bytes = new Uint8Array(24);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The URL of the server's OAuth start route for a provider. */
export function oauthStartUrl(
  options: OAuthPopupOptions,
  state: string,
  mode: 'popup' | 'redirect',
): string {
  const win = options.window;
  const here =
    win.location.origin +
    (stripAuthParams(win.location.href) ??
      win.location.pathname + win.location.search + win.location.hash);
  const query = new URLSearchParams({
    redirect_url: options.redirectUrl ?? here,
    state,
    mode,
    project_id: options.projectId,
  });
  const path = `/api/auth/oauth/${encodeURIComponent(options.provider)}/start?${query}`;
  return options.baseUrl ? joinUrl(options.baseUrl, path) : path;
}

function popupFeatures(win: Window): string {
  const width = 500;
  const height = 650;
  const left = Math.max(0, Math.round(win.screenX + (win.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(win.screenY + (win.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

/**
 * Runs the popup flow and resolves the one-time code to exchange through
 * /magic/verify. Rejects with POPUP_CANCELED, AUTH_TIMEOUT or the server's
 * error. Never settles when it fell back to a full-page redirect.
 */
export function runOAuthPopup(options: OAuthPopupOptions): Promise<string> {
  const win = options.window;
  // Loaded while the user is at the provider, so the answer is checked at once when it comes.
  preloadSchemas();
  const state = randomState();
  const popup = win.open(
    oauthStartUrl(options, state, 'popup'),
    'codewright-oauth',
    popupFeatures(win),
  );
  if (!popup) {
    win.location.assign(oauthStartUrl(options, state, 'redirect'));
    return new Promise<string>(() => {});
  }
  const expectedOrigin = options.baseUrl ? new URL(options.baseUrl).origin : win.location.origin;
  const pollMs = options.pollMs ?? OAUTH_POPUP_POLL_MS;
  const timeoutMs = options.timeoutMs ?? OAUTH_POPUP_TIMEOUT_MS;

  return new Promise<string>((resolve, reject) => {
    const startedAt = Date.now();
    const finish = (error: CodewrightError | null, code?: string) => {
      win.removeEventListener('message', onMessage);
      clearInterval(timer);
      if (error) reject(error);
      else resolve(code!);
    };
    const onMessage = (event: MessageEvent) => {
      // Only our own callback page, for this very attempt, counts (SPEC §5).
      if (event.origin !== expectedOrigin) return;
      void matchSchema('OAuthMessageSchema', event.data).then((message) => {
        if (message) settle(message);
      });
    };
    const settle = (message: OAuthMessage) => {
      if (message.type !== OAUTH_MESSAGE_TYPE) return;
      if (message.state !== state || message.projectId !== options.projectId) return;
      if (message.code) return finish(null, message.code);
      const code = toClientCode(message.error?.code, 400);
      finish(
        new CodewrightError({ code, message: message.error?.message || undefined, status: null }),
      );
    };
    const timer = setInterval(() => {
      if (popup.closed) {
        finish(new CodewrightError({ code: 'POPUP_CANCELED', status: null }));
      } else if (Date.now() - startedAt >= timeoutMs) {
        popup.close();
        finish(new CodewrightError({ code: 'AUTH_TIMEOUT', status: null }));
      }
    }, pollMs);
    win.addEventListener('message', onMessage);
  });
}
