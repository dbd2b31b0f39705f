/**
 * The `fetch` the AI providers call the model with (providers.ts): node:http(s) with
 * keep-alive, whose response body is a web stream that reads the provider's socket only as
 * fast as the answer is read. Node's built-in fetch keeps reading a body for as long as its
 * reader reads at all, however slowly: an AI stream whose client reads slowly then holds the
 * rest of the model's answer in memory — measured at tens of MB per answer
 * (docs/decisions/012-time-outs-and-backpressure.md). Here the socket stops (and the model's
 * TCP window closes) once 16 KB wait unread.
 *
 * Requests with a body other than a string or bytes (FormData, streams) go to the built-in
 * fetch unchanged.
 */
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/**
 * How long a kept-alive connection to a provider may wait idle for the next call. Below the
 * usual server keep-alive (Node's 5 s): the other end closing an idle connection just as a
 * request goes out on it is a failure after the request was written, which is never sent
 * again (one call, one bill). Node's agent ignores the server's `Keep-Alive: timeout` hint
 * unless it has a time-out of its own, so idle sockets are closed here.
 */
export const PROVIDER_IDLE_SOCKET_MS = 4_000;

/** What a provider connection's current answer did on arrival (one record a socket). */
interface Arrival {
  /** When the answer's last bytes reached this process. */
  lastDataAt: number;
  /** The socket was paused (its answer read with backpressure) since it was handed out. */
  paused: boolean;
}

/**
 * Closes free sockets once they have been idle for `idleMs`, counted the way the provider
 * counts: its keep-alive timer starts when it has written its answer, not when we finish reading
 * it. The end of an answer can wait unread for seconds (a reader whose socket is full), so the
 * idle time runs from when its last bytes arrived; and an answer read with backpressure (the
 * socket paused) may have been written long before it arrived, so its connection is closed
 * rather than kept (decision 040). A socket taken for a request has no time-out.
 */
function idleCapped<A extends http.Agent>(agent: A, idleMs: number): A {
  const arrivals = new WeakMap<Duplex, Arrival>();
  const handOut = (socket: Duplex) => {
    const arrival = arrivals.get(socket);
    if (arrival) arrival.paused = false;
  };
  const create = agent.createConnection.bind(agent);
  agent.createConnection = ((...args: Parameters<typeof agent.createConnection>) => {
    const socket = create(...args);
    if (socket) {
      const arrival: Arrival = { lastDataAt: Date.now(), paused: false };
      arrivals.set(socket, arrival);
      socket.on('data', () => {
        arrival.lastDataAt = Date.now();
      });
      socket.on('pause', () => {
        arrival.paused = true;
      });
    }
    return socket;
  }) as typeof agent.createConnection;
  const keep = agent.keepSocketAlive.bind(agent);
  agent.keepSocketAlive = (socket: Duplex): void => {
    const arrival = arrivals.get(socket);
    const idleFor = arrival ? Date.now() - arrival.lastDataAt : 0;
    // The agent destroys a socket it may not keep (its types say void).
    if (arrival?.paused || idleFor >= idleMs) return false as unknown as void;
    // Node answers whether the socket may stay.
    const kept = keep(socket) as unknown as boolean | undefined;
    // The agent destroys a free socket whose time-out fires.
    if (kept !== false) (socket as Socket).setTimeout(idleMs - idleFor);
    return kept as unknown as void;
  };
  const reuse = agent.reuseSocket.bind(agent);
  agent.reuseSocket = (socket, request) => {
    (socket as Socket).setTimeout(0);
    handOut(socket);
    reuse(socket, request);
  };
  return agent;
}

/** The agents of provider calls (exported for tests: `idleMs` shortened). */
export function providerAgents(idleMs = PROVIDER_IDLE_SOCKET_MS) {
  return {
    'http:': idleCapped(new http.Agent({ keepAlive: true }), idleMs),
    'https:': idleCapped(new https.Agent({ keepAlive: true }), idleMs),
  };
}

const agents = providerAgents();

/** Errors of a kept-alive connection that the other end had closed. */
const STALE_SOCKET = new Set(['ECONNRESET', 'EPIPE']);
/** Errors of a connection that was never made: nothing was sent. */
const NOT_CONNECTED = new Set(['ECONNREFUSED']);

/** Statuses whose Response must have a null body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * A pull-only web stream over a Node response: nothing is read from the socket until the
 * consumer asks (high-water mark 0), so backpressure reaches the provider.
 */
export function bodyStream(res: IncomingMessage): ReadableStream<Uint8Array> {
  let ended = false;
  let failure: unknown = null;
  let wake: (() => void) | null = null;
  const resume = () => {
    const w = wake;
    wake = null;
    w?.();
  };
  res.on('readable', resume);
  res.once('end', () => {
    ended = true;
    resume();
  });
  res.once('error', (err) => {
    failure = err;
    resume();
  });
  res.once('close', () => {
    // Closed before its end without an error event (the socket went away).
    if (!ended && failure === null) failure = new Error('terminated: the connection closed');
    resume();
  });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          const chunk = res.read() as Buffer | null;
          if (chunk !== null) {
            controller.enqueue(chunk);
            return;
          }
          if (ended) {
            controller.close();
            return;
          }
          if (failure !== null) {
            controller.error(failure);
            return;
          }
          await new Promise<void>((resolve) => {
            wake = resolve;
          });
        }
      },
      cancel() {
        res.destroy();
      },
    },
    { highWaterMark: 0 },
  );
}

const headersOf = (res: IncomingMessage) => {
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) {
    headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  }
  return headers;
};

/** `fetch` for the model providers (see the top of this file). */
export const providerFetch: typeof fetch = (input, init = {}) => {
  const body = init.body;
  const plainBody =
    body === undefined || body === null || typeof body === 'string' || body instanceof Uint8Array;
  if (input instanceof Request || !plainBody) return fetch(input, init);
  const url = new URL(input);
  const agent = agents[url.protocol as keyof typeof agents];
  if (!agent) return fetch(input, init);
  const headers = Object.fromEntries(new Headers(init.headers));
  if (body !== undefined && body !== null) {
    headers['content-length'] = String(
      typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength,
    );
  }
  const signal = init.signal ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    const send = (retry: boolean) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      // Bytes of this request handed to the socket: once there are any, the provider may have
      // started work (and billed it), so the request is never sent again.
      let sentFrom: number | null = null;
      const request = (url.protocol === 'https:' ? https : http).request(
        url,
        { method: init.method ?? 'GET', headers, agent, signal },
        (res) => {
          const status = res.statusCode ?? 502;
          resolve(
            new Response(NULL_BODY.has(status) ? null : bodyStream(res), {
              status,
              statusText: res.statusMessage,
              headers: headersOf(res),
            }),
          );
        },
      );
      request.once('socket', (socket) => {
        sentFrom = socket.bytesWritten;
      });
      request.once('error', (err: NodeJS.ErrnoException) => {
        // One provider call, one bill: sent once more (on a fresh connection) only when no byte
        // of it left this process — a refused connection, or a kept-alive one the provider had
        // closed before we wrote to it. After any byte, the failure is the caller's answer.
        const code = err.code ?? '';
        const written =
          request.socket && sentFrom !== null ? request.socket.bytesWritten - sentFrom : 0;
        const unsent =
          written === 0 &&
          (NOT_CONNECTED.has(code) || (request.reusedSocket && STALE_SOCKET.has(code)));
        if (retry && unsent && !signal?.aborted) return send(false);
        // As the built-in fetch does: an abort rejects with the signal's reason, any other
        // failure with TypeError('fetch failed') carrying the cause (the AI SDK reads both).
        if (signal?.aborted) reject(signal.reason);
        else reject(new TypeError('fetch failed', { cause: err }));
      });
      request.end(body ?? undefined);
    };
    send(true);
  });
};
