/**
 * The request a piece of work belongs to, carried across callbacks and promises with Node's
 * AsyncLocalStorage (as @fastify/request-context does), so an error that escapes a library's
 * callback can still be logged with the request id (lib/last-resort.ts), and so every query a
 * request made with an API key builds is held to the key's workspace (workspaces/access.ts).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const context = new AsyncLocalStorage<{ requestId: string; keyWorkspaceId?: string }>();

/** Runs `next` (the rest of a request's lifecycle) as work of `requestId`. */
export function runAsRequest(requestId: string, next: () => void): void {
  context.run({ requestId }, next);
}

/** The id of the request the current work belongs to, if any. */
export function currentRequestId(): string | undefined {
  return context.getStore()?.requestId;
}

/**
 * Holds the rest of the current request to one workspace: it was made with an API key of that
 * workspace (integrations/api-key-auth.ts). False when there is no request to hold.
 */
export function limitRequestToWorkspace(workspaceId: string): boolean {
  const store = context.getStore();
  if (!store) return false;
  store.keyWorkspaceId = workspaceId;
  return true;
}

/** The one workspace the current request may reach (an API key's), or undefined for any. */
export function requestWorkspaceLimit(): string | undefined {
  return context.getStore()?.keyWorkspaceId;
}
