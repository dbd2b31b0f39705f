import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Analytics events (SPEC §3) posted to /api/analytics/{project}/log. `user_id`
 * and `user_email` come from the Bearer token, never from the body; events sent
 * without one (sendBeacon on page hide) are anonymous. No foreign key to users:
 * events are a log and outlive the accounts they mention.
 */
export const analyticsEvents = pgTable(
  'analytics_events',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    projectId: text('project_id').notNull(),
    userId: text('user_id'),
    userEmail: text('user_email'),
    sessionId: text('session_id'),
    pathname: text('pathname'),
    referrer: text('referrer'),
    screenWidth: integer('screen_width'),
    channel: text('channel'),
    utmSource: text('utm_source'),
    utmMedium: text('utm_medium'),
    utmCampaign: text('utm_campaign'),
    utmContent: text('utm_content'),
    utmTerm: text('utm_term'),
    /** Extra properties of the event, e.g. cta_name and page of cta_clicked. */
    properties: jsonb('properties').$type<Record<string, string | number | boolean | null>>(),
    /** When the client says it happened (its clock); `received_at` is ours. */
    occurredAt: timestamp('occurred_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (t) => [
    index('analytics_events_type_received_idx').on(t.type, t.receivedAt),
    index('analytics_events_user_id_idx').on(t.userId),
  ],
);

export type AnalyticsEventRow = typeof analyticsEvents.$inferSelect;
export type NewAnalyticsEventRow = typeof analyticsEvents.$inferInsert;
