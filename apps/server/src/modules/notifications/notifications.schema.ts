import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One row per mail accepted for sending, per recipient: the per-address hourly cap counts these. */
export const mailLog = pgTable(
  'mail_log',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased recipient address. */
    recipient: text('recipient').notNull(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_log_recipient_created_idx').on(t.recipient, t.createdAt)],
);
