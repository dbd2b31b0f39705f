import { afterAll, beforeAll } from 'vitest';

/**
 * Starts `start()` before a file's (or a describe's) tests and `stop`s what it answered after
 * them. Answers a reader of what started, which throws, naming `what`, when read before.
 */
export function aroundTests<T>(
  what: string,
  start: () => Promise<T>,
  stop: (started: T) => Promise<void>,
  timeoutMs?: number,
): () => T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(async () => {
    if (started !== undefined) await stop(started);
  });
  return () => {
    if (started === undefined) throw new Error(`${what} not started yet`);
    return started;
  };
}
