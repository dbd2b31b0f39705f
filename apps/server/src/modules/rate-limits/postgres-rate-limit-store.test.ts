import { describe, expect, it } from 'vitest';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { postgresRateLimitStore } from './postgres-rate-limit-store.ts';
import type { SharedWindowCounter } from './shared-window-counter.ts';

const T0 = 1_800_000_000_000;

/** incr as a promise: the callback's error or result. */
const incr = (store: FastifyRateLimitStore, key: string, windowMs = 60_000, max = 10) =>
  new Promise<{ error: Error | null; result?: { current: number; ttl: number } }>((resolve) =>
    store.incr(key, (error, result) => resolve({ error, result }), windowMs, max),
  );

/** A counter in memory as the table counts (claims of several hits at once), its calls kept. */
function memoryCounter() {
  const rows = new Map<string, { count: number; resetAtMs: number }>();
  const claims: number[] = [];
  const counter: SharedWindowCounter = {
    hit: async (key, windowMs, nowMs, hits = 1) => {
      claims.push(hits);
      const row = rows.get(key);
      const next =
        row && row.resetAtMs > nowMs
          ? { count: row.count + hits, resetAtMs: row.resetAtMs }
          : { count: hits, resetAtMs: nowMs + windowMs };
      rows.set(key, next);
      return next;
    },
  };
  return { counter, claims, rows };
}

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

  it('claims a twentieth of the limit at once and spends it here; never serves past the limit', async () => {
    const { counter, claims, rows } = memoryCounter();
    const { store } = storeOn(counter);
    // 300 a minute: 15 hits per claim, so 300 requests cost 20 statements.
    const currents: number[] = [];
    for (let i = 0; i < 302; i++)
      currents.push((await incr(store, 'ip', 60_000, 300)).result!.current);
    expect(currents.slice(0, 300)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    // Past the limit the plugin refuses (current > max).
    expect(currents.slice(300).every((c) => c > 300)).toBe(true);
    expect(claims.slice(0, 20)).toEqual(Array<number>(20).fill(15));
    expect(rows.get('api:ip')!.count).toBeGreaterThan(300);
  });

  it('spends only what fits when another instance took most of the limit', async () => {
    const { counter } = memoryCounter();
    const { store: first } = storeOn(counter);
    const { store: other } = storeOn(counter);
    // At 100 a minute a claim is 5 hits. The other instance serves 19 requests: it claimed
    // 4 × 5 = 20 hits, one not spent yet; 80 are left for the first.
    for (let i = 0; i < 19; i++) await incr(other, 'ip', 60_000, 100);
    const served = [];
    for (let i = 0; i < 100; i++) {
      const current = (await incr(first, 'ip', 60_000, 100)).result!.current;
      if (current <= 100) served.push(current);
    }
    expect(served).toHaveLength(80);
    // The other still spends what it claimed: 100 in all, never more.
    let more = 0;
    for (let i = 0; i < 10; i++)
      if ((await incr(other, 'ip', 60_000, 100)).result!.current <= 100) more++;
    expect(more).toBe(1);
  });

  it('makes one claim at a time per key: requests at once spend it, none is wasted', async () => {
    const { counter, claims, rows } = memoryCounter();
    const { store } = storeOn(counter);
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => incr(store, 'ip', 60_000, 300)),
    );
    expect(answers.map((a) => a.result!.current).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 30 }, (_, i) => i + 1),
    );
    expect(claims).toEqual([15, 15]);
    expect(rows.get('api:ip')!.count).toBe(30);
  });

  it('fails the requests waiting on a claim with it, at once', async () => {
    let calls = 0;
    const { store } = storeOn({
      hit: async () => {
        calls++;
        throw new Error('connection refused');
      },
    });
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => incr(store, 'ip', 60_000, 300)),
    );
    expect(answers.every((a) => a.error?.message === 'connection refused')).toBe(true);
    expect(calls).toBe(1);
  });
});
