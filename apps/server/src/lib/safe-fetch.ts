/**
 * The one way the server requests a URL a user gave (DESIGN §3.14, docs/decisions/018):
 * url-policy.ts checks each URL; the DNS answer is checked inside the socket's own `lookup`, so
 * the connection goes to exactly the address that was checked (no second resolution for DNS
 * rebinding to slip into); every redirect is a new hop, checked again, at most 5; the answer is
 * capped in time (whole fetch), size (after decompression: no gzip bombs) and content type.
 */
import dns, { type LookupAddress } from 'node:dns';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import zlib from 'node:zlib';
import { URL_MAX_REDIRECTS } from '@codewright/contract';
import {
  addressIsAllowed,
  addressProblem,
  checkUrl,
  hostIsAllowed,
  type AllowEntry,
  UrlRefusedError,
} from './url-policy.ts';
import { describeFailure, UrlFetchError } from './url-fetch-errors.ts';

export { UrlRefusedError };
export { assertOk, fetchFailureToAppError, UrlFetchError } from './url-fetch-errors.ts';

export interface SafeFetchOptions {
  allowList: readonly AllowEntry[];
  timeoutMs: number;
  maxBytes: number;
  /** DNS resolution (tests pass a resolver they control); Node's dns.lookup by default. */
  lookup?: LookupFunction;
  /** Extra trusted CA certificates (tests' own HTTPS fixture). */
  ca?: string | Buffer;
  userAgent?: string;
}

export interface FetchRequest {
  url: string;
  /** Content types taken (`text/html`, `text/*`, `*\/*`); anything else is refused. */
  accept: readonly string[];
  /** Redirects to follow (default 5); 0 hands a 3xx answer back as it is. */
  maxRedirects?: number;
  maxBytes?: number;
  /** The caller went away: the fetch stops. */
  signal?: AbortSignal;
  /** Request headers (the screenshot's browser passes its own). */
  headers?: Record<string, string>;
  /** A POST of this body (a webhook delivery) instead of a GET; its redirects are not followed. */
  post?: { body: string; contentType: string };
}

export interface FetchedResponse {
  /** The URL of the answer, after redirects. */
  url: string;
  status: number;
  headers: Record<string, string>;
  /** The media type without parameters, lower case; '' when the answer named none. */
  mimeType: string;
  /** The charset parameter of Content-Type, if any. */
  charset: string | null;
  /** The body, decompressed. */
  body: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MB = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MB`;

/** True when a media type matches one of the accepted patterns. */
export function acceptsType(mimeType: string, accept: readonly string[]): boolean {
  return accept.some((pattern) => {
    if (pattern === '*/*') return true;
    if (pattern.endsWith('/*')) return mimeType.startsWith(pattern.slice(0, -1));
    return mimeType === pattern;
  });
}

/**
 * A `lookup` for one hop: every address the name resolves to must be public (or in an
 * allow-listed network, or the host itself allow-listed); the socket then connects to one of
 * exactly these addresses.
 */
function guardedLookup(base: LookupFunction, hostAllowed: boolean, allow: readonly AllowEntry[]) {
  const lookup: LookupFunction = (hostname, options, callback) => {
    base(hostname, { ...options, all: true }, (err, result) => {
      if (err) return callback(err, '', 0);
      const addresses = (Array.isArray(result) ? result : []) as LookupAddress[];
      if (addresses.length === 0) {
        return callback(new UrlFetchError(`${hostname} did not resolve to any address.`), '', 0);
      }
      if (!hostAllowed) {
        for (const { address } of addresses) {
          const problem = addressIsAllowed(address, allow) ? null : addressProblem(address);
          if (problem) {
            return callback(
              new UrlRefusedError(
                `${hostname} resolves to ${address}, which is not public: ${problem}.`,
              ),
              '',
              0,
            );
          }
        }
      }
      if (options.all)
        (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      else callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
  return lookup;
}

/** Response headers as one lower-case record (repeated ones joined with ", "). */
function headersOf(res: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    const name = res.rawHeaders[i]!.toLowerCase();
    const value = res.rawHeaders[i + 1]!;
    out[name] = name in out ? `${out[name]}, ${value}` : value;
  }
  return out;
}

function decoderFor(
  encoding: string | undefined,
): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null {
  switch ((encoding ?? '').trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return zlib.createGunzip();
    case 'deflate':
      return zlib.createInflate();
    case 'br':
      return zlib.createBrotliDecompress();
    default:
      return null;
  }
}

/** Builds the fetcher; one per app (plugins/url-fetcher.ts). */
export function createSafeFetch(options: SafeFetchOptions) {
  const baseLookup = options.lookup ?? (dns.lookup as unknown as LookupFunction);
  const userAgent = options.userAgent ?? 'Codewright/0.1 (+server-side fetch)';

  /** One hop: the answer's head and body (the body unread unless it is the last hop). */
  function request(url: URL, req: FetchRequest, signal: AbortSignal): Promise<IncomingMessage> {
    const hostAllowed = hostIsAllowed(url, options.allowList);
    const lookup = guardedLookup(baseLookup, hostAllowed, options.allowList);
    const client = url.protocol === 'https:' ? https : http;
    return new Promise((resolve, reject) => {
      const outgoing = client.request(
        url,
        {
          method: req.post ? 'POST' : 'GET',
          agent: false,
          lookup,
          signal,
          ca: options.ca,
          headers: {
            'user-agent': userAgent,
            accept: req.accept.join(', '),
            'accept-encoding': 'gzip, deflate, br',
            ...(req.post
              ? {
                  'content-type': req.post.contentType,
                  'content-length': String(Buffer.byteLength(req.post.body)),
                }
              : {}),
            ...req.headers,
          },
        },
        resolve,
      );
      outgoing.once('error', (err: NodeJS.ErrnoException) => {
        if (err instanceof UrlRefusedError || err instanceof UrlFetchError) reject(err);
        else if (signal.aborted) reject(signal.reason);
        else reject(new UrlFetchError(describeFailure(err, url)));
      });
      outgoing.end(req.post?.body);
    });
  }

  /** Reads a body to its end, decompressed, refusing it once past `max` bytes. */
  async function readBody(res: IncomingMessage, max: number, url: URL): Promise<Buffer> {
    const declared = Number(res.headers['content-length']);
    if (Number.isFinite(declared) && declared > max) {
      res.destroy();
      throw new UrlRefusedError(
        `${url.host} answered ${MB(declared)}; at most ${MB(max)} is fetched.`,
      );
    }
    const decoder = decoderFor(res.headers['content-encoding']);
    const source: NodeJS.ReadableStream = decoder ? res.pipe(decoder) : res;
    const parts: Buffer[] = [];
    let size = 0;
    // Compressed bytes count too (a decoder holds some back); without one they are `size`.
    let raw = 0;
    if (decoder) {
      res.on('data', (chunk: Buffer) => {
        raw += chunk.length;
      });
    }
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > max || raw > max) {
          throw new UrlRefusedError(
            `${url.host} sent more than ${MB(max)}${decoder ? ' (after decompression)' : ''}; at most ${MB(max)} is fetched.`,
          );
        }
        parts.push(chunk);
      }
    } catch (err) {
      res.destroy();
      decoder?.destroy();
      if (err instanceof UrlRefusedError) throw err;
      if ((err as Error).name === 'AbortError') throw err;
      throw new UrlFetchError(
        decoder
          ? `${url.host} sent a body that could not be decompressed.`
          : `${url.host} closed the connection before the body ended.`,
      );
    }
    return Buffer.concat(parts);
  }

  return {
    /**
     * GETs a user-given URL under every rule above. Throws UrlRefusedError (policy, caps) or
     * UrlFetchError (could not be reached); an abort rejects with the signal's reason.
     */
    async fetch(req: FetchRequest): Promise<FetchedResponse> {
      const maxBytes = req.maxBytes ?? options.maxBytes;
      const maxRedirects = req.post ? 0 : (req.maxRedirects ?? URL_MAX_REDIRECTS);
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = req.signal ? AbortSignal.any([timeout, req.signal]) : timeout;
      let url = checkUrl(req.url, options.allowList);
      try {
        for (let hop = 0; ; hop++) {
          const res = await request(url, req, signal);
          const status = res.statusCode ?? 502;
          const location = res.headers.location;
          if (REDIRECTS.has(status) && location && maxRedirects > 0) {
            res.destroy();
            if (hop >= maxRedirects) {
              throw new UrlRefusedError(
                `More than ${maxRedirects} redirects; stopped at ${url.href}.`,
              );
            }
            let next: URL;
            try {
              next = new URL(location, url);
            } catch {
              throw new UrlFetchError(`${url.host} redirected to an invalid URL.`);
            }
            url = checkUrl(next, options.allowList);
            continue;
          }
          const contentType = res.headers['content-type'] ?? '';
          const mimeType = (contentType.split(';')[0] ?? '').trim().toLowerCase();
          const charset = /charset\s*=\s*"?([^";\s]+)/i.exec(contentType)?.[1] ?? null;
          const isRedirect = REDIRECTS.has(status);
          if (!isRedirect && !acceptsType(mimeType || 'application/octet-stream', req.accept)) {
            res.destroy();
            throw new UrlRefusedError(
              `${url.host} answered with content type "${mimeType || 'none'}"; accepted here: ${req.accept.join(', ')}.`,
            );
          }
          const body = await readBody(res, maxBytes, url);
          return { url: url.href, status, headers: headersOf(res), mimeType, charset, body };
        }
      } catch (err) {
        if (timeout.aborted) {
          throw new UrlRefusedError(
            `${url.host} took longer than ${options.timeoutMs / 1000} s; the fetch was stopped.`,
          );
        }
        if (req.signal?.aborted) throw req.signal.reason;
        throw err;
      }
    },
  };
}

export type SafeFetch = ReturnType<typeof createSafeFetch>;
