/**
 * What a failed server-side fetch means (DESIGN §2c, §3.14): the fetcher's own error for a URL
 * that could not be reached, its words for Node's network errors, and the API errors both kinds
 * of failure become.
 */
import { AppError } from './app-error.ts';
import type { FetchedResponse } from './safe-fetch.ts';
import { UrlRefusedError } from './url-policy.ts';

/** A failure to reach or read the URL (DNS, connection, TLS, a broken answer); the message says which. */
export class UrlFetchError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UrlFetchError';
  }
}

/** What a failed request means for the caller, in words. */
export function describeFailure(err: NodeJS.ErrnoException, url: URL): string {
  const host = url.host;
  switch (err.code) {
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NODATA':
      return `${url.hostname} could not be resolved (no such host).`;
    case 'ECONNREFUSED':
      return `${host} refused the connection.`;
    case 'ECONNRESET':
    case 'EPIPE':
      return `${host} closed the connection.`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${host} cannot be reached.`;
    case 'HPE_HEADER_OVERFLOW':
      return `${host} answered with headers that are too large.`;
    default:
      if (err.code?.startsWith('ERR_TLS') || /certificate|SSL|TLS/i.test(err.message))
        return `${host}: the secure connection failed (${err.code ?? err.message}).`;
      if (err.code?.startsWith('HPE_')) return `${host} sent an invalid HTTP answer.`;
      return `${host} could not be fetched (${err.code ?? err.message}).`;
  }
}

/**
 * The API error of a failed fetch (DESIGN §2c): a refusal or a cap is 400 URL_NOT_ALLOWED, an
 * unreachable URL 502 URL_FETCH_FAILED, both with the reason (prefixed with `what`, e.g. the
 * field). Anything else is returned unchanged.
 */
export function fetchFailureToAppError(err: unknown, what?: string): unknown {
  const prefix = what ? `${what}: ` : '';
  if (err instanceof UrlRefusedError)
    return new AppError('URL_NOT_ALLOWED', 400, `${prefix}${err.message}`);
  if (err instanceof UrlFetchError)
    return new AppError('URL_FETCH_FAILED', 502, `${prefix}${err.message}`);
  return err;
}

/** A final answer that is not 2xx, as 502 URL_FETCH_FAILED naming the status. */
export function assertOk(res: FetchedResponse, what?: string): FetchedResponse {
  if (res.status >= 200 && res.status < 300) return res;
  throw new AppError(
    'URL_FETCH_FAILED',
    502,
    `${what ? `${what}: ` : ''}${res.url} answered HTTP ${res.status}.`,
  );
}
