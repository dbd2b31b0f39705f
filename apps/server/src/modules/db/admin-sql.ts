import type pg from 'pg';
import type { BatchBody, SqlBody, SqlResult } from '@codewright/contract';
import { AppError, isAppError } from '../../lib/app-error.ts';
import type { AdminSqlConnections } from './admin-sql-role.ts';
import { databaseErrorOf } from './db-errors.ts';

// The driver's own query function: admin SQL is text plus positional parameters,
// which Drizzle's builder does not take.
interface RawResult {
  rows: Record<string, unknown>[];
  rowCount?: number | null;
}

/** A value JSON can carry: int8 beyond 2^53 as text, bytea as `\\x…` hex, like psql prints them. */
function jsonSafe(value: unknown): unknown {
  if (typeof value === 'bigint')
    return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (value instanceof Uint8Array) return `\\x${Buffer.from(value).toString('hex')}`;
  if (Array.isArray(value)) return value.map(jsonSafe);
  return value;
}

/** The last statement's answer (several statements without parameters answer a list). */
function resultOf(answer: RawResult | RawResult[]): SqlResult {
  const r = Array.isArray(answer) ? (answer.at(-1) ?? { rows: [] }) : answer;
  const rows = (r.rows ?? []).map((row) =>
    Object.fromEntries(Object.entries(row).map(([k, v]) => [k, jsonSafe(v)])),
  );
  const affected = r.rowCount ?? null;
  return { rows, rowCount: affected || (rows.length ?? affected) };
}

/** Runs one statement; without parameters several `;`-separated statements are allowed (simple protocol). */
async function runOn(
  client: pg.ClientBase,
  query: string,
  params: unknown[] | undefined,
): Promise<RawResult | RawResult[]> {
  const answer: unknown =
    params && params.length > 0 ? await client.query(query, params) : await client.query(query);
  return answer as RawResult | RawResult[];
}

function asBadRequest(err: unknown, prefix = ''): AppError {
  if (isAppError(err)) return err;
  const db = databaseErrorOf(err);
  const message = db?.message ?? (err instanceof Error ? err.message : String(err));
  return new AppError('VALIDATION_ERROR', 400, `${prefix}${message}`);
}

/**
 * `/sql` and `/batch` for the admin role (DESIGN §3.10): statements run as given,
 * on a connection of their own as a role that is no superuser (admin-sql-role.ts);
 * database errors come back as 400.
 */
export function createAdminSql(connections: AdminSqlConnections) {
  async function withConnection<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await connections.acquire();
    try {
      return await fn(client);
    } finally {
      connections.release(client);
    }
  }

  return {
    async run({ query, params }: SqlBody): Promise<SqlResult> {
      try {
        return resultOf(await withConnection((client) => runOn(client, query, params)));
      } catch (err) {
        throw asBadRequest(err);
      }
    },

    /** transaction: all or nothing, the first error is a 400; pipeline: each on its own, errors reported per statement. */
    async batch({ statements, mode }: BatchBody) {
      if (mode === 'transaction') {
        let index = 0;
        try {
          const results = await withConnection(async (client) => {
            await client.query('begin');
            const out: SqlResult[] = [];
            for (const [i, s] of statements.entries()) {
              index = i;
              out.push(resultOf(await runOn(client, s.query, s.params)));
            }
            await client.query('commit');
            return out;
          });
          return { results };
        } catch (err) {
          // The connection is closed after use, which rolls back whatever is open.
          throw asBadRequest(err, `statement ${index}: `);
        }
      }
      return withConnection(async (client) => {
        const results: (SqlResult | { error: { message: string } })[] = [];
        for (const s of statements) {
          try {
            results.push(resultOf(await runOn(client, s.query, s.params)));
          } catch (err) {
            results.push({ error: { message: asBadRequest(err).message } });
          }
        }
        return { results };
      });
    },
  };
}
