import { describe, expect, it } from 'vitest';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { postgresRateLimitStore } from './postgres-rate-limit-store.ts';
import type { SharedWindowCounter } from './shared-window-counter.ts';

const T0 = 1_800_000_000_000;

/** incr as a promise: the callback's error or result. */
const incr = (store: FastifyRateLimitStore, key: string, windowMs = 60_000) =>
  new Promise<{ error: Error | null; result?: { current: number; ttl: number } }>((resolve) =>
    store.incr(key, (error, result) => resolve({ error, result }), windowMs, 10),
  );

/** A store on `counter`, the warnings it logs collected. */
function storeOn(counter: SharedWindowCounter, timeoutMs?: number) {
  const warnings: string[] = [];
  const Store = postgresRateLimitStore({
    counter,
    now: () => T0,
    warn: (_err, message) => warnings.push(message),
    timeoutMs,
  });
  return { store: new Store({}), warnings };
}

describe('postgresRateLimitStore', () => {
  it('answers the count and the time left in the window, by prefixed key', async () => {
    const keys: string[] = [];
    const { store } = storeOn({
      hit: async (key, windowMs, nowMs) => {
        keys.push(key);
        return { count: 3, resetAtMs: nowMs + windowMs - 15_000 };
      },
    });
    expect(await incr(store, '10.0.0.1')).toEqual({
      error: null,
      result: { current: 3, ttl: 45_000 },
    });
    // A route with its own limit counts apart from the global one (as the plugin's own stores do).
    const child = store.child({
      routeInfo: { method: 'POST', url: '/api/analytics/:project/log' },
    } as never);
    await incr(child, '10.0.0.1');
    expect(keys).toEqual(['api:10.0.0.1', 'api:POST/api/analytics/:project/log:10.0.0.1']);
  });

  it('passes a failing counter on as an error (the plugin lets the request through) and warns once', async () => {
    const { store, warnings } = storeOn({
      hit: async () => {
        throw new Error('connection refused');
      },
    });
    const first = await incr(store, 'k');
    expect(first.error?.message).toBe('connection refused');
    expect((await incr(store, 'k')).error).toBeInstanceOf(Error);
    // Not one line per request while the database is away.
    expect(warnings).toHaveLength(1);
  });

  it('gives up on a counter that does not answer in time', async () => {
    const { store, warnings } = storeOn({ hit: () => new Promise(() => {}) }, 20);
    const { error } = await incr(store, 'k');
    expect(error?.message).toMatch(/took over 20 ms/);
    expect(warnings).toHaveLength(1);
  });
});
