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
/** A claim takes this share of a limit's hits at once (at least one): 15 of the default 300… */
const LEASE_SHARE = 20;
/** … and at most this many, so an instance never sits on much of a client's limit. */
const LEASE_MAX = 50;
/** Leases kept per instance; past this, the ended ones go, then the oldest. */
const MAX_LEASES = 50_000;

/** Hits this instance claimed in the shared count and has not spent yet. */
interface Lease {
  /** The shared count before the claim. */
  base: number;
  /** Hits claimed (within the limit) and how many of them are spent. */
  granted: number;
  spent: number;
  resetAtMs: number;
}

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
 * A request does not cost a statement: an instance claims a share of the limit at once (a
 * twentieth, at least one hit and at most 50) and spends it locally until it is gone or its window ends. A claim
 * counts in full in the shared count, so a client is never served more than the limit over all
 * instances; it may be refused up to (instances − 1) × share requests early, while other
 * instances hold hits it has not used (docs/decisions/052). With the default 300 a minute, one
 * busy client costs one statement per 15 requests instead of one each.
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

  const hitWithin = (key: string, windowMs: number, at: number, hits: number) =>
    new Promise<{ count: number; resetAtMs: number }>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`the rate-limit counter took over ${timeoutMs} ms`)),
        timeoutMs,
      );
      counter.hit(key, windowMs, at, hits).then(
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

  const leases = new Map<string, Lease>();
  /** The claim out for a key, resolving to its error or null. */
  const claims = new Map<string, Promise<Error | null>>();
  const keep = (key: string, lease: Lease) => {
    leases.delete(key);
    if (leases.size >= MAX_LEASES) {
      const at = now();
      for (const [k, l] of leases) if (l.resetAtMs <= at || l.spent >= l.granted) leases.delete(k);
      while (leases.size >= MAX_LEASES) leases.delete(leases.keys().next().value!);
    }
    leases.set(key, lease);
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    /** `api:` for the global limit; a route with its own limit adds its method and URL. */
    constructor(
      _options?: FastifyRateLimitOptions,
      private readonly prefix = 'api:',
    ) {}

    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      const full = this.prefix + key;
      const attempt = (): void => {
        const at = now();
        const lease = leases.get(full);
        if (lease && lease.spent < lease.granted && lease.resetAtMs > at) {
          lease.spent += 1;
          callback(null, { current: lease.base + lease.spent, ttl: lease.resetAtMs - at });
          return;
        }
        // One claim per key at a time: requests that come while one is out wait for it and
        // spend from it (two claims at once would leave one batch unspent, counted in full).
        const inflight = claims.get(full);
        if (inflight) {
          void inflight.then((failed) => (failed ? callback(failed) : attempt()));
          return;
        }
        const share = Math.min(LEASE_MAX, Math.max(1, Math.floor(max / LEASE_SHARE)));
        const claim = hitWithin(full, timeWindow, at, share).then(
          (hit) => {
            const base = hit.count - share;
            // The claimed hits that fit under the limit; the first is this request's.
            const granted = Math.min(share, Math.max(0, max - base));
            if (granted > 1) keep(full, { base, granted, spent: 1, resetAtMs: hit.resetAtMs });
            else leases.delete(full);
            const current = granted > 0 ? base + 1 : hit.count;
            callback(null, { current, ttl: Math.max(0, hit.resetAtMs - at) });
            return null;
          },
          (err: unknown) => {
            warn(err);
            const failed = err instanceof Error ? err : new Error(String(err));
            callback(failed);
            // Those waiting fail with it at once rather than each waiting out a time-out.
            return failed;
          },
        );
        claims.set(full, claim);
        // Registered first, so it runs before the waiters look again.
        void claim.then(() => claims.delete(full));
      };
      attempt();
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
