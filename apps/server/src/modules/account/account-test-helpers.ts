import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/** Test helpers of account deletion (used by *.api.test.ts only). */

/**
 * Every (table, column) of the public schema whose value holds one of `needles`
 * (case-insensitive) anywhere — alone, inside JSON, a list, a path or another identifier —
 * from information_schema: tables added later are searched without a change here. Binary
 * columns (compressed version bodies, hashes) are skipped: they hold no readable text.
 */
export async function whereFound(app: FastifyInstance, needles: string[]): Promise<string[]> {
  const columns = (
    (await app.db.execute(
      sql`select table_name, column_name from information_schema.columns
          where table_schema = 'public' and data_type <> 'bytea'
          order by table_name, ordinal_position`,
    )) as unknown as { rows: { table_name: string; column_name: string }[] }
  ).rows;
  expect(columns.length).toBeGreaterThan(20);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const matches = sql.join(
      needles.map((n) => sql`${sql.identifier(column)}::text ~* ${escapeRegex(n)}`),
      sql` or `,
    );
    const result = (await app.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} where ${matches}`,
    )) as unknown as { rows: { n: number }[] };
    if (result.rows[0]!.n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/** `text` as a literal inside a PostgreSQL regular expression. */
function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
