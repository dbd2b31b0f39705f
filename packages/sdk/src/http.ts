/**
 * The one request helper every SDK module uses: JSON in and out, Bearer from
 * the auth module, AbortSignal pass-through, the injected fetch, baseUrl
 * joining, and SPEC §8.1 error mapping. Internal: modules receive it from
 * `createClient`; it is exported for the SDK's own modules and tests.
 */
import { errorFromResponse, networkErrorFrom, type CodewrightError } from './errors.ts';

export type QueryValue = string | number | boolean | null | undefined;

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path under baseUrl, e.g. `/api/auth/me`. */
  path: string;
  /** Appended as a query string; null/undefined entries are left out. */
  query?: Record<string, QueryValue | readonly QueryValue[]>;
  /** Sent as JSON, except FormData, Blob, URLSearchParams and strings, which go as they are. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /**
   * Bearer token: `true` (default) asks the auth module (`getAccessToken`),
   * a string is used as given, `false` sends none.
   */
  auth?: boolean | string;
  /** How to read a 2xx answer; default `json` (empty body → undefined). */
  responseType?: 'json' | 'text' | 'blob' | 'response';
  /** Overrides the §8.1 mapping for a module with its own error family (storage, ai…). */
  mapError?: (status: number, body: unknown, response: Response) => CodewrightError;
}

export type HttpClient = <T = unknown>(request: HttpRequest) => Promise<T>;

export interface HttpClientOptions {
  /** Origin (and optional prefix) of the API; '' means same origin. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Supplies the Bearer token for `auth: true` requests. */
  getAccessToken?: () => Promise<string | null>;
}

/** Joins a base URL and a path with exactly one slash between them. */
export function joinUrl(baseUrl: string, path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}/${path.replace(/^\/+/, '')}`;
}

function queryString(query: HttpRequest['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const v of values as QueryValue[])
      if (v !== null && v !== undefined) params.append(key, String(v));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    (typeof FormData !== 'undefined' && body instanceof FormData) ||
    (typeof Blob !== 'undefined' && body instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && body instanceof URLSearchParams) ||
    body instanceof ArrayBuffer
  );
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Builds the request helper bound to one client's baseUrl, fetch and auth. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl ?? '';
  // Late-bound so a fetch installed after createClient (polyfills, tests) is used.
  const doFetch: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  return async function request<T>(req: HttpRequest): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...req.headers };
    const auth = req.auth ?? true;
    const token =
      typeof auth === 'string'
        ? auth
        : auth && options.getAccessToken
          ? await options.getAccessToken()
          : null;
    if (token) headers.Authorization = `Bearer ${token}`;

    let body: BodyInit | undefined;
    if (req.body !== undefined) {
      if (isRawBody(req.body)) body = req.body;
      else {
        body = JSON.stringify(req.body);
        headers['Content-Type'] = 'application/json';
      }
    }

    let response: Response;
    try {
      response = await doFetch(joinUrl(baseUrl, req.path) + queryString(req.query), {
        method: req.method ?? 'GET',
        headers,
        body,
        signal: req.signal,
      });
    } catch (cause) {
      // An abort is the caller's own doing: hand back their reason unchanged.
      if (req.signal?.aborted) throw req.signal.reason ?? cause;
      throw networkErrorFrom(cause);
    }

    if (!response.ok) {
      const errorBody = await readBody(response).catch(() => undefined);
      if (req.mapError) throw req.mapError(response.status, errorBody, response);
      throw errorFromResponse({
        status: response.status,
        body: errorBody,
        retryAfter: response.headers.get('Retry-After'),
      });
    }

    try {
      switch (req.responseType ?? 'json') {
        case 'response':
          return response as T;
        case 'text':
          return (await response.text()) as T;
        case 'blob':
          return (await response.blob()) as T;
        default:
          return (response.status === 204 ? undefined : await readBody(response)) as T;
      }
    } catch (cause) {
      if (req.signal?.aborted) throw req.signal.reason ?? cause;
      throw networkErrorFrom(cause);
    }
  };
}
