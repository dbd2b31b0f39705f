import fs from 'node:fs/promises';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { MIGRATIONS_DIR } from '../paths.ts';
import { copyTemplateDir, isDirectory, readTemplate } from './pglite-template.ts';
import * as schema from './schema.ts';

/** The Drizzle database both drivers give us; repositories only see this type. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

/** An open, migrated database and how to close it. */
export interface DatabaseHandle {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** How long each step of opening took (ms), for the start-up debug log. */
  timings?: Record<string, number>;
}

export interface OpenDatabaseOptions {
  /** A postgres:// URL; when absent PGlite is used. */
  databaseUrl?: string;
  /** PGlite data directory, or `memory://` for a throwaway in-memory database. */
  pgliteDataDir: string;
  migrationsDir?: string;
  /**
   * An initialised cluster to start a brand-new PGlite directory from: a template
   * directory (copied; on-disk data dirs) or a tarball (see pglite-template.ts).
   */
  pgliteTemplateFile?: string;
}

// Any fixed number works; it only has to be the same for every instance so
// that several servers starting at once do not run the migrations twice.
const MIGRATION_LOCK_KEY = 7_304_112_001;

/** Opens PGlite or PostgreSQL and applies pending migrations, the same way for both. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  const migrationsFolder = options.migrationsDir ?? MIGRATIONS_DIR;
  if (options.databaseUrl) return openPostgres(options.databaseUrl, migrationsFolder);
  return openPglite(options.pgliteDataDir, migrationsFolder, options.pgliteTemplateFile);
}

async function openPostgres(url: string, migrationsFolder: string): Promise<DatabaseHandle> {
  const { default: pg } = await import('pg');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const pool = new pg.Pool({ connectionString: url, max: 10 });
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
    return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
}

async function isFreshDir(dataDir: string): Promise<boolean> {
  if (dataDir.startsWith('memory://')) return true;
  try {
    await fs.access(path.join(dataDir, 'PG_VERSION'));
    return false;
  } catch {
    return true;
  }
}

async function createPglite(
  dataDir: string,
  templateFile: string | undefined,
  timings: Record<string, number>,
) {
  let since = performance.now();
  const lap = (name: string) => {
    const now = performance.now();
    timings[name] = Math.round(now - since);
    since = now;
  };
  const { PGlite } = await import('@electric-sql/pglite');
  lap('importPglite');
  const inMemory = dataDir.startsWith('memory://');
  const fresh = await isFreshDir(dataDir);
  if (fresh && !inMemory && templateFile && (await isDirectory(templateFile))) {
    try {
      await copyTemplateDir(templateFile, dataDir);
      lap('copyTemplate');
      const client = await PGlite.create({ dataDir });
      lap('open');
      return client;
    } catch {
      // A bad template must not stop the server: clear what it left and initialise normally.
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  }
  const template = fresh && templateFile ? await readTemplate(templateFile) : undefined;
  lap('readTemplate');
  if (template) {
    if (!inMemory) await fs.mkdir(path.dirname(dataDir), { recursive: true });
    try {
      const client = await PGlite.create(
        inMemory ? { loadDataDir: template } : { dataDir, loadDataDir: template },
      );
      lap('restoreTemplate');
      return client;
    } catch {
      // A bad tarball must not stop the server: clear what it left and initialise normally.
      if (!inMemory) await fs.rm(dataDir, { recursive: true, force: true });
    }
  }
  if (!inMemory) await fs.mkdir(dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir });
  lap(fresh ? 'initdb' : 'open');
  return client;
}

/** The `when` of the newest migration in drizzle-kit's journal, or undefined when unreadable. */
async function newestMigrationMillis(migrationsFolder: string): Promise<number | undefined> {
  try {
    const journal = JSON.parse(
      await fs.readFile(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
    ) as { entries: Array<{ when: number }> };
    return Math.max(...journal.entries.map((entry) => entry.when));
  } catch {
    return undefined;
  }
}

/**
 * True when the database already has the newest migration. Drizzle's migrator
 * applies exactly the migrations newer than the last `created_at` it recorded;
 * asking that one question first saves its set-up statements on every start.
 */
async function isMigrated(client: PGliteClient, migrationsFolder: string): Promise<boolean> {
  const newest = await newestMigrationMillis(migrationsFolder);
  if (newest === undefined) return false;
  try {
    const result = await client.query<{ last: string | number | null }>(
      'select max(created_at) as last from drizzle.__drizzle_migrations',
    );
    return Number(result.rows[0]?.last ?? 0) >= newest;
  } catch {
    return false; // no migrations table yet
  }
}

type PGliteClient = Awaited<ReturnType<typeof createPglite>>;

async function openPglite(
  dataDir: string,
  migrationsFolder: string,
  templateFile?: string,
): Promise<DatabaseHandle> {
  const timings: Record<string, number> = {};
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const client = await createPglite(dataDir, templateFile, timings);
  try {
    const db = drizzle({ client, schema });
    const since = performance.now();
    if (!(await isMigrated(client, migrationsFolder))) await migrate(db, { migrationsFolder });
    timings.migrate = Math.round(performance.now() - since);
    return {
      db: db as unknown as Database,
      kind: 'pglite',
      timings,
      // PGlite flushes and shuts the embedded Postgres down cleanly here; skipping
      // it is what can leave a data directory needing recovery.
      close: async () => {
        if (!client.closed) await client.close();
      },
    };
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
}
