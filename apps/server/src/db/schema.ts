import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** Accounts. Email uniqueness is case-insensitive through the index on lower(email). */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    displayName: text('display_name'),
    role: text('role').notNull().default('user'),
    // A JSON object string, as the spec's user metadata; planData is never stored here.
    metadata: text('metadata').notNull().default('{}'),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`)],
);

/** A sign-in session, which is also the refresh-token family. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** "Chrome on Linux": a summary of the user agent that opened it, never the raw string. */
    device: text('device'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Refresh tokens, stored as sha256 of the opaque token; rotated on every use. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_session_id_idx').on(t.sessionId)],
);

/** Plan and usage counters, owned by the server (DESIGN §3.1). */
export const userPlans = pgTable('user_plans', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  plan: text('plan').notNull().default('free'),
  generationsUsed: integer('generations_used').notNull().default(0),
  editsUsed: integer('edits_used').notNull().default(0),
  lastResetDate: timestamp('last_reset_date', { withTimezone: true }).notNull().defaultNow(),
});

/** Failed sign-ins per (lower-cased) email, for the per-email lockout. */
export const authAttempts = pgTable(
  'auth_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_attempts_email_created_idx').on(t.email, t.createdAt)],
);

export type UserRow = typeof users.$inferSelect;
export type UserPlanRow = typeof userPlans.$inferSelect;
