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
  };
}

export type AnalyticsRepository = ReturnType<typeof createAnalyticsRepository>;
