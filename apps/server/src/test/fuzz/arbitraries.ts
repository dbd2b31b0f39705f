/**
 * fast-check arbitraries of hostile requests: odd methods, paths, query strings,
 * headers and tokens, with a body from bodies.ts.
 */
import fc from 'fast-check';
import { bodyArbitrary, bodyText, oddString } from './bodies.ts';
import { PARAM_VALUES, type FuzzRoute } from './routes.ts';
import { schemaBodies } from './schema-bodies.ts';

/** Who the request claims to be; resolved to a header when it is sent. */
export type AuthKind = 'none' | 'user' | 'admin' | 'revoked' | 'garbage' | 'basic';

/** One request as generated (printed as is when a property fails). */
export interface FuzzRequest {
  route: string;
  method: string;
  url: string;
  auth: AuthKind;
  headers: Record<string, string>;
  /** The body text; a `DEEP:n` marker in it stands for n nested arrays. */
  body?: string;
}

/** A query-string part of any string, also one that is not valid UTF-8 when encoded. */
function encodeOdd(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone surrogate: send the bytes a sloppy client would, or a broken escape.
    return `%ED%A0%80${encodeURIComponent(text.replace(/[\uD800-\uDFFF]/g, ''))}`;
  }
}

const QUERY_KEYS = [
  'select',
  'order',
  'limit',
  'offset',
  'id',
  'name',
  'user_id',
  'path',
  'code',
  'state',
  'error',
  'mode',
  't',
];
const QUERY_VALUES = [
  'eq.1',
  'neq.x',
  'in.(a,b)',
  'is.null',
  'like.*a*',
  'ilike.%',
  'gt.2020-01-01',
  'id.desc',
  'name,code',
  '*',
  '-1',
  '99999999999999999999',
  'popup',
];

const queryString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .array(
        fc.tuple(
          fc.oneof(fc.constantFrom(...QUERY_KEYS), oddString),
          fc.oneof(
            fc.constantFrom(...QUERY_VALUES),
            oddString,
            fc.constantFrom(...QUERY_VALUES).chain((v) => oddString.map((s) => v + s)),
          ),
        ),
        { minLength: 1, maxLength: 4 },
      )
      .map((pairs) => '?' + pairs.map(([k, v]) => `${encodeOdd(k)}=${encodeOdd(v)}`).join('&')),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '?',
      '?&&',
      '?a',
      '?a=%',
      '?a=%zz',
      '?a=%E0%A4%A',
      '?%ff=1',
      '?a[b]=1',
    ),
  },
);

/** A concrete path for a route: params filled, sometimes broken on purpose. */
function pathFor(
  route: FuzzRoute,
  params: Record<string, readonly string[]>,
): fc.Arbitrary<string> {
  const names = [...route.path.matchAll(/:([A-Za-z_]+)|\*/g)].map((m) => m[1] ?? '*');
  const value = (name: string) =>
    fc.oneof(
      { weight: 5, arbitrary: fc.constantFrom(...(params[name] ?? PARAM_VALUES[name] ?? ['x'])) },
      { weight: 2, arbitrary: oddString.map(encodeOdd) },
      {
        weight: 1,
        arbitrary: fc.constantFrom('%ff', '%', '..', '%2e%2e', 'a%2Fb', 'x'.repeat(150)),
      },
    );
  const suffix = fc.oneof(
    { weight: 8, arbitrary: fc.constant('') },
    { weight: 1, arbitrary: fc.constantFrom('/', '//', '/..', '/%00', '/extra', '%20', '.json') },
  );
  return fc.tuple(fc.tuple(...names.map(value)), suffix).map(([values, tail]) => {
    let i = 0;
    return route.path.replace(/:[A-Za-z_]+|\*/g, () => values[i++]!) + tail;
  });
}

const ODD_METHODS = [
  'GET',
  'HEAD',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'PROPFIND',
  'SEARCH',
  'TRACE',
];
const CONTENT_TYPES = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=xyz',
  'multipart/form-data',
  'application/vnd.api+json',
  'application/octet-stream',
  'image/png',
  '*/*',
  'nonsense',
];
const EXTRA_HEADERS: [string, fc.Arbitrary<string>][] = [
  [
    'accept',
    fc.constantFrom('*/*', 'text/html', 'application/json', 'text/event-stream', 'x/y;q=bad'),
  ],
  ['x-forwarded-for', fc.constantFrom('1.2.3.4', '::1', 'garbage', '1.2.3.4, 5.6.7.8', '')],
  ['accept-version', fc.constantFrom('1.x', '*', 'nonsense')],
  ['content-encoding', fc.constantFrom('gzip', 'br', 'identity', 'nonsense')],
  ['range', fc.constantFrom('bytes=0-1', 'bytes=-5', 'bytes=9-1', 'nonsense')],
  ['if-none-match', fc.constantFrom('*', '"x"', 'W/"y"')],
  ['if-modified-since', fc.constantFrom('Thu, 01 Jan 1970 00:00:00 GMT', 'nonsense')],
  ['origin', fc.constantFrom('https://evil.example', 'null')],
  ['cookie', fc.constantFrom('cw_oauth=garbage', 'a=b; c', '=')],
  ['x-http-method-override', fc.constantFrom('DELETE', 'PUT')],
  ['x-random', fc.string({ maxLength: 30 })],
];

const headersArbitrary: fc.Arbitrary<Record<string, string>> = fc
  .tuple(
    fc.option(fc.constantFrom(...CONTENT_TYPES), { freq: 6 }),
    fc
      .subarray(EXTRA_HEADERS, { maxLength: 2 })
      .chain((picked) =>
        fc.tuple(...picked.map(([name, value]) => value.map((v) => [name, v] as const))),
      ),
  )
  .map(([contentType, extras]) => ({
    ...(contentType === null ? {} : { 'content-type': contentType }),
    ...Object.fromEntries(extras),
  }));

const authArbitrary: fc.Arbitrary<AuthKind> = fc.constantFrom<AuthKind>(
  'none',
  'none',
  'user',
  'user',
  'user',
  'admin',
  'revoked',
  'garbage',
  'basic',
);

/**
 * A request to one of the routes: its own or another method, any path, query, headers and
 * body. `params` adds path parameter values (the fuzzing user's real ids) to PARAM_VALUES.
 */
export function requestArbitrary(
  routes: readonly FuzzRoute[],
  samples: Record<string, unknown>,
  params: Record<string, readonly string[]> = {},
): fc.Arbitrary<FuzzRequest> {
  const built = new Map(routes.map((r) => [r, schemaBodies(r.body)]));
  const hostile = fc.constantFrom(...routes).chain((route) => {
    const key = `${route.method} ${route.path}`;
    return fc.record({
      route: fc.constant(key),
      method: fc.oneof(
        { weight: 6, arbitrary: fc.constant(route.method) },
        { weight: 1, arbitrary: fc.constantFrom(...ODD_METHODS) },
      ),
      url: fc.tuple(pathFor(route, params), queryString).map(([p, q]) => p + q),
      auth: authArbitrary,
      headers: headersArbitrary,
      body: bodyArbitrary(samples[key], built.get(route)),
    });
  });
  // A quarter are well formed: the route's own method, real ids, a valid body, a real
  // token. They get past validation and reach the handler, where the hostile ones cannot.
  const wellFormed = fc.constantFrom(...routes).chain((route) => {
    const key = `${route.method} ${route.path}`;
    const schema = built.get(route);
    const sample = fc.constant(samples[key]);
    const valid =
      schema && samples[key] !== undefined ? fc.oneof(sample, schema) : (schema ?? sample);
    const path = route.path.replace(/:([A-Za-z_]+)|\*/g, (_, name: string | undefined) => {
      const values = params[name ?? '*'] ?? PARAM_VALUES[name ?? '*'] ?? ['x'];
      return values[0]!;
    });
    return fc
      .record({
        route: fc.constant(key),
        method: fc.constant(route.method),
        url: fc.constant(path),
        auth: fc.constantFrom<AuthKind>('user', 'user', 'admin'),
        body: valid.map((v) => (v === undefined ? undefined : bodyText(v))),
      })
      .map((r): FuzzRequest => ({
        ...r,
        headers: r.body === undefined ? {} : { 'content-type': 'application/json' },
      }));
  });
  return fc.oneof({ weight: 3, arbitrary: hostile }, { weight: 1, arbitrary: wellFormed });
}
