import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { SharedWindowCounter } from './shared-window-counter.ts';

/** A hit that takes longer than this is given up on (and the request let through). */
export const RATE_LIMIT_STORE_TIMEOUT_MS = 1000;
/** At most one warning this often while the store keeps failing. */
const WARN_EVERY_MS = 10_000;

export interface PostgresRateLimitStoreOptions {
  counter: SharedWindowCounter;
  /** Milliseconds since 1970 (the app's clock). */
  now: () => number;
  warn: (err: unknown, message: string) => void;
  timeoutMs?: number;
}

type Callback = Parameters<FastifyRateLimitStore['incr']>[1];

/**
 * A @fastify/rate-limit store class on the shared counters, so N instances on one database
 * enforce one limit per client, not N. The plugin builds it with `new Store(options)`, so the
 * counter is closed over here. Fixed windows starting at a key's first hit, as the plugin's own
 * memory store counts (continueExceeding and exponentialBackoff are not supported: unused here).
 *
 * A hit that fails or times out is passed on as an error, which the plugin (`skipOnError`) lets
 * through, with a warning here: the counter is bookkeeping for a whole-API limit, and a database
 * hiccup should not turn every request into a 500. The request's own work then meets the same
 * database and fails on its own if it is really down; what is lost meanwhile is the limit.
 */
export function postgresRateLimitStore(
  options: PostgresRateLimitStoreOptions,
): FastifyRateLimitStoreCtor {
  const { counter, now, timeoutMs = RATE_LIMIT_STORE_TIMEOUT_MS } = options;
  let warnedAt = -Infinity;
  const warn = (err: unknown) => {
    const at = Date.now();
    if (at - warnedAt < WARN_EVERY_MS) return;
    warnedAt = at;
    options.warn(err, 'rate limit not applied: the shared counter failed (request let through)');
  };

  const hitWithin = (key: string, windowMs: number, at: number) =>
    new Promise<{ count: number; resetAtMs: number }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the rate-limit counter took over ${timeoutMs} ms`)),
        timeoutMs,
      );
      counter.hit(key, windowMs, at).then(
        (hit) => {
          clearTimeout(timer);
          resolve(hit);
        },
        (err: unknown) => {
          clearTimeout(timer);
          reject(err);
        },
      );
    });

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    /** `api:` for the global limit; a route with its own limit adds its method and URL. */
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly prefix = 'api:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number): void {
      const at = now();
      hitWithin(this.prefix + key, timeWindow, at).then(
        (hit) => callback(null, { current: hit.count, ttl: Math.max(0, hit.resetAtMs - at) }),
        (err: unknown) => {
          warn(err);
          callback(err instanceof Error ? err : new Error(String(err)));
        },
      );
    }

    // The plugin passes the merged route settings with the route under `routeInfo` (its types
    // say otherwise); the memory and Redis stores key a route's own limit by it the same way.
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): FastifyRateLimitStore {
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      const name = route?.url ? `${String(route.method)}${route.url}` : 'custom';
      return new PostgresRateLimitStore(undefined, `${this.prefix}${name}:`);
    }
  }
  return PostgresRateLimitStore;
}
