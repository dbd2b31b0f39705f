import pg from 'pg';
import type { BatchBody, SqlBody, SqlResult } from '@codewright/contract';
import { AppError, isAppError } from '../../lib/app-error.ts';
import type { AdminSqlConnections } from './admin-sql-role.ts';
import { refusalOf, splitStatements } from './admin-sql-statements.ts';
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

export interface AdminSqlLimits {
  /** Each statement, and the request as a whole, stops after this long (ms). */
  timeoutMs: number;
  /** A statement waiting longer than this for a lock gives up (ms). */
  lockTimeoutMs: number;
}

// The request-wide watchdog fires this long after the time-out, so that a single slow
// statement meets PostgreSQL's own statement_timeout (and its clearer error) first.
const WATCHDOG_GRACE_MS = 1000;

// Catalogs that ALTER ROLE / ALTER DATABASE ... SET / GRANT role write. A transaction that
// holds more than a read lock on one of them changed a role or database setting, however
// it was written (a DO block, a function); it is rolled back.
const ROLE_CATALOG_WRITE_SQL = `select exists (
    select 1 from pg_locks
     where pid = pg_backend_pid() and locktype = 'relation' and mode <> 'AccessShareLock'
       and relation in ('pg_catalog.pg_authid'::regclass, 'pg_catalog.pg_auth_members'::regclass,
                        'pg_catalog.pg_database'::regclass, 'pg_catalog.pg_db_role_setting'::regclass)
  ) as wrote`;

/** One request's connection; `expired` once the watchdog has fired. */
interface Run {
  client: pg.PoolClient;
  expired: boolean;
}

interface Statement {
  text: string;
  params?: unknown[] | undefined;
}

function asBadRequest(err: unknown, limits: AdminSqlLimits, prefix = ''): AppError {
  if (isAppError(err)) return err;
  const db = databaseErrorOf(err);
  // 57014: cancelled by statement_timeout or by the watchdog below; 55P03: lock_timeout.
  if (db?.code === '57014')
    return new AppError(
      'SQL_TIMEOUT',
      400,
      `${prefix}The SQL ran longer than the admin SQL time-out (${limits.timeoutMs} ms) and was stopped; nothing was applied. Make it faster (an index, fewer rows at a time) or raise ADMIN_SQL_TIMEOUT_MS.`,
    );
  if (db?.code === '55P03')
    return new AppError(
      'SQL_LOCK_TIMEOUT',
      409,
      `${prefix}The SQL waited more than ${limits.lockTimeoutMs} ms (ADMIN_SQL_LOCK_TIMEOUT_MS) for a lock another transaction holds, and gave up; nothing was applied. Try again when that transaction has finished.`,
    );
  const message = db?.message ?? (err instanceof Error ? err.message : String(err));
  return new AppError('VALIDATION_ERROR', 400, `${prefix}${message}`);
}

/** Splits `query` into statements, refusing any that would escape admin SQL's limits. */
function statementsOf(query: string, params: unknown[] | undefined, prefix = ''): Statement[] {
  const split = splitStatements(query);
  for (const s of split) {
    const refusal = refusalOf(s);
    if (refusal) throw new AppError('SQL_NOT_ALLOWED', 400, `${prefix}${refusal}`);
  }
  if (params && params.length > 0 && split.length > 1)
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      `${prefix}A query with params must be a single statement; send several to /batch instead.`,
    );
  return split.map((s) => ({ text: s.text, params }));
}

/** Asks PostgreSQL to cancel what `client` is running (the protocol's CancelRequest: no role rights needed). */
function cancelRunning(client: pg.PoolClient): void {
  const busy = client as unknown as {
    host: string;
    port: number;
    processID: number;
    secretKey: number;
  };
  const con = (
    new pg.Client({ host: busy.host, port: busy.port }) as unknown as {
      connection: {
        on(event: 'connect' | 'error', listener: () => void): void;
        connect(portOrPath: number | string, host?: string): void;
        cancel(processID: number, secretKey: number): void;
      };
    }
  ).connection;
  con.on('error', () => {});
  con.on('connect', () => con.cancel(busy.processID, busy.secretKey));
  if (busy.host.startsWith('/')) con.connect(`${busy.host}/.s.PGSQL.${busy.port}`);
  else con.connect(busy.port, busy.host);
}

/**
 * `/sql` and `/batch` for the admin role (DESIGN §3.10, §3.17): statements run as given,
 * on a connection of their own as a role that is no superuser (admin-sql-role.ts);
 * database errors come back as 400.
 *
 * Limits hold however a statement is written: every request runs inside one transaction
 * (pipeline: one per statement) that starts with SET LOCAL statement_timeout and
 * lock_timeout, and each statement goes alone through the extended protocol, so a COMMIT
 * hidden in a multi-statement string cannot end that transaction. Statements that would
 * change a role, the time-outs or the transaction are refused up front
 * (admin-sql-statements.ts); a transaction that wrote the role catalogs anyway is rolled
 * back; and a watchdog cancels a request still running past the time-out, whatever
 * settings it managed to change. The connection is closed afterwards (admin-sql-role.ts).
 */
export function createAdminSql(connections: AdminSqlConnections, limits: AdminSqlLimits) {
  /** Runs `fn` on a fresh connection, cancelling it once the request outlives the time-out. */
  async function withConnection<T>(fn: (run: Run) => Promise<T>): Promise<T> {
    const client = await connections.acquire();
    const run: Run = { client, expired: false };
    const watchdog = setTimeout(() => {
      run.expired = true;
      cancelRunning(client);
    }, limits.timeoutMs + WATCHDOG_GRACE_MS);
    try {
      return await fn(run);
    } finally {
      clearTimeout(watchdog);
      connections.release(client);
    }
  }

  /** Runs statements in one transaction under the limits; the last one's answer. */
  async function inTransaction(
    run: Run,
    statements: Statement[],
    onStatement?: (i: number) => void,
  ) {
    const expired = () => Object.assign(new Error('admin SQL request time-out'), { code: '57014' });
    const { client } = run;
    await client.query('begin');
    await client.query(
      `select set_config('statement_timeout', $1, true), set_config('lock_timeout', $2, true)`,
      [`${limits.timeoutMs}ms`, `${limits.lockTimeoutMs}ms`],
    );
    const out: SqlResult[] = [];
    for (const [i, s] of statements.entries()) {
      onStatement?.(i);
      if (run.expired) throw expired();
      const answer: unknown = await client.query({
        text: s.text,
        values: s.params && s.params.length > 0 ? s.params : [],
        queryMode: 'extended',
      } as pg.QueryConfig);
      out.push(resultOf(answer as RawResult));
    }
    const check = await client.query<{ wrote: boolean }>(ROLE_CATALOG_WRITE_SQL);
    if (check.rows[0]?.wrote) {
      throw new AppError(
        'SQL_NOT_ALLOWED',
        400,
        'The SQL changed a role or database setting, which admin SQL may not do; nothing was applied. Use psql as the database owner.',
      );
    }
    await client.query('commit');
    return out;
  }

  return {
    async run({ query, params }: SqlBody): Promise<SqlResult> {
      const statements = statementsOf(query, params);
      try {
        const results = await withConnection((run) => inTransaction(run, statements));
        return results.at(-1) ?? { rows: [], rowCount: 0 };
      } catch (err) {
        throw asBadRequest(err, limits);
      }
    },

    /** transaction: all or nothing, the first error is a 400; pipeline: each on its own, errors reported per statement. */
    async batch({ statements, mode }: BatchBody) {
      const split = statements.map((s, i) => statementsOf(s.query, s.params, `statement ${i}: `));
      if (mode === 'transaction') {
        // Which request statement is running (one may hold several SQL statements).
        const owner = split.flatMap((parts, i) => parts.map(() => i));
        let index = 0;
        try {
          const all = await withConnection((run) =>
            inTransaction(run, split.flat(), (i) => (index = owner[i] ?? 0)),
          );
          // Each request statement answers with its last SQL statement's result.
          const results = split.map(
            (_, i) => all[owner.lastIndexOf(i)] ?? { rows: [], rowCount: 0 },
          );
          return { results };
        } catch (err) {
          // The connection is closed after use, which rolls back whatever is open.
          throw asBadRequest(err, limits, `statement ${index}: `);
        }
      }
      try {
        return await withConnection(async (run) => {
          const results: (SqlResult | { error: { message: string } })[] = [];
          for (const parts of split) {
            try {
              const answers = await inTransaction(run, parts);
              results.push(answers.at(-1) ?? { rows: [], rowCount: 0 });
            } catch (err) {
              await run.client.query('rollback').catch(() => {});
              const failure = asBadRequest(err, limits);
              // Past the request's time-out the rest is not tried.
              if (run.expired) throw failure;
              results.push({ error: { message: failure.message } });
            }
          }
          return { results };
        });
      } catch (err) {
        throw asBadRequest(err, limits);
      }
    },
  };
}
