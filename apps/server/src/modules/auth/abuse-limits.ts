import { createHash } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';

/** The 429 of an abuse limit, to be tried again in `retryAfterMs`. */
const rateLimited = (retryAfterMs: number) =>
  new AppError('RATE_LIMITED', 429, undefined, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterMs / 1000))),
  });

/**
 * Sliding-window counters per key (an IP or an email, per action), kept in
 * process memory: the store of one process (the embedded database, or
 * RATE_LIMIT_STORE=memory). With several server instances each would keep its
 * own counts; they share the database's counters instead (docs/decisions/006).
 */
export class SlidingWindowLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts one hit for `key`; throws 429 RATE_LIMITED with Retry-After when over the limit. */
  hit(key: string, now = Date.now()): void {
    const since = now - this.windowMs;
    const times = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (times.length >= this.max) {
      this.hits.set(key, times);
      throw rateLimited(times[0]! + this.windowMs - now);
    }
    times.push(now);
    this.hits.delete(key);
    if (this.hits.size >= this.maxKeys) this.evict(since);
    this.hits.set(key, times);
  }

  private evict(since: number): void {
    for (const [key, times] of this.hits) {
      if (times[times.length - 1]! <= since) this.hits.delete(key);
    }
    // Still full of live keys: drop the oldest inserted (Map keeps insertion order).
    while (this.hits.size >= this.maxKeys) {
      const oldest = this.hits.keys().next();
      if (oldest.done) break;
      this.hits.delete(oldest.value);
    }
  }
}

/** `invitation`: the public preview of an invitation link (docs/api.md § Workspaces). */
export type AbuseAction = 'signup' | 'signin' | 'reset' | 'magic' | 'verify' | 'invitation';

/** Fixed-window counters shared by the instances on one database (modules/rate-limits). */
export interface SharedCounter {
  hit(key: string, windowMs: number, nowMs: number): Promise<{ count: number; resetAtMs: number }>;
}

export interface AbuseLimitsOptions {
  windowSeconds: number;
  ipMax: number;
  emailMax: number;
  /** Milliseconds since 1970; default Date.now (tests move a clock on instead of sleeping). */
  now?: () => number;
  /** Count in the database, for every instance on it; default: this process's memory. */
  shared?: SharedCounter;
}

/** Counts one hit on `key` at `now`; throws 429 RATE_LIMITED with Retry-After past the limit. */
type Limiter = (key: string, now: number) => Promise<void>;

function memoryLimiter(max: number, windowMs: number): Limiter {
  const limiter = new SlidingWindowLimiter(max, windowMs);
  return async (key, now) => limiter.hit(key, now);
}

/**
 * A fixed window from a key's first hit rather than the memory store's sliding one: one atomic
 * statement per check. At most `max` per window; across a window's end a burst can meet 2 × max.
 * A database error is not caught: these limits guard mail sending and password guessing, and
 * the routes behind them need the database anyway (fail closed, unlike the API-wide limit).
 */
function sharedLimiter(shared: SharedCounter, max: number, windowMs: number): Limiter {
  return async (key, now) => {
    const { count, resetAtMs } = await shared.hit(key, windowMs, now);
    if (count > max) throw rateLimited(resetAtMs - now);
  };
}

// The shared table outlives an account; it keeps a digest of the address, never the address.
const emailKey = (email: string) =>
  createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');

/**
 * Per-IP and per-email limits on sign-up, sign-in, reset, magic-link and verification sends
 * (docs/decisions/006), in this process's memory or shared through the database.
 */
export function createAbuseLimits(options: AbuseLimitsOptions) {
  const windowMs = options.windowSeconds * 1000;
  const { shared } = options;
  const byIp = shared
    ? sharedLimiter(shared, options.ipMax, windowMs)
    : memoryLimiter(options.ipMax, windowMs);
  const byEmail = shared
    ? sharedLimiter(shared, options.emailMax, windowMs)
    : memoryLimiter(options.emailMax, windowMs);
  const now = options.now ?? Date.now;
  return {
    /** Counts a request from `ip` (and for `email`, when the action sends mail) against the limits. */
    async check(action: AbuseAction, ip: string, email?: string | null): Promise<void> {
      const at = now();
      await byIp(`auth:ip:${action}:${ip}`, at);
      // Sign-in has its own per-email lockout on failures; sign-up cannot repeat an email.
      if (email && action !== 'signin' && action !== 'signup') {
        await byEmail(`auth:email:${action}:${emailKey(email)}`, at);
      }
    },
  };
}

export type AbuseLimits = ReturnType<typeof createAbuseLimits>;
