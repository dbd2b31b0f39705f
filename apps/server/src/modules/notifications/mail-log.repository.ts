import { and, count, eq, gt, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { mailLog } from './notifications.schema.ts';

/** SQL of the mail log: what was sent to whom, for the hourly cap per recipient. */
export function createMailLogRepository(db: Database) {
  return {
    /** Logs one mail of `kind` for each recipient; answers the new rows' ids. */
    async add(recipients: string[], kind: string): Promise<number[]> {
      const rows = await db
        .insert(mailLog)
        .values(recipients.map((recipient) => ({ recipient, kind })))
        .returning({ id: mailLog.id });
      return rows.map((r) => r.id);
    },

    /** How many mails to `recipient` were logged after `since`. */
    async countSince(recipient: string, since: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(mailLog)
        .where(and(eq(mailLog.recipient, recipient), gt(mailLog.createdAt, since)));
      return row?.n ?? 0;
    },

    async remove(ids: number[]): Promise<void> {
      if (ids.length > 0) await db.delete(mailLog).where(inArray(mailLog.id, ids));
    },
  };
}
