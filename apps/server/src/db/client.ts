import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { MIGRATIONS_DIR } from '../paths.ts';
import { type DataDirRole, lockDataDir } from './data-dir-lock.ts';
import { type EmbeddedPostgres, type Logger, startEmbeddedPostgres } from './embedded-postgres.ts';
import { importPglite, setAsidePglite } from './pglite-import.ts';
import * as schema from './schema.ts';

/** The Drizzle database; repositories only see this type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** `embedded`: the PostgreSQL server this process runs in DATA_DIR/db; `postgres`: DATABASE_URL. */
export type DatabaseKind = 'embedded' | 'postgres';

/** An open, migrated database and how to close it. */
export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  /** The pool behind `db` (admin SQL and bulk work use it directly). */
  pool: pg.Pool;
  close(): Promise<void>;
  /** How long each step of opening took (ms), for the start-up debug log. */
  timings?: Record<string, number>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL; when absent the embedded PostgreSQL in `dataDir/db` is used. */
  databaseUrl?: string;
  /** DATA_DIR: the embedded cluster lives in its `db/`. */
  dataDir: string;
  migrationsDir?: string;
  /** Throwaway test clusters only: the embedded server without fsync. */
  durable?: boolean;
  /** Who holds DATA_DIR while the embedded database is open (named to a second comer). */
  role?: DataDirRole;
  log?: Logger;
}

// Any fixed number works; it only has to be the same for every instance so
// that several servers starting at once do not run the migrations twice.
const MIGRATION_LOCK_KEY = 7_304_112_001;
const POOL_SIZE = 10;

/** Opens the embedded PostgreSQL or DATABASE_URL and applies pending migrations, the same way for both. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsDir ?? MIGRATIONS_DIR;
  if (options.databaseUrl) {
    return { ...(await openPostgres(options.databaseUrl, migrationsFolder)), kind: 'postgres' };
  }
  return openEmbedded(options, migrationsFolder);
}

async function openEmbedded(
  options: OpenDatabaseOptions,
  migrationsFolder: string,
): Promise<DatabaseHandle> {
  const log: Logger = options.log ?? (() => {});
  const timings: Record<string, number> = {};
  let since = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - since);
    since = now;
  };
  // One owner per data directory (DESIGN §3.18), taken before anything in it is read or
  // moved and held until the database is closed.
  const lock = await lockDataDir(options.dataDir, options.role ?? 'server');
  let server: EmbeddedPostgres | undefined;
  try {
    const dbDir = path.join(options.dataDir, 'db');
    const pglitePending = await setAsidePglite(options.dataDir, dbDir);
    server = await startEmbeddedPostgres({ dataDir: dbDir, durable: options.durable, log });
    lap('startServer');
    const opened = await openPostgres(server.url, migrationsFolder);
    lap('migrate');
    if (pglitePending) {
      try {
        await importPglite(
          options.dataDir,
          opened.pool,
          server.superuserUrl,
          migrationsFolder,
          log,
        );
      } catch (err) {
        await opened.pool.end().catch(() => {});
        throw err;
      }
      lap('importPglite');
    }
    const running = server;
    return {
      ...opened,
      kind: 'embedded',
      timings,
      close: async () => {
        try {
          await opened.close();
          await running.stop();
        } finally {
          lock.release();
        }
      },
    };
  } catch (err) {
    await server?.stop();
    lock.release();
    throw err;
  }
}

async function openPostgres(url: string, migrationsFolder: string) {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  try {
    const db = drizzle({ client: pool, schema });
    const lockClient = await pool.connect();
    try {
      await lockClient.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      await migrate(db, { migrationsFolder });
    } finally {
      await lockClient.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => {});
      lockClient.release();
    }
    return { db: db as unknown as Database, pool, close: () => pool.end() };
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
}
