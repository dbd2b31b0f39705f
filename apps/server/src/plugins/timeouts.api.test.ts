// Time-outs on receiving requests (plugins/timeouts.ts; docs/operations.md § Time-outs and
// streams). Raw sockets against the listening app, with short time-outs from the environment.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { ERROR_MESSAGES } from '@codewright/contract';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({
    HTTP_HEADERS_TIMEOUT_MS: '500',
    HTTP_BODY_TIMEOUT_MS: '300',
    HTTP_REQUEST_TIMEOUT_MS: '2000',
    HTTP_KEEP_ALIVE_TIMEOUT_MS: '300',
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

interface Outcome {
  /** What the server sent before the connection closed. */
  received: string;
  /** Milliseconds from the first byte sent to the close. */
  closedAfterMs: number;
  /** Pieces the client had sent when the server closed. */
  piecesSent: number;
}

/**
 * Sends `pieces` one every `everyMs` on a fresh connection (the first at once) and resolves
 * when the server closes the connection, or after `giveUpMs`.
 */
function trickle(pieces: string[], everyMs: number, giveUpMs = 10_000): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const start = Date.now();
    let received = '';
    let sent = 0;
    const timer = setInterval(() => {
      if (sent < pieces.length && socket.writable) socket.write(pieces[sent++]!);
    }, everyMs);
    const giveUp = setTimeout(() => socket.destroy(), giveUpMs);
    socket.on('data', (d: Buffer) => (received += d.toString('utf8')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      resolve({ received, closedAfterMs: Date.now() - start, piecesSent: sent });
    });
    socket.on('connect', () => {
      socket.write(pieces[sent++]!);
    });
    socket.once('timeout', () => reject(new Error('socket timeout')));
  });
}

const head = (length: number) =>
  `POST /api/auth/signin/email HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n` +
  `content-length: ${length}\r\n\r\n`;

const timeoutAnswer = (received: string) => {
  expect(received).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
  expect(received).toMatch(/\r\nconnection: close\r\n/i);
  const body = JSON.parse(received.slice(received.indexOf('\r\n\r\n') + 4)) as unknown;
  expect(body).toEqual({
    error: { code: 'REQUEST_TIMEOUT', message: ERROR_MESSAGES.REQUEST_TIMEOUT },
  });
};

describe('request bodies', () => {
  it('a body trickled a byte at a time is cut off with 408 and the connection closed', async () => {
    const body = JSON.stringify({ email: 'slow@example.com', password: 'x'.repeat(150) });
    // One byte every 100 ms: the whole body would take about 17 s.
    const out = await trickle([head(body.length), ...body], 100);
    timeoutAnswer(out.received);
    expect(out.piecesSent).toBeLessThan(body.length);
  });

  it('a body that arrives slowly but steadily (above the minimum rate) is answered', async () => {
    const body = JSON.stringify({ email: 'steady@example.com', password: 'y'.repeat(3000) });
    // 512 bytes every 150 ms (≈ 3.4 KB/s) — longer than the 300 ms grace, above 1 KB/s.
    const pieces = [head(body.length)];
    for (let i = 0; i < body.length; i += 512) pieces.push(body.slice(i, i + 512));
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString('utf8')));
    for (const piece of pieces) {
      socket.write(piece);
      await new Promise((r) => setTimeout(r, 150));
    }
    const until = Date.now() + 5000;
    while (!received.includes('\r\n\r\n{') && Date.now() < until)
      await new Promise((r) => setTimeout(r, 20));
    socket.destroy();
    // An ordinary answer (wrong credentials), not a time-out.
    expect(received).toMatch(/^HTTP\/1\.1 401 /);
    expect(received).toContain('INVALID_CREDENTIALS');
  });

  it('a body that keeps coming past the whole-request time-out is cut off too', async () => {
    // 2 KB/s, above the minimum rate, for longer than HTTP_REQUEST_TIMEOUT_MS (2 s).
    const pieces = [head(100_000), ...Array.from({ length: 60 }, () => ' '.repeat(200))];
    const out = await trickle(pieces, 100);
    timeoutAnswer(out.received);
    expect(out.piecesSent).toBeLessThan(pieces.length);
  });
});

describe('an answer given before the body has arrived', () => {
  // Headers promising 100,000 bytes, then one byte every 100 ms: a client holding the connection.
  const early = (line: string, headers = 'content-type: application/json') =>
    trickle(
      [
        `${line} HTTP/1.1\r\nhost: 127.0.0.1\r\n${headers}\r\ncontent-length: 100000\r\n\r\n`,
        ...Array.from({ length: 100 }, () => ' '),
      ],
      100,
    );

  /** One answer with `status`, `connection: close`, and the server closed the connection at once. */
  const closedAfterAnswer = (out: Outcome, status: number) => {
    expect(out.received).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(out.received.match(/HTTP\/1\.1 /g)).toHaveLength(1);
    expect(out.received).toMatch(/\r\nconnection: close\r\n/i);
    // Closed by the server well before its whole-request time-out (2 s) could end it.
    expect(out.piecesSent).toBeLessThan(10);
  };

  it('401 without a token on /sql and /upload closes the connection', async () => {
    closedAfterAnswer(await early('POST /api/db/codewright/sql'), 401);
    closedAfterAnswer(
      await early(
        'POST /api/storage/codewright/upload',
        'content-type: multipart/form-data; boundary=x',
      ),
      401,
    );
  });

  it('415 for a content type the route does not take closes the connection', async () => {
    closedAfterAnswer(await early('POST /api/auth/signin/email', 'content-type: text/foo'), 415);
  });

  it('a route that does not exist waits for no trickled body: 408 after the grace, closed', async () => {
    closedAfterAnswer(await early('POST /api/no-such-route'), 408);
  });
});

describe('request headers and idle connections', () => {
  it('headers trickled past the headers time-out are cut off with 408', async () => {
    const headers = 'GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\nx-slow: ' + 'a'.repeat(100);
    const out = await trickle([...headers], 100);
    timeoutAnswer(out.received);
    expect(out.piecesSent).toBeLessThan(headers.length);
  });

  it('an idle keep-alive connection is closed after the keep-alive time-out', async () => {
    const out = await trickle(['GET /api/health HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n'], 50);
    expect(out.received).toMatch(/^HTTP\/1\.1 200 /);
    // Closed by the server, not by the 10 s give-up of the client.
    expect(out.closedAfterMs).toBeLessThan(9000);
  });
});
