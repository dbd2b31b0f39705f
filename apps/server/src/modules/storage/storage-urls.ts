/**
 * Public URLs of stored files (SPEC §3 "a public URL is returned"; DESIGN §3.10): how one is
 * made, and which storage key a URL given back to the server names. Every module that hands out
 * or reads back a file URL goes through here, so the URL scheme lives in one place (an S3
 * backend can later change it here).
 */
import { AppError } from '../../lib/app-error.ts';

/** Where a request came in: the public URL of a file is built on the same origin. */
export interface UrlOrigin {
  protocol: string;
  host: string;
  /** The `{project}` path segment. */
  project: string;
}

/** The public URL of a stored key, on the origin the request came in on. */
export function publicUrlOf(origin: UrlOrigin, key: string): string {
  return `${origin.protocol}://${origin.host}/api/storage/${origin.project}/public/${key}`;
}

const bad = (message: string) => new AppError('VALIDATION_ERROR', 400, message);

/**
 * The storage key (`uploads/<userId>/…`) that a public URL (or its path) names, when it is one
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
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.host !== origin.host) {
      throw bad(
        `${field}: only ${noun} uploaded to this app are accepted (the publicUrl from storage upload); other URLs are never fetched.`,
      );
    }
    pathname = url.pathname;
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

/** True when `raw` is a URL of this app's own public storage (on the request's host). */
export function isOwnStorageUrl(raw: string, origin: UrlOrigin): boolean {
  try {
    const url = new URL(raw);
    return (
      url.host === origin.host && url.pathname.startsWith(`/api/storage/${origin.project}/public/`)
    );
  } catch {
    return false;
  }
}
