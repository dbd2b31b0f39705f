import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import http, { type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { bodyStream, providerAgents, providerFetch } from './provider-fetch.ts';

let server: http.Server;
let base: string;
/** Requests to /drop-after that reached the server. */
let dropped = 0;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/hang') return; // never answers
    if (req.url === '/slow') {
      // Answers after longer than the agent's idle cap (a model thinking before it writes).
      setTimeout(() => res.end('slow'), 300);
      return;
    }
    if (req.url === '/big') {
      // An answer larger than the socket buffers take at once (a long model answer).
      res.end(Buffer.alloc(8 * 1024 * 1024, 'y'));
      return;
    }
    if (req.url === '/drop-after') {
      // The provider read the whole request (and may have started work), then the
      // connection went away.
      req.resume();
      req.once('end', () => {
        dropped++;
        req.socket.destroy();
      });
      return;
    }
    res.writeHead(201, { 'content-type': 'text/plain', 'x-test': 'yes' });
    req.pipe(res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

describe('providerFetch', () => {
  it('sends the method, headers and body, and answers status, headers and body', async () => {
    const res = await providerFetch(`${base}/echo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"hello":"wörld"}',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-test')).toBe('yes');
    expect(await res.text()).toBe('{"hello":"wörld"}');
  });

  it('rejects with the signal reason when aborted, and with TypeError("fetch failed") when refused', async () => {
    const stop = new AbortController();
    const pending = providerFetch(`${base}/hang`, { signal: stop.signal });
    setTimeout(() => stop.abort(), 20);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

    const gone = http.createServer();
    await new Promise<void>((r) => gone.listen(0, '127.0.0.1', r));
    const port = (gone.address() as AddressInfo).port;
    await new Promise((r) => gone.close(r));
    const err = await providerFetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as TypeError).message).toBe('fetch failed');
    expect(((err as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });
});

describe('providerFetch retries', () => {
  it('never sends a request again after it reached the provider: one call, one bill', async () => {
    // A kept-alive connection first, so the next request reuses it (the retry case of old).
    const warm = await providerFetch(`${base}/echo`, { method: 'POST', body: 'warm' });
    expect(await warm.text()).toBe('warm');
    dropped = 0;
    const err = await providerFetch(`${base}/drop-after`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"model":"m","messages":[]}',
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect((err as TypeError).message).toBe('fetch failed');
    await new Promise((r) => setTimeout(r, 100));
    expect(dropped).toBe(1);
  });

  it('a kept-alive connection the provider closed before the request is not a failure', async () => {
    const warm = await providerFetch(`${base}/echo`, { method: 'POST', body: 'first' });
    expect(await warm.text()).toBe('first');
    // The provider closes its idle connections (as servers do after their keep-alive time).
    server.closeIdleConnections();
    await new Promise((r) => setTimeout(r, 50));
    const res = await providerFetch(`${base}/echo`, { method: 'POST', body: 'second' });
    expect(res.status).toBe(201);
    expect(await res.text()).toBe('second');
  });
});

describe('kept-alive provider connections', () => {
  function get(agent: http.Agent, path: string) {
    return new Promise<{ text: string; reused: boolean }>((resolve, reject) => {
      const request = http.get(`${base}${path}`, { agent }, (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ text, reused: request.reusedSocket }));
      });
      request.on('error', reject);
    });
  }

  it('an idle connection is closed by us after the idle cap, before the provider would', async () => {
    const agent = providerAgents(100)['http:'];
    await get(agent, '/echo');
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(1);
    // Closed by our 100 ms cap, waited for (a busy machine fires the timer later), well inside the
    // test server's own keep-alive of 5 s, Node's default.
    await vi.waitFor(() => expect(Object.values(agent.freeSockets).flat()).toHaveLength(0), {
      timeout: 2_000,
    });
    agent.destroy();
  });

  it('idle time runs from when the answer arrived, not from when its reader finished it', async () => {
    const agent = providerAgents(100)['http:'];
    // A short answer that waits, whole and unread, for longer than the idle cap: the provider
    // has been idle since it sent it, so the connection is not kept for another call.
    await new Promise<void>((resolve, reject) => {
      http
        .get(`${base}/echo`, { agent }, (res) => {
          setTimeout(() => {
            res.resume();
            res.on('end', resolve);
          }, 250);
        })
        .on('error', reject);
    });
    await new Promise((r) => setImmediate(r));
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(0);
    expect((await get(agent, '/echo')).reused).toBe(false);
    // Read at once, the same answer leaves its connection for the next call.
    expect((await get(agent, '/echo')).reused).toBe(true);
    agent.destroy();
  });

  it('a connection whose answer was read with backpressure is not kept', async () => {
    const agent = providerAgents(4_000)['http:'];
    expect((await get(agent, '/echo')).reused).toBe(false);
    // Read slowly: the socket pauses, and the provider may have finished writing long before
    // the end arrives here, so its keep-alive clock cannot be known.
    const length = await new Promise<number>((resolve, reject) => {
      http
        .get(`${base}/big`, { agent }, (res) => {
          let got = 0;
          const readSome = () => {
            let chunk: Buffer | null;
            while ((chunk = res.read() as Buffer | null) !== null) got += chunk.length;
          };
          res.on('readable', () => setTimeout(readSome, 5));
          res.on('end', () => resolve(got));
        })
        .on('error', reject);
    });
    expect(length).toBe(8 * 1024 * 1024);
    await new Promise((r) => setImmediate(r));
    expect(Object.values(agent.freeSockets).flat()).toHaveLength(0);
    expect((await get(agent, '/echo')).reused).toBe(false);
    agent.destroy();
  });

  it('a reused connection has no time-out while its request waits for the answer', async () => {
    const agent = providerAgents(100)['http:'];
    expect((await get(agent, '/echo')).reused).toBe(false);
    // Taken from the pool at once, then busy for 300 ms: longer than the idle cap.
    const slow = await get(agent, '/slow');
    expect(slow).toEqual({ text: 'slow', reused: true });
    agent.destroy();
  });
});

describe('bodyStream', () => {
  it('reads the response only as its reader asks (the socket stops, the provider waits)', async () => {
    let produced = 0;
    const source = new Readable({
      highWaterMark: 1024,
      read() {
        produced++;
        this.push(Buffer.alloc(512, 'x'));
      },
    });
    const reader = bodyStream(source as unknown as IncomingMessage).getReader();
    await new Promise((r) => setTimeout(r, 30));
    // Nothing read: the source filled its own small buffer and stopped.
    const before = produced;
    expect(before).toBeLessThanOrEqual(3);
    await new Promise((r) => setTimeout(r, 30));
    expect(produced).toBe(before);
    // One read takes what is buffered; the source refills that much, no more.
    const { value } = await reader.read();
    expect(value?.byteLength).toBeGreaterThan(0);
    await new Promise((r) => setTimeout(r, 30));
    expect(produced - before).toBeLessThanOrEqual(3);
    await reader.cancel();
    expect(source.destroyed).toBe(true);
  });

  it('ends when the response ends and errors when it fails', async () => {
    const done = Readable.from([Buffer.from('a'), Buffer.from('b')]);
    const text = await new Response(bodyStream(done as unknown as IncomingMessage)).text();
    expect(text).toBe('ab');
    const failing = new Readable({
      read() {
        this.destroy(new Error('terminated'));
      },
    });
    const reader = bodyStream(failing as unknown as IncomingMessage).getReader();
    await expect(reader.read()).rejects.toThrow('terminated');
  });
});
