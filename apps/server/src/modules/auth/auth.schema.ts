import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';

/**
 * One-time tokens that travel by mail (verify email, reset password, magic
 * link) and the short OAuth hand-off code. Only the sha256 of a token is kept;
 * a token is bound to one user, one purpose and the email it was sent to,
 * expires, and is spent by an atomic UPDATE (used_at).
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    /** The address the token was mailed to; a later email change makes it void. */
    email: text('email').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_tokens_user_purpose_idx').on(t.userId, t.purpose)],
);

export type AuthTokenRow = typeof authTokens.$inferSelect;
