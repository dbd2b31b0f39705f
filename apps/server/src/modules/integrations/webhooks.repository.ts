import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Webhook, WebhookDelivery, WebhookEvent } from '@codewright/contract';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/query.ts';
import { webhookDeliveries, webhooks } from './integrations.schema.ts';

type WebhookRow = typeof webhooks.$inferSelect;
type DeliveryRow = typeof webhookDeliveries.$inferSelect;

export const toWebhook = (row: WebhookRow, now: number): Webhook => ({
  id: row.id,
  workspaceId: row.workspaceId,
  url: row.url,
  events: row.events as WebhookEvent[],
  createdAt: row.createdAt.toISOString(),
  previousSecretUntil:
    row.previousSecretUntil && row.previousSecretUntil.getTime() > now
      ? row.previousSecretUntil.toISOString()
      : null,
});

const toDelivery = (row: DeliveryRow): WebhookDelivery => ({
  id: row.id,
  event: row.event as WebhookEvent,
  status: row.status as WebhookDelivery['status'],
  attempts: row.attempts,
  responseStatus: row.responseStatus,
  error: row.error,
  createdAt: row.createdAt.toISOString(),
  lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
  durationMs: row.durationMs,
});

/** A delivery claimed for an attempt, with what it is sent to and signed with. */
export interface ClaimedDelivery {
  id: string;
  payload: string;
  attempts: number;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
}

/** SQL of webhooks and their deliveries (issue 49). */
export function createWebhooksRepository(db: Database) {
  return {
    async insert(row: typeof webhooks.$inferInsert): Promise<WebhookRow> {
      const [created] = await db.insert(webhooks).values(row).returning();
      return created!;
    },

    async list(workspaceId: string): Promise<WebhookRow[]> {
      return db
        .select()
        .from(webhooks)
        .where(eq(webhooks.workspaceId, workspaceId))
        .orderBy(webhooks.createdAt, webhooks.id);
    },

    async count(workspaceId: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(webhooks)
        .where(eq(webhooks.workspaceId, workspaceId));
      return row?.n ?? 0;
    },

    async find(id: string): Promise<WebhookRow | undefined> {
      const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id)).limit(1);
      return row;
    },

    async update(id: string, set: Partial<typeof webhooks.$inferInsert>): Promise<WebhookRow> {
      const [row] = await db.update(webhooks).set(set).where(eq(webhooks.id, id)).returning();
      return row!;
    },

    async remove(id: string): Promise<void> {
      await db.delete(webhooks).where(eq(webhooks.id, id));
    },

    async deliveries(webhookId: string, limit: number): Promise<WebhookDelivery[]> {
      const rows = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.webhookId, webhookId))
        .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
        .limit(limit);
      return rows.map(toDelivery);
    },

    /** A new delivery of an earlier one's event and payload ("send again"), due now. */
    async resend(webhookId: string, deliveryId: string): Promise<WebhookDelivery | null> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(
          sql`insert into webhook_deliveries (id, webhook_id, event, payload)
              select 'msg_' || replace(gen_random_uuid()::text, '-', ''), webhook_id, event, payload
              from webhook_deliveries where id = ${deliveryId} and webhook_id = ${webhookId}
              returning id`,
        ),
      );
      if (!rows[0]) return null;
      const [row] = await db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, rows[0].id));
      return toDelivery(row!);
    },

    /** Writes an event's deliveries for the workspace's webhooks that want it. */
    async enqueue(workspaceId: string, event: WebhookEvent, data: unknown): Promise<void> {
      await db.execute(
        sql`select webhook_enqueue(${workspaceId}, ${event}, ${JSON.stringify(data)}::jsonb)`,
      );
    },

    /**
     * Claims up to `limit` due deliveries for one attempt each: counted, and not due again for
     * `leaseSeconds` (another instance skips them meanwhile; one that crashes is retried then).
     */
    async claimDue(limit: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
      return rowsOf<{
        id: string;
        payload: unknown;
        attempts: number;
        url: string;
        secret: string;
        previous_secret: string | null;
        previous_secret_until: string | Date | null;
      }>(
        await db.execute(
          sql`update webhook_deliveries d
                set attempts = d.attempts + 1, last_attempt_at = now(),
                    next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
              from webhooks h
              where h.id = d.webhook_id and d.id in (
                select id from webhook_deliveries
                where status = 'pending' and next_attempt_at <= now()
                order by next_attempt_at limit ${limit} for update skip locked)
              returning d.id, d.payload::text as payload, d.attempts, h.url, h.secret,
                h.previous_secret, h.previous_secret_until`,
        ),
      ).map((r) => ({
        id: r.id,
        payload: String(r.payload),
        attempts: r.attempts,
        url: r.url,
        secret: r.secret,
        previousSecret: r.previous_secret,
        previousSecretUntil: r.previous_secret_until ? new Date(r.previous_secret_until) : null,
      }));
    },

    /** Milliseconds until the next pending delivery is due (0 when one is), or null for none. */
    async nextDueInMs(): Promise<number | null> {
      // Not greatest(0, …): greatest skips a null, so "none pending" would read as "due now".
      const [row] = rowsOf<{ ms: number | string | null }>(
        await db.execute(
          sql`select extract(epoch from (min(next_attempt_at) - now())) * 1000 as ms
              from webhook_deliveries where status = 'pending'`,
        ),
      );
      return row?.ms === null || row?.ms === undefined
        ? null
        : Math.max(0, Math.ceil(Number(row.ms)));
    },

    /** The outcome of an attempt: done, failed for good, or due again after `retryInMs`. */
    async settle(
      id: string,
      outcome: {
        status: 'succeeded' | 'failed' | 'pending';
        responseStatus: number | null;
        error: string | null;
        durationMs: number;
        retryInMs?: number;
      },
    ): Promise<void> {
      await db
        .update(webhookDeliveries)
        .set({
          status: outcome.status,
          responseStatus: outcome.responseStatus,
          error: outcome.error,
          durationMs: outcome.durationMs,
          ...(outcome.retryInMs !== undefined
            ? { nextAttemptAt: sql`now() + make_interval(secs => ${outcome.retryInMs / 1000})` }
            : {}),
        })
        .where(and(eq(webhookDeliveries.id, id), eq(webhookDeliveries.status, 'pending')));
    },
  };
}

export type WebhooksRepository = ReturnType<typeof createWebhooksRepository>;
