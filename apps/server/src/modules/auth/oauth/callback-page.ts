/**
 * The tiny page the OAuth popup ends on. No inline script (CSP script-src
 * 'self'): the data rides in data-* attributes and a static script posts it
 * to `window.opener`, targeted at the app's origin only.
 */
import { OAUTH_MESSAGE_TYPE } from '@codewright/contract';
import { escapeHtml } from '../../notifications/templates.ts';

export const CALLBACK_SCRIPT_PATH = '/api/auth/oauth/callback.js';

export interface CallbackPageData {
  /** The app origin the message is posted to. */
  origin: string;
  clientState: string;
  projectId: string;
  code?: string;
  error?: { code: string; message: string };
  /** Where to go when the popup lost its opener: the app with the code in the URL. */
  fallbackUrl?: string;
}

/** The HTML of the popup's last page. */
export function callbackPage(data: CallbackPageData): string {
  const attrs: Record<string, string | undefined> = {
    'data-origin': data.origin,
    'data-state': data.clientState,
    'data-project-id': data.projectId,
    'data-code': data.code,
    'data-error-code': data.error?.code,
    'data-error-message': data.error?.message,
    'data-fallback': data.fallbackUrl,
  };
  const attrText = Object.entries(attrs)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}="${escapeHtml(v!)}"`)
    .join(' ');
  const text = data.error
    ? escapeHtml(data.error.message)
    : 'Signed in. This window closes by itself; you can also close it.';
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Codewright sign-in</title>
<style>body{font-family:system-ui,sans-serif;background:#0b0d12;color:#e5e7eb;display:grid;place-items:center;min-height:100vh;margin:0;padding:16px;text-align:center}</style>
</head><body>
<p id="cw-oauth" ${attrText}>${text}</p>
<script src="${CALLBACK_SCRIPT_PATH}"></script>
</body></html>`;
}

/** The static script of the page (served with a JS content type). */
export const CALLBACK_SCRIPT = `(function () {
  var el = document.getElementById('cw-oauth');
  if (!el) return;
  var d = el.dataset;
  var msg = { type: ${JSON.stringify(OAUTH_MESSAGE_TYPE)}, state: d.state || '', projectId: d.projectId || '' };
  if (d.code) msg.code = d.code;
  else msg.error = { code: d.errorCode || 'REDIRECT_FAILED', message: d.errorMessage || '' };
  if (window.opener && d.origin) {
    window.opener.postMessage(msg, d.origin);
    setTimeout(function () { window.close(); }, 100);
  } else if (d.fallback) {
    window.location.replace(d.fallback);
  }
})();
`;
