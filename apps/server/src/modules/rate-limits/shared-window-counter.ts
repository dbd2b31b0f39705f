import type { RateLimitRepository, WindowHit } from './rate-limits.repository.ts';

/** Fixed-window counters that every server instance on the database shares. */
export interface SharedWindowCounter {
  /**
   * Counts `hits` (one unless said) on `key` at `nowMs` in a window of `windowMs` that starts at
   * its first hit; answers the count after them.
   */
  hit(key: string, windowMs: number, nowMs: number, hits?: number): Promise<WindowHit>;
}

export interface SharedWindowCounterOptions {
  repo: RateLimitRepository;
  /** Where a failed clean-up is reported. */
  warn: (err: unknown, message: string) => void;
  /** Expired rows are deleted at most this often per instance (ms). */
  pruneEveryMs?: number;
}

const PRUNE_EVERY_MS = 60_000;

/**
 * The shared counters (modules/rate-limits), with expired rows deleted now and then: at most once
 * a minute per instance, started by a hit and not awaited by it. A row left over is harmless (a
 * hit past its window starts a new one); the clean-up only keeps the table the size of the
 * clients of the last window.
 */
export function createSharedWindowCounter(
  options: SharedWindowCounterOptions,
): SharedWindowCounter {
  const { repo, warn, pruneEveryMs = PRUNE_EVERY_MS } = options;
  let prunedAt: number | undefined;
  let pruning = false;
  const maybePrune = (nowMs: number) => {
    if (pruning) return;
    // Either way: a test clock may move back as well as on.
    if (prunedAt !== undefined && Math.abs(nowMs - prunedAt) < pruneEveryMs) return;
    prunedAt = nowMs;
    pruning = true;
    repo
      .prune(nowMs)
      .catch((err: unknown) => warn(err, 'rate limits: deleting expired counters failed'))
      .finally(() => {
        pruning = false;
      });
  };
  return {
    async hit(key, windowMs, nowMs, hits = 1) {
      const hit = await repo.hit(key, windowMs, nowMs, hits);
      maybePrune(nowMs);
      return hit;
    },
  };
}
