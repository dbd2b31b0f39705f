import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './client.ts';

/** Anything that can run a query: the database or an open transaction. */
export type Executor = Pick<Database, 'execute'>;

/** Rows of a raw query, from either driver (both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** A timestamp column as ISO 8601 in UTC with milliseconds, the way every answer writes times. */
export const isoTime = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
