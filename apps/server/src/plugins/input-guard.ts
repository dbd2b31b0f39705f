import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PATH_SEGMENT_MAX_LENGTH, findInputProblem } from '@codewright/contract';
import { AppError } from '../lib/app-error.ts';

export const CONNECT_MESSAGE = 'CONNECT is not supported: this server is not a proxy.';
export const MISSING_HOST_MESSAGE = 'An HTTP/1.1 request needs a Host header.';

/** The 414 for a path segment over PATH_SEGMENT_MAX_LENGTH, or undefined. */
export function longSegmentOf(url: string): AppError | undefined {
  const end = url.indexOf('?');
  const path = end < 0 ? url : url.slice(0, end);
  let start = 0;
  while (start <= path.length) {
    let stop = path.indexOf('/', start);
    if (stop < 0) stop = path.length;
    if (stop - start > PATH_SEGMENT_MAX_LENGTH) {
      return new AppError(
        'VALIDATION_ERROR',
        414,
        `A part of the address is too long (${stop - start} characters; the limit is ${PATH_SEGMENT_MAX_LENGTH} characters between slashes). Shorten it and try again.`,
      );
    }
    start = stop + 1;
  }
  return undefined;
}

const PARTS = [
  ['body', (r: FastifyRequest) => r.body],
  ['query', (r: FastifyRequest) => r.query],
  ['path', (r: FastifyRequest) => r.params],
] as const;

/**
 * The 400 for the first string that PostgreSQL cannot store (NUL, a lone
 * surrogate) or the first value nested past JSON_MAX_DEPTH, naming the field;
 * undefined when the request is fine.
 */
export function inputProblemOf(request: FastifyRequest): AppError | undefined {
  for (const [part, read] of PARTS) {
    const found = findInputProblem(read(request));
    if (found) {
      const field = found.path || part;
      return new AppError(
        'VALIDATION_ERROR',
        400,
        `Invalid request ${part}: ${field} ${found.problem}.`,
      );
    }
  }
  return undefined;
}

/** A whole raw HTTP answer in our envelope, for sockets Fastify never sees a request on. */
function rawEnvelope(status: number, reason: string, message: string): string {
  const body = JSON.stringify({ error: { code: 'VALIDATION_ERROR', message } });
  return (
    `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\n` +
    `content-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
  );
}

/**
 * Refuses, in our envelope, what must not reach a route (DESIGN §3.11): a CONNECT,
 * an HTTP/1.1 request without Host, a path segment over PATH_SEGMENT_MAX_LENGTH (414), and — checked in every route's parsed body, query
 * and path before its own validation — strings the database cannot store and values
 * nested too deeply. One rule for every table and every future route, so odd input
 * never reaches zod, JSON.stringify or PostgreSQL.
 */
async function inputGuardPlugin(app: FastifyInstance) {
  // Node hands a CONNECT request to 'connect' listeners, and with none it drops the
  // connection without a word. We are not a proxy: say so, in our envelope.
  app.server.on('connect', (_request: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => {});
    socket.end(rawEnvelope(405, 'Method Not Allowed', CONNECT_MESSAGE));
  });
  // HTTP/1.1 requires Host (RFC 9112 §3.2); the server is built with Node's own check off
  // (app.ts) so that this answer, too, is in our envelope.
  app.addHook('onRequest', (request, reply, done) => {
    // HTTP/0.9 (`GET /` with no version) has no status line or headers to answer with,
    // and nothing here speaks it: close without a word.
    if (request.raw.httpVersionMajor < 1) {
      reply.hijack();
      request.raw.socket.destroy();
      return;
    }
    if (request.raw.httpVersion === '1.1' && request.headers.host === undefined) {
      done(new AppError('VALIDATION_ERROR', 400, MISSING_HOST_MESSAGE));
      return;
    }
    // Any route, found or not: the router only checks the segments it captures.
    done(longSegmentOf(request.url));
  });
  // Callback style on purpose: an async hook costs a promise on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    done(inputProblemOf(request));
  });
}

export default fp(inputGuardPlugin, { name: 'input-guard' });
