import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** NOTIFYs every instance listening on `channel` (db/listen.ts) with the commit of this statement. */
export async function notify(
  db: Pick<Database, 'execute'>,
  channel: string,
  payload: string,
): Promise<void> {
  await db.execute(sql`select pg_notify(${channel}, ${payload})`);
}
