/**
 * The request a piece of work belongs to, carried across callbacks and promises with Node's
 * AsyncLocalStorage (as @fastify/request-context does), so an error that escapes a library's
 * callback can still be logged with the request id (lib/last-resort.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const context = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `next` (the rest of a request's lifecycle) as work of `requestId`. */
export function runAsRequest(requestId: string, next: () => void): void {
  context.run({ requestId }, next);
}

/** The id of the request the current work belongs to, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}
