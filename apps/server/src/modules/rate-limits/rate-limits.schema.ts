import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Fixed-window request counters shared by every server instance on the database: the API's
 * per-IP limit (@fastify/rate-limit) and the auth abuse limits (docs/decisions/006). UNLOGGED
 * (added by hand in migration 0015; drizzle cannot say it): a counter is worth no WAL, and a
 * crash that empties the table only forgives the current window.
 */
export const rateLimits = pgTable('rate_limits', {
  /** `api:<ip>`, `api:<METHOD><route>:<ip>`, `auth:ip:<action>:<ip>`, `auth:email:<action>:<sha256>`. */
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  /** When the window that `count` belongs to ends; a row past it is as good as absent. */
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});
