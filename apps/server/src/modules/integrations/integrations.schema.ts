import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';
import { workspaces } from '../workspaces/workspaces.schema.ts';

const time = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A workspace's webhooks (issue 49): a URL and the events it wants. The signing secret is kept
 * encrypted with a key derived from the server's secret (webhook-signing.ts); after a rotation
 * the previous one keeps signing until `previous_secret_until`.
 */
export const webhooks = pgTable(
  'webhooks',
  {
    id: text('id').primaryKey(),
    workspaceId: text('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    previousSecret: text('previous_secret'),
    previousSecretUntil: time('previous_secret_until'),
    createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [index('webhooks_workspace_idx').on(t.workspaceId)],
);

/**
 * Each event a webhook is to receive, written in the transaction of the change that made it
 * (triggers of drizzle/0014), then delivered and retried by webhook-deliverer.ts.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: time('next_attempt_at').notNull().defaultNow(),
    lastAttemptAt: time('last_attempt_at'),
    responseStatus: integer('response_status'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('webhook_deliveries_webhook_idx').on(t.webhookId, t.createdAt),
    check(
      'webhook_deliveries_status_check',
      sql`${t.status} in ('pending', 'succeeded', 'failed')`,
    ),
  ],
);
