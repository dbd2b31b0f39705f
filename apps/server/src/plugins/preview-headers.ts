/**
 * Headers of the live preview's files (DESIGN §3.12, docs/decisions/020). The sandbox document
 * runs generated code at an opaque origin (its CSP `sandbox` without allow-same-origin, in a
 * frame or a tab of its own) and may load only what we serve: 'self' in that policy is the
 * origin of the document's URL, ours. It connects to nothing but Pyodide's files. Everything
 * else under /preview/ is loaded by that opaque origin, so it is CORS-readable by anyone
 * (public, hashed files) and not limited by Cross-Origin-Resource-Policy.
 *
 * The document is sent with `Cross-Origin-Opener-Policy: same-origin` except to a top-level
 * navigation our own pages started ("Open in new tab"): a page of another site that opens it
 * gets no handle on it and it gets no opener, so nothing can be run in it under our address.
 */
import { PREVIEW_BASE_PATH, PREVIEW_FRAME_PATH, PREVIEW_PYODIDE_PATH } from '@codewright/contract';

/** True for a request URL under /preview/. */
export function isPreviewPath(url: string): boolean {
  return url.startsWith(PREVIEW_BASE_PATH);
}

/** A host header we are willing to write into a policy (name or address, optional port). */
const SAFE_HOST = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/**
 * The sandbox document's Content-Security-Policy. `origin` is where the browser reached us
 * (scheme and host of the request); without a usable one, the frame may connect nowhere and
 * Python cannot start (the panel says so).
 */
export function previewFrameCsp(origin: string | null): string {
  const connect = origin ? `${origin}${PREVIEW_PYODIDE_PATH}` : "'none'";
  return [
    // No allow-same-origin (opaque origin), no allow-popups, no allow-top-navigation, no
    // allow-modals (the runtime turns alert() into a Console line). Forms: React handlers
    // need the submit event; form-action below keeps the submission itself going nowhere.
    'sandbox allow-scripts allow-forms',
    "default-src 'none'",
    // Inline: the import map and an HTML page's own scripts; eval: code that uses it
    // (calculators); wasm: Pyodide; blob: the built module and the Python worker.
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' 'wasm-unsafe-eval' blob:",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "media-src 'self' data: blob:",
    `connect-src ${connect}`,
    'worker-src blob:',
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
  ].join('; ');
}

/** What the browser says about a request (Fetch Metadata); absent in browsers without it. */
export interface FetchMetadata {
  /** `Sec-Fetch-Site`: same-origin, same-site, cross-site or none (typed, bookmarked, reloaded). */
  site: string | undefined;
  /** `Sec-Fetch-Dest`: document (a tab), iframe, … */
  dest: string | undefined;
}

/**
 * The sandbox document's Cross-Origin-Opener-Policy, or null for none. Any COOP cuts a tab off
 * from its opener, even our own app (the document's origin is opaque, so it matches nobody's),
 * and "Open in new tab" hands the code over through `window.opener`. So only a top-level
 * navigation our own origin started goes without; every other one (another site's
 * `window.open`, a typed address, a reload, a browser that sends no Fetch Metadata) is cut off
 * from whoever opened it. In a frame COOP is ignored; it is sent anyway. Checked in Chromium:
 * a sandboxed document with COOP is not refused (docs/decisions/020).
 */
export function frameOpenerPolicy(fetch: FetchMetadata): string | null {
  return fetch.dest === 'document' && fetch.site === 'same-origin' ? null : 'same-origin';
}

/** The origin the browser used, from the request (trustProxy decides whether forwarded headers count). */
export function requestOrigin(protocol: string, host: string | undefined): string | null {
  if (!host || !SAFE_HOST.test(host)) return null;
  return `${protocol === 'https' ? 'https' : 'http'}://${host}`;
}

export interface PreviewHeaders {
  /** Headers of the sandbox document: its CSP, and COOP unless our own page opens it in a tab. */
  frame(origin: string | null, fetch: FetchMetadata): Record<string, string>;
  /** Headers of every other file under /preview/: vendored modules, the runtime, Pyodide. */
  asset: Readonly<Record<string, string>>;
  /** The headers of a /preview/ request URL. */
  of(
    url: string,
    protocol: string,
    host: string | undefined,
    fetch: FetchMetadata,
  ): Readonly<Record<string, string>>;
}

/** The preview's header sets; `hsts` is the Strict-Transport-Security value of every page. */
export function createPreviewHeaders(hsts: string): PreviewHeaders {
  const shared = {
    'referrer-policy': 'no-referrer',
    'strict-transport-security': hsts,
    'x-content-type-options': 'nosniff',
  };
  const frame = (origin: string | null, fetch: FetchMetadata) => {
    const coop = frameOpenerPolicy(fetch);
    return {
      ...shared,
      'content-security-policy': previewFrameCsp(origin),
      'permissions-policy':
        'camera=(), microphone=(), geolocation=(), usb=(), serial=(), payment=(), display-capture=()',
      ...(coop ? { 'cross-origin-opener-policy': coop } : {}),
      // The headers depend on who asked; a cache must not hand one answer to the other.
      vary: 'sec-fetch-site, sec-fetch-dest',
    };
  };
  const asset = {
    ...shared,
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'access-control-allow-origin': '*',
    'cross-origin-resource-policy': 'cross-origin',
  };
  return {
    frame,
    asset,
    of(url, protocol, host, fetch) {
      const path = url.split(/[?#]/, 1)[0];
      return path === PREVIEW_FRAME_PATH ? frame(requestOrigin(protocol, host), fetch) : asset;
    },
  };
}
