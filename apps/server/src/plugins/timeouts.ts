import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage, ServerOptions, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import {
  ERROR_MESSAGES,
  type ErrorCode,
  HTTP_BODY_MIN_BYTES_PER_SECOND,
  HTTP_TIMEOUT_CHECK_INTERVAL_MS,
} from '@codewright/contract';
import type { Config } from '../env.ts';

/**
 * Time-outs on receiving requests (docs/operations.md § Time-outs and streams,
 * docs/decisions/012-time-outs-and-backpressure.md). Node enforces the headers, whole-request,
 * idle and keep-alive time-outs; this plugin adds what Node lacks, a minimum rate for request
 * bodies, so that a body trickled a byte at a time is cut off in seconds while a large upload on
 * a slow but steady connection is not. A request cut off gets a 408 in our error envelope when
 * nothing of its answer went out yet, and its connection is closed. An answer given before its
 * request's body has all arrived (an early 401, 404, 413 or 415) closes the connection once it
 * is sent: Node would otherwise keep reading, and discarding, whatever the client trickles.
 */
export interface HttpTimeouts {
  headersMs: number;
  /** Grace for a request body, before it must average HTTP_BODY_MIN_BYTES_PER_SECOND. */
  bodyMs: number;
  requestMs: number;
  idleMs: number;
  keepAliveMs: number;
}

/** The configured time-outs (env HTTP_*_MS; defaults in packages/contract server-limits.ts). */
export function httpTimeoutsOf(config: Config): HttpTimeouts {
  return {
    headersMs: config.HTTP_HEADERS_TIMEOUT_MS,
    bodyMs: config.HTTP_BODY_TIMEOUT_MS,
    requestMs: config.HTTP_REQUEST_TIMEOUT_MS,
    idleMs: config.HTTP_IDLE_TIMEOUT_MS,
    keepAliveMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
  };
}

function envelope(status: number, reason: string, code: ErrorCode, message?: string): string {
  const body = JSON.stringify({ error: { code, message: message ?? ERROR_MESSAGES[code] } });
  return (
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\n` +
    `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
  );
}

/** Node's in-flight answer on a socket (its own socketOnError checks the same field). */
const answerStarted = (socket: Socket) =>
  (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage?.headersSent === true;

/**
 * Answers `raw` (a whole HTTP response) on the socket, unless part of an answer already went
 * out there (that would corrupt it), then closes the connection.
 */
function answerAndClose(socket: Socket, raw: string, err?: Error): void {
  if (socket.destroyed) return;
  if (socket.writable && !answerStarted(socket)) socket.end(raw);
  socket.destroy(err);
}

/** Cuts off a request that arrives too slowly: 408 REQUEST_TIMEOUT when possible, then close. */
export function refuseSlowRequest(socket: Socket): void {
  answerAndClose(socket, envelope(408, 'Request Timeout', 'REQUEST_TIMEOUT'));
}

/**
 * Fastify's `clientErrorHandler`: errors Node raises before a request reaches Fastify (a
 * headers or request time-out, unreadable HTTP), answered in our envelope, never with
 * Fastify's own body.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') return refuseSlowRequest(socket);
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    const message = 'The request headers are too large.';
    return answerAndClose(
      socket,
      envelope(431, 'Request Header Fields Too Large', 'VALIDATION_ERROR', message),
      err,
    );
  }
  const message = 'The request is not valid HTTP.';
  answerAndClose(socket, envelope(400, 'Bad Request', 'VALIDATION_ERROR', message), err);
}

/**
 * The Fastify factory options that hand Node its time-outs. Node wants the headers time-out
 * no longer than the request time-out, and checks both every HTTP_TIMEOUT_CHECK_INTERVAL_MS
 * (its own default, 30 s, would let a 20 s limit run to 50 s).
 */
export function serverTimeoutOptions(t: HttpTimeouts) {
  const headersTimeout = Math.min(t.headersMs, t.requestMs);
  const http: ServerOptions = {
    headersTimeout,
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    connectionsCheckingInterval: Math.min(HTTP_TIMEOUT_CHECK_INTERVAL_MS, headersTimeout),
  };
  return {
    http,
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    connectionTimeout: t.idleMs,
    clientErrorHandler,
  };
}

const hasBody = (req: IncomingMessage) => {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
};

/**
 * An answer given before the request's body has all arrived closes the connection once sent
 * (Node ends the socket after a `connection: close` answer), so a client cannot hold the
 * connection open by trickling the rest of a body nobody reads.
 */
export function closeIfBodyPending(request: FastifyRequest, reply: FastifyReply): void {
  if (!request.raw.complete && hasBody(request.raw)) reply.header('connection', 'close');
}

/**
 * Watches one request body: after `graceMs` it must have averaged `minRate` bytes a second
 * (deadline = start + grace + received / rate). Time during which the server itself holds
 * unread body bytes (its own backpressure, e.g. a slow disk under an upload) is not held
 * against the client.
 */
export function watchBody(
  req: IncomingMessage,
  res: ServerResponse,
  graceMs: number,
  minRate = HTTP_BODY_MIN_BYTES_PER_SECOND,
): void {
  if (req.complete || !hasBody(req)) return;
  const socket = req.socket;
  // An injected request (light-my-request, tests and tools) has no network to trickle over,
  // and its stand-in socket counts no bytes and cannot be destroyed.
  if (typeof socket.bytesRead !== 'number' || typeof socket.destroy !== 'function') return;
  const start = performance.now();
  const base = socket.bytesRead;
  let credit = 0;
  let lastCheck = start;
  let timer: NodeJS.Timeout | undefined;
  const stop = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  const arm = (ms: number) => {
    timer = setTimeout(check, Math.max(ms, 10));
    timer.unref();
  };
  function check() {
    timer = undefined;
    if (req.complete || socket.destroyed || res.writableEnded) return;
    const now = performance.now();
    if (req.readableLength > 0) credit += now - lastCheck;
    lastCheck = now;
    const received = socket.bytesRead - base;
    const deadline = start + graceMs + credit + (received * 1000) / minRate;
    if (req.readableLength > 0 || now < deadline) {
      arm(req.readableLength > 0 ? Math.min(graceMs, 1000) : deadline - now);
      return;
    }
    refuseSlowRequest(socket);
  }
  arm(graceMs);
  req.once('end', stop);
  res.once('close', stop);
}

async function timeoutsPlugin(app: FastifyInstance, options: { bodyMs: number }) {
  // Callback style on purpose: an async hook costs a promise on every request.
  app.addHook('onRequest', (request, reply, done) => {
    watchBody(request.raw, reply.raw, options.bodyMs);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    closeIfBodyPending(request, reply);
    done(null, payload);
  });
}

export default fp(timeoutsPlugin, { name: 'timeouts' });
