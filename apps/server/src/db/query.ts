import type { Database } from './client.ts';

/** Anything that can run a query: the database or an open transaction. */
export type Executor = Pick<Database, 'execute'>;

/** Rows of a raw query, from either driver (both answer `{ rows }`). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
