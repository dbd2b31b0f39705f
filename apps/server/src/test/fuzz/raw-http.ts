/**
 * Requests that `app.inject` cannot express — malformed request lines, URLs and
 * headers, wrong Content-Length — written byte for byte on a real socket.
 */
import net from 'node:net';
import fc from 'fast-check';
import type { FuzzRoute } from './routes.ts';

/** One raw request as generated (latin1 text: every char is one byte on the wire). */
export interface RawRequest {
  requestLine: string;
  headerLines: string[];
  body: string;
}

/** What came back: the status (0 when the server closed without answering) and the body. */
export interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

const latin1 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

const methodToken = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.constantFrom('GET', 'POST', 'PATCH', 'DELETE', 'HEAD', 'PUT', 'OPTIONS'),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('get', 'BREW', 'G ET', '', 'PROPFIND', 'CONNECT', 'PRI', 'M-SEARCH'),
  },
  { weight: 1, arbitrary: fc.string({ minLength: 1, maxLength: 8 }) },
);

const oddTarget = fc.constantFrom(
  '*',
  '//',
  '/api/%',
  '/api/%ff',
  '/api/%E0%A4%A',
  '/public/uploads/%ff',
  '/api/storage/codewright/public/%C0%AF',
  '/api/auth/me%00',
  '/api/auth/me\u0000',
  '/api/\u00ff\u00fe',
  '/api/ auth',
  '/api/\tauth',
  'http://evil.example/api/health',
  'api/health',
  '/api/health#frag',
  '/api/health?a=%',
  `/api/${'a'.repeat(9000)}`,
  `/api/ai/${'p'.repeat(200)}/status`,
);

function targetArbitrary(routes: readonly FuzzRoute[]): fc.Arbitrary<string> {
  const fromRoute = fc
    .constantFrom(...routes)
    .map((r) => r.path.replace(/:[A-Za-z_]+/g, 'codewright').replace('*', 'x'));
  return fc.oneof(
    { weight: 3, arbitrary: fromRoute },
    { weight: 2, arbitrary: oddTarget },
    {
      weight: 2,
      arbitrary: fc
        .tuple(fromRoute, fc.string({ unit: 'binary', maxLength: 12 }))
        .map(([p, junk]) => p + latin1(junk)),
    },
  );
}

const version = fc.constantFrom(
  'HTTP/1.1',
  'HTTP/1.1',
  'HTTP/1.1',
  'HTTP/1.1',
  'HTTP/1.0',
  'HTTP/2.0',
  'HTTP/1.1x',
  '',
);

const oddHeaderLine = fc.constantFrom(
  'Bad Header: 1',
  'X-Ctl: a\u0001b',
  'NoColon',
  ': empty-name',
  'X-Nul: a\u0000b',
  `X-Huge: ${'h'.repeat(20_000)}`,
  'Content-Length: 5',
  'Content-Length: -1',
  'Content-Length: 1, 2',
  'Transfer-Encoding: chunked',
  'Transfer-Encoding: gzip, chunked',
  'Content-Type: application/json',
  'Content-Type: multipart/form-data; boundary=b',
  'Authorization: Bearer x.y.z',
  'Authorization: \u00ff\u00fe',
  'Expect: 100-continue',
  'Upgrade: websocket',
  'Host: a\u0000b',
  ' folded: continuation',
);

const bodyText = fc.oneof(
  fc.constant(''),
  fc.constantFrom('{}', '{"email":"a@b.co","password":"x"}', '{', '0\r\n\r\n', 'zz\r\nbad\r\n'),
  fc.string({ unit: 'binary', maxLength: 40 }).map(latin1),
);

/** A raw HTTP/1.x request, mostly well framed, with something odd in it. */
export function rawRequestArbitrary(routes: readonly FuzzRoute[]): fc.Arbitrary<RawRequest> {
  return fc
    .record({
      method: methodToken,
      target: targetArbitrary(routes),
      version,
      host: fc.constantFrom(['Host: localhost'], ['Host: localhost'], [], ['Host: a', 'Host: b']),
      odd: fc.array(oddHeaderLine, { maxLength: 2 }),
      body: bodyText,
    })
    .map(({ method, target, version: v, host, odd, body }) => {
      const framed = odd.some((h) => /^(content-length|transfer-encoding)/i.test(h));
      return {
        requestLine: `${method} ${target} ${v}`.trimEnd(),
        headerLines: [
          ...host,
          ...odd,
          ...(framed || !body ? [] : [`Content-Length: ${Buffer.byteLength(body, 'latin1')}`]),
          'Connection: close',
        ],
        body,
      };
    });
}

/** Sends a raw request and reads until the server closes the connection (or `timeoutMs`). */
export function sendRaw(port: number, request: RawRequest, timeoutMs = 5000): Promise<RawAnswer> {
  const wire =
    `${request.requestLine}\r\n${request.headerLines.map((h) => `${h}\r\n`).join('')}\r\n` +
    request.body;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    // Written without half-closing: Node's HTTP server drops the requests of a client that
    // ends its side early (httpAllowHalfOpen off), and `Connection: close` ends the exchange.
    const socket = net.connect(port, '127.0.0.1', () => socket.write(Buffer.from(wire, 'latin1')));
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0);
      const split = text.indexOf('\r\n\r\n');
      resolve({
        status,
        headers: split === -1 ? text : text.slice(0, split),
        body: split === -1 ? '' : text.slice(split + 4),
      });
    });
  });
}

/** Writes a whole request, then resets the connection (TCP RST) before any answer. */
export function sendAndReset(port: number, wire: string): Promise<void> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(wire, () => socket.resetAndDestroy());
    });
    socket.on('error', () => {});
    socket.on('close', () => resolve());
  });
}

/** A request whose headers promise a large body that then arrives a byte at a time. */
export interface TrickledRequest {
  method: string;
  target: string;
  headerLines: string[];
}

/** Early answers are most likely here: no token, a bad one, or a content type no route takes. */
const trickleHeaders = fc.record({
  auth: fc.constantFrom([], ['Authorization: Bearer not.a.token']),
  type: fc.constantFrom(
    'Content-Type: application/json',
    'Content-Type: text/foo',
    'Content-Type: multipart/form-data; boundary=b',
    'Content-Type: application/octet-stream',
  ),
});

/** A request to a route (or an odd target) with a body promised and never finished. */
export function trickledRequestArbitrary(
  routes: readonly FuzzRoute[],
): fc.Arbitrary<TrickledRequest> {
  return fc
    .record({
      method: fc.constantFrom('POST', 'PATCH', 'PUT', 'DELETE'),
      target: targetArbitrary(routes),
      headers: trickleHeaders,
    })
    .map(({ method, target, headers }) => ({
      method,
      target,
      headerLines: ['Host: localhost', ...headers.auth, headers.type, 'Content-Length: 100000'],
    }));
}

/** What a trickled request got: the status (0: none) and when the server closed the connection. */
export interface TrickleOutcome {
  status: number;
  closedAfterMs: number;
}

/**
 * Sends the headers, then one byte every `everyMs` until the server closes the connection or
 * `giveUpMs` passes (then `closedAfterMs` is Infinity: the connection was left open).
 */
export function sendTrickled(
  port: number,
  request: TrickledRequest,
  everyMs: number,
  giveUpMs: number,
): Promise<TrickleOutcome> {
  const head =
    `${request.method} ${request.target} HTTP/1.1\r\n` +
    `${request.headerLines.map((h) => `${h}\r\n`).join('')}\r\n`;
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const start = Date.now();
    let gaveUp = false;
    const socket = net.connect(port, '127.0.0.1', () => socket.write(Buffer.from(head, 'latin1')));
    const drip = setInterval(() => {
      if (socket.writable) socket.write(' ');
    }, everyMs);
    const timer = setTimeout(() => {
      gaveUp = true;
      socket.destroy();
    }, giveUpMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      resolve({
        status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(text)?.[1] ?? 0),
        closedAfterMs: gaveUp ? Infinity : Date.now() - start,
      });
    });
  });
}
