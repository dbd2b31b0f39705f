import helmet, { type HelmetOptions } from 'helmet';

// The security headers of pages and of /api answers, computed once at start. plugins/security.ts
// sets them on every response; a route that answers with a page (the OAuth callback) sets the
// pages' headers itself.

/**
 * The Content-Security-Policy of the whole app. No inline script; inline style
 * is allowed because the toast and editor libraries inject <style> tags.
 */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  // Read aloud plays the speech answer from a blob: URL (docs/decisions/024).
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
};

export const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  // The OAuth popup (docs/decisions/006) must keep its opener to post the result back;
  // `same-origin` would cut that link as soon as the popup visits the provider.
  crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
};

/**
 * Runs helmet once against a recording response and returns the headers it
 * sets. Our policy has no per-request parts (no nonces), so the result is the
 * same for every response.
 */
export function computeSecurityHeaders(
  options: HelmetOptions = HELMET_OPTIONS,
): Record<string, string> {
  const headers: Record<string, string> = {};
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as never, res as never, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/** The headers every page (and every other non-API answer) gets: helmet with our options. */
export const DOCUMENT_SECURITY_HEADERS: Readonly<Record<string, string>> = computeSecurityHeaders();

/**
 * The headers of /api answers. They are data, never documents: the CSP allows nothing at all
 * (stricter than the pages' policy) and may not be framed; the headers that only steer how a
 * document behaves (COOP, Origin-Agent-Cluster, DNS prefetch, X-XSS-Protection, …) are left
 * out. Half the header bytes of a pages' answer, on the busiest responses (decision 008).
 * An /api route that answers with a page (the OAuth callback) sets DOCUMENT_SECURITY_HEADERS.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': DOCUMENT_SECURITY_HEADERS['strict-transport-security']!,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};
