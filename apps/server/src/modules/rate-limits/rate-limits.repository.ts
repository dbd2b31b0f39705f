import type pg from 'pg';

/** A key's count in its window, and when that window ends (ms since 1970). */
export interface WindowHit {
  count: number;
  resetAtMs: number;
}

// One statement per hit (or per claim of $4 hits at once), atomic under concurrency (the
// conflicting row is locked): a fresh key or one whose window ended starts a new window at $4, a
// live one counts up by $4. Times come from the
// app's clock in ms ($2), not the database's, so tests move one clock (CONVENTIONS habit 12).
const HIT = `INSERT INTO rate_limits AS r (key, count, reset_at)
  VALUES ($1, $4::int, to_timestamp(($2::float8 + $3::float8) / 1000))
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.reset_at <= to_timestamp($2::float8 / 1000) THEN $4::int
      ELSE least(r.count, 2147483647 - $4::int) + $4::int END,
    reset_at = CASE WHEN r.reset_at <= to_timestamp($2::float8 / 1000) THEN excluded.reset_at
      ELSE r.reset_at END
  RETURNING count, (extract(epoch FROM reset_at) * 1000)::float8 AS reset_ms`;

const PRUNE = 'DELETE FROM rate_limits WHERE reset_at <= to_timestamp($1::float8 / 1000)';

/**
 * SQL of the shared rate-limit counters (rate-limits.schema.ts). Through the pool, not Drizzle:
 * the hit runs on every API request, so it is a named (prepared once per connection) statement.
 */
export function createRateLimitRepository(pool: pg.Pool) {
  return {
    /** Counts `hits` (one unless said) on `key` in a window of `windowMs` that starts at its first. */
    async hit(key: string, windowMs: number, nowMs: number, hits = 1): Promise<WindowHit> {
      const { rows } = await pool.query<{ count: number; reset_ms: number }>({
        name: 'rate_limit_hit',
        text: HIT,
        values: [key, nowMs, windowMs, hits],
      });
      const row = rows[0]!;
      return { count: row.count, resetAtMs: Math.round(row.reset_ms) };
    },

    /** Deletes the rows whose window ended by `nowMs`; answers how many. */
    async prune(nowMs: number): Promise<number> {
      const result = await pool.query({ name: 'rate_limit_prune', text: PRUNE, values: [nowMs] });
      return result.rowCount ?? 0;
    },
  };
}

export type RateLimitRepository = ReturnType<typeof createRateLimitRepository>;
