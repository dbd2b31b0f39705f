import { setMaxListeners } from 'node:events';
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { ERROR_MESSAGES } from '@codewright/contract';

/**
 * A shutdown's drain (docs/operations.md § Start and stop): once app.close() begins, requests in
 * flight finish while anything new is turned away, and at the drain deadline (lib/shutdown.ts)
 * what still runs is told to end. Fastify's own `return503OnClosing` turns requests away too,
 * but with a body of its own; here the health route answers 503 in its usual shape (a load
 * balancer's check fails at once) and every other request gets the API's error envelope.
 */
export interface Drain {
  /** True once app.close() began. */
  readonly draining: boolean;
  /**
   * Aborted at the drain deadline: work still running for a request (an AI stream) ends then,
   * telling its client that the server is restarting.
   */
  readonly deadline: AbortSignal;
  /** The deadline has passed: aborts `deadline`. */
  cut(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This server's shutdown drain (plugins/drain.ts). */
    drain: Drain;
  }
  interface FastifyContextConfig {
    /** The route answers while draining too, saying so itself (the health route). */
    answersWhileDraining?: boolean;
  }
}

/** The answer to a request that arrives while draining, as text (no route schema applies). */
const RESTARTING_BODY = JSON.stringify({
  error: { code: 'SERVER_RESTARTING', message: ERROR_MESSAGES.SERVER_RESTARTING },
});

async function drainPlugin(app: FastifyInstance) {
  let draining = false;
  const deadline = new AbortController();
  // Every AI answer streaming listens to this one signal (hundreds at once under load); each
  // removes its listener when it ends, so past 10 is no leak, and Node's warning would be noise.
  setMaxListeners(0, deadline.signal);
  app.decorate('drain', {
    get draining() {
      return draining;
    },
    deadline: deadline.signal,
    cut: () => deadline.abort(),
  } satisfies Drain);

  app.addHook('preClose', async () => {
    draining = true;
  });
  // Callback style on purpose (these three run on every request): an async hook costs a promise.
  app.addHook('onRequest', (request, reply, done) => {
    if (!draining) return done();
    // Not every context has a config (Fastify reads it with `?.` too: the 404 handler's).
    const config: { answersWhileDraining?: boolean } | undefined = request.routeOptions.config;
    if (config?.answersWhileDraining) return done();
    // A request on a connection still open (keep-alive, pipelined): this server is going away.
    void reply
      .code(503)
      .header('connection', 'close')
      .type('application/json; charset=utf-8')
      .send(RESTARTING_BODY);
  });
  // Answers sent while draining ask the client to drop its keep-alive connection, so that
  // app.close() is not held up by idle sockets.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
  // A stream whose headers went out before the drain began left its connection keep-alive: once
  // it ends, that connection is idle and would hold app.close() until the keep-alive time-out.
  // Node closes idle connections once, when the server closes; here again after every answer.
  app.addHook('onResponse', (_request, _reply, done) => {
    if (draining) setImmediate(() => app.server.closeIdleConnections());
    done();
  });
}

export default fp(drainPlugin, { name: 'drain' });
