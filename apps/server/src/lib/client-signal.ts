import type { FastifyReply } from 'fastify';

/**
 * Aborted when the client goes away (a closed tab, Stop, a dropped connection) before its answer
 * was sent, so the work done for it stops too: a model call, a page fetch, a screenshot.
 */
export function clientSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
