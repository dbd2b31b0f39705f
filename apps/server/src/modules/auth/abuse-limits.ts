import { AppError } from '../../lib/app-error.ts';

/**
 * Sliding-window counters per key (an IP or an email, per action), kept in
 * process memory: cheap enough for the sign-in path. With several server
 * instances each keeps its own counts (see docs/decisions/006-oauth.md).
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
      const retryAfter = Math.max(1, Math.ceil((times[0]! + this.windowMs - now) / 1000));
      throw new AppError('RATE_LIMITED', 429, undefined, undefined, {
        'retry-after': String(retryAfter),
      });
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

export interface AbuseLimitsOptions {
  windowSeconds: number;
  ipMax: number;
  emailMax: number;
  /** Milliseconds since 1970; default Date.now (tests move a clock on instead of sleeping). */
  now?: () => number;
}

/**
 * Per-IP and per-email limits on sign-up, sign-in, reset, magic-link and verification sends
 * (docs/decisions/006).
 */
export function createAbuseLimits(options: AbuseLimitsOptions) {
  const windowMs = options.windowSeconds * 1000;
  const byIp = new SlidingWindowLimiter(options.ipMax, windowMs);
  const byEmail = new SlidingWindowLimiter(options.emailMax, windowMs);
  const now = options.now ?? Date.now;
  return {
    /** Counts a request from `ip` (and for `email`, when the action sends mail) against the limits. */
    check(action: AbuseAction, ip: string, email?: string | null): void {
      const at = now();
      byIp.hit(`${action}:${ip}`, at);
      // Sign-in has its own per-email lockout on failures; sign-up cannot repeat an email.
      if (email && action !== 'signin' && action !== 'signup') {
        byEmail.hit(`${action}:${email.trim().toLowerCase()}`, at);
      }
    },
  };
}

export type AbuseLimits = ReturnType<typeof createAbuseLimits>;
