import { sql } from 'drizzle-orm';
import type { CtaStats } from '@codewright/contract';
import type { Database } from '../../db/client.ts';
import { analyticsEvents, type NewAnalyticsEventRow } from './analytics.schema.ts';

/** SQL of the analytics module. */
export function createAnalyticsRepository(db: Database) {
  return {
    /** Stores a batch of events in one statement: all rows or none. */
    async insertMany(rows: NewAnalyticsEventRow[]): Promise<number> {
      if (rows.length === 0) return 0;
      await db.insert(analyticsEvents).values(rows);
      return rows.length;
    },

    /** Clicks of every CTA (SPEC §7.1): the total and the `top` most clicked, ties by name. */
    async ctaStats(top: number): Promise<CtaStats> {
      const result = await db.execute(sql`
        select cta_name, count(*)::int as n, sum(count(*)) over ()::int as total
        from cta_interactions group by cta_name order by n desc, cta_name asc limit ${top}`);
      const rows = (result as unknown as { rows: { cta_name: string; n: number; total: number }[] })
        .rows;
      return {
        totalClicks: rows[0]?.total ?? 0,
        top: rows.map((r) => ({ ctaName: r.cta_name ?? '', count: r.n })),
      };
    },
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
