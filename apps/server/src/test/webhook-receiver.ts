import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a receiver got. */
export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

/**
 * A local webhook receiver for tests: records every request and answers each path with the
 * status `answer(path)` gives (200 by default).
 */
export async function startWebhookReceiver() {
  const received: Received[] = [];
  let answer: (path: string) => number = () => 200;
  const server = http.createServer((req, res) => {
    const parts: Buffer[] = [];
    req.on('data', (p: Buffer) => parts.push(p));
    req.on('end', () => {
      const path = req.url ?? '/';
      received.push({
        path,
        headers: req.headers,
        body: Buffer.concat(parts).toString('utf8'),
        at: Date.now(),
      });
      res.writeHead(answer(path), { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    received,
    /** What arrived at `path`. */
    at: (path: string) => received.filter((r) => r.path === path),
    answerWith(fn: (path: string) => number) {
      answer = fn;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
