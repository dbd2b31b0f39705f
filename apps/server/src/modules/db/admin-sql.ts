import type { BatchBody, SqlBody, SqlResult } from '@codewright/contract';
import type { Database, DatabaseKind } from '../../db/client.ts';
import { AppError, isAppError } from '../../lib/app-error.ts';
import { databaseErrorOf } from './db-errors.ts';

// The drivers' own query functions: admin SQL is text plus positional parameters,
// which Drizzle's builder does not take. Both answer `{ rows, … }`.
interface RawResult {
  rows: Record<string, unknown>[];
  rowCount?: number | null;
  affectedRows?: number;
}
interface Queryable {
  query(text: string, params?: unknown[]): Promise<RawResult | RawResult[]>;
  /** PGlite: several statements, no parameters. */
  exec?(text: string): Promise<RawResult[]>;
}
interface PgPool extends Queryable {
  connect(): Promise<Queryable & { release(): void }>;
}
interface PgliteClient extends Queryable {
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
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
  const affected = r.rowCount ?? r.affectedRows ?? null;
  return { rows, rowCount: affected || (rows.length ?? affected) };
}

/** Runs one statement; without parameters several `;`-separated statements are allowed. */
function runOn(q: Queryable, query: string, params: unknown[] | undefined) {
  if (params && params.length > 0) return q.query(query, params);
  return q.exec ? q.exec(query) : q.query(query);
}

function asBadRequest(err: unknown, prefix = ''): AppError {
  if (isAppError(err)) return err;
  const db = databaseErrorOf(err);
  const message = db?.message ?? (err instanceof Error ? err.message : String(err));
  return new AppError('VALIDATION_ERROR', 400, `${prefix}${message}`);
}

/**
 * `/sql` and `/batch` for the admin role (DESIGN §3.10): the admin's own
 * database, so statements run as given; database errors come back as 400.
 */
export function createAdminSql(db: Database, kind: DatabaseKind) {
  const client = (db as unknown as { $client: unknown }).$client;

  async function inTransaction<T>(fn: (q: Queryable) => Promise<T>): Promise<T> {
    if (kind === 'pglite') return (client as PgliteClient).transaction(fn);
    const conn = await (client as PgPool).connect();
    try {
      await conn.query('begin');
      const out = await fn(conn);
      await conn.query('commit');
      return out;
    } catch (err) {
      await conn.query('rollback').catch(() => {});
      throw err;
    } finally {
      conn.release();
    }
  }

  return {
    async run({ query, params }: SqlBody): Promise<SqlResult> {
      try {
        return resultOf(await runOn(client as Queryable, query, params));
      } catch (err) {
        throw asBadRequest(err);
      }
    },

    /** transaction: all or nothing, the first error is a 400; pipeline: each on its own, errors reported per statement. */
    async batch({ statements, mode }: BatchBody) {
      if (mode === 'transaction') {
        let index = 0;
        try {
          const results = await inTransaction(async (q) => {
            const out: SqlResult[] = [];
            for (const [i, s] of statements.entries()) {
              index = i;
              out.push(resultOf(await runOn(q, s.query, s.params)));
            }
            return out;
          });
          return { results };
        } catch (err) {
          throw asBadRequest(err, `statement ${index}: `);
        }
      }
      const results: (SqlResult | { error: { message: string } })[] = [];
      for (const s of statements) {
        try {
          results.push(resultOf(await runOn(client as Queryable, s.query, s.params)));
        } catch (err) {
          results.push({ error: { message: asBadRequest(err).message } });
        }
      }
      return { results };
    },
  };
}
