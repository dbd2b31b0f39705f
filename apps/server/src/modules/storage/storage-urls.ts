/**
 * Public URLs of stored files (SPEC §3 "a public URL is returned"; DESIGN §3.10): how one is
 * made, and which storage key a URL given back to the server names. Every module that hands out
 * or reads back a file URL goes through here, so the URL scheme lives in one place (an S3
 * backend can later change it here).
 */
import { AppError } from '../../lib/app-error.ts';
import type { UrlSignature } from './url-signing.ts';

/**
 * The app's own address, from PUBLIC_URL (modules/auth/public-urls.ts) — never from the
 * request's Host header, which a client chooses (a `Host: evil.example` must not make
 * the server hand out links to evil.example).
 */
export interface UrlOrigin {
  /** PUBLIC_URL without a trailing slash (default http://localhost:PORT). */
  base: string;
  /** Origins the app is served from; a URL given back must be on one of them. */
  origins: readonly string[];
  /** The `{project}` path segment. */
  project: string;
}

/** The UrlOrigin of a request to `project`, from the app's PublicUrls. */
export function urlOriginOf(
  urls: { base: string; appOrigins: readonly string[] },
  project: string,
): UrlOrigin {
  return { base: urls.base, origins: urls.appOrigins, project };
}

/** Query parameters of a signed URL (docs/decisions/037). */
export const SIGNED_URL_PARAMS = { expires: 'expires', signature: 'signature' } as const;

/**
 * The URL of a stored key, on the app's public address: plain for a file of a public folder,
 * with `?expires=…&signature=…` for one of a private folder (url-signing.ts).
 */
export function publicUrlOf(origin: UrlOrigin, key: string, signed?: UrlSignature): string {
  const url = `${origin.base}/api/storage/${origin.project}/public/${key}`;
  if (!signed) return url;
  return `${url}?${SIGNED_URL_PARAMS.expires}=${signed.expires}&${SIGNED_URL_PARAMS.signature}=${signed.signature}`;
}

/** The signature parts a URL of this app's storage carries (raw, unchecked; absent ones undefined). */
export function signatureParamsOf(url: URL): { expires?: string; signature?: string } {
  return {
    expires: url.searchParams.get(SIGNED_URL_PARAMS.expires) ?? undefined,
    signature: url.searchParams.get(SIGNED_URL_PARAMS.signature) ?? undefined,
  };
}

/** The path of `url` below PUBLIC_URL's own path (a proxy may serve the app under one), if on the app's origin. */
function appPathOf(url: URL, origin: UrlOrigin): string | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (!origin.origins.includes(url.origin)) return undefined;
  const basePath = new URL(origin.base).pathname.replace(/\/+$/, '');
  if (!url.pathname.startsWith(`${basePath}/`)) return undefined;
  return url.pathname.slice(basePath.length);
}

const bad = (message: string) => new AppError('VALIDATION_ERROR', 400, message);

/**
 * The storage key (`uploads/<userId>/…`) that a public URL (or its path) names — plain or signed,
 * the query string is not part of the key — when it is one
 * of the caller's own files on this host; otherwise a 400 whose message starts with `field`.
 */
export function ownKeyOfPublicUrl(
  raw: string,
  opts: { origin: UrlOrigin; userId: string; field: string; noun?: string },
): string {
  const { origin, field } = opts;
  const noun = opts.noun ?? 'files';
  let pathname: string;
  if (raw.startsWith('/')) {
    pathname = raw.split(/[?#]/)[0] as string;
  } else {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      throw bad(
        `${field}: "${raw.slice(0, 100)}" is not a URL; upload it first and send its publicUrl.`,
      );
    }
    const own = appPathOf(url, origin);
    if (own === undefined) {
      throw bad(
        `${field}: only ${noun} uploaded to this app are accepted (the publicUrl from storage upload); other URLs are never fetched.`,
      );
    }
    pathname = own;
  }
  const prefix = `/api/storage/${origin.project}/public/`;
  let key: string;
  try {
    key = decodeURIComponent(pathname.startsWith(prefix) ? pathname.slice(prefix.length) : '');
  } catch {
    key = '';
  }
  const own = `uploads/${opts.userId}/`;
  if (
    !key.startsWith(own) ||
    key.length === own.length ||
    key.split('/').some((s) => s === '..' || s === '.' || s === '')
  ) {
    throw bad(
      `${field}: name one of your own uploads, ${prefix}${own}<file> (the publicUrl storage upload returned).`,
    );
  }
  return key;
}

/**
 * The key and signature parts of a URL of this app's own public storage (plain or signed), or
 * undefined for any other URL. A key that does not decode (`%E0%A4%A`) is returned as written,
 * for the storage rules to refuse as a bad path rather than throw.
 */
export function storageRefOf(
  raw: string,
  origin: UrlOrigin,
): { key: string; expires?: string; signature?: string } | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const own = appPathOf(url, origin);
  const prefix = `/api/storage/${origin.project}/public/`;
  if (!own?.startsWith(prefix)) return undefined;
  const encoded = own.slice(prefix.length);
  let key: string;
  try {
    key = decodeURIComponent(encoded);
  } catch {
    key = encoded;
  }
  return { key, ...signatureParamsOf(url) };
}
