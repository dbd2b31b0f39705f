/**
 * One-time move of a PGlite data directory (the embedded database before
 * docs/decisions/011) into the embedded PostgreSQL server.
 *
 * Crash-safe at every step:
 * 1. DATA_DIR/db holding PGlite's cluster is renamed to DATA_DIR/db-pglite (atomic).
 * 2. The new cluster is made in DATA_DIR/db and migrated as usual.
 * 3. Every table of the old database, migrated to the same schema first, is copied
 *    in ONE transaction that also writes a marker row; a crash before its commit
 *    leaves nothing, and the copy is redone on the next start. The copy runs as the
 *    superuser (its replica mode skips foreign-key checks and triggers, which the app's
 *    own role may not); the tables stay the app role's.
 * 4. DATA_DIR/db-pglite is renamed to DATA_DIR/db-pglite-imported and kept as a backup.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { CLUSTER_MARKER, clusterVersion, type Logger, pathExists } from './embedded-postgres.ts';

const BATCH_ROWS = 500;

export function pglitePaths(dataDir: string) {
  return {
    pending: path.join(dataDir, 'db-pglite'),
    done: path.join(dataDir, 'db-pglite-imported'),
  };
}

/**
 * Step 1: when DATA_DIR/db is a PGlite cluster, moves it aside. Returns true when a
 * PGlite database is waiting to be imported (now or from an interrupted earlier start).
 */
export async function setAsidePglite(dataDir: string, dbDir: string): Promise<boolean> {
  const { pending } = pglitePaths(dataDir);
  const isPglite =
    (await clusterVersion(dbDir)) !== undefined &&
    !(await pathExists(path.join(dbDir, CLUSTER_MARKER)));
  if (isPglite && !(await pathExists(pending))) await fs.rename(dbDir, pending);
  return (await clusterVersion(pending)) !== undefined;
}

/**
 * Steps 3 and 4: copies the waiting PGlite database into the app database (already
 * migrated): `pool` is the app's, `superuserUrl` the same database as the superuser.
 */
export async function importPglite(
  dataDir: string,
  pool: pg.Pool,
  superuserUrl: string,
  migrationsFolder: string,
  log: Logger,
): Promise<void> {
  const { pending, done } = pglitePaths(dataDir);
  // Made by the app's role, so the app owns it like every other table.
  await pool.query('create table if not exists pglite_import (imported_at timestamptz not null)');
  const { default: pgClient } = await import('pg');
  const client = new pgClient.Client({ connectionString: superuserUrl });
  await client.connect();
  try {
    const marker = await client.query('select 1 from pglite_import');
    if (marker.rowCount === 0) {
      log('info', `embedded database: importing the earlier PGlite database from ${pending}`);
      const started = Date.now();
      const counts = await copyAll(pending, client, migrationsFolder);
      log(
        'info',
        `embedded database: imported ${Object.entries(counts)
          .map(([t, n]) => `${t} ${n}`)
          .join(', ')} in ${Date.now() - started} ms`,
      );
    }
  } finally {
    await client.end();
  }
  await fs.rm(done, { recursive: true, force: true });
  await fs.rename(pending, done);
  log(
    'info',
    `embedded database: the PGlite files stay in ${done} as a backup; delete them when you no longer need them`,
  );
}

async function copyAll(pgliteDir: string, target: pg.ClientBase, migrationsFolder: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const source = await PGlite.create({ dataDir: pgliteDir }).catch((err: Error) => {
    throw new Error(
      `Could not open ${pgliteDir} with PGlite to import it (${err.message}). Move it out of DATA_DIR to start with an empty database.`,
    );
  });
  const counts: Record<string, number> = {};
  try {
    // Same schema on both sides: the old database gets the migrations it lacks first.
    await migrate(drizzle({ client: source }), { migrationsFolder });
    const tables = (
      await source.query<{ name: string }>(
        `select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
      )
    ).rows.map((r) => r.name);
    await target.query('begin');
    try {
      // Rows arrive in table order, not dependency order: foreign keys are checked by the
      // source database already; replica mode skips their triggers for this transaction.
      await target.query('set local session_replication_role = replica');
      for (const table of tables) {
        if (table === 'pglite_import') continue;
        const ident = `"${table.replaceAll('"', '""')}"`;
        counts[table] = 0;
        for (let offset = 0; ; offset += BATCH_ROWS) {
          const batch = await source.query<{ rows: unknown }>(
            `select coalesce(json_agg(t), '[]'::json) as rows
               from (select * from ${ident} order by ctid limit ${BATCH_ROWS} offset ${offset}) t`,
          );
          const rows = batch.rows[0]?.rows as unknown[] | undefined;
          if (!rows || rows.length === 0) break;
          await target.query(
            `insert into ${ident} overriding system value
               select * from json_populate_recordset(null::${ident}, $1::json)`,
            [JSON.stringify(rows)],
          );
          counts[table] += rows.length;
          if (rows.length < BATCH_ROWS) break;
        }
      }
      await resetIdentitySequences(target);
      await target.query('insert into pglite_import (imported_at) values (now())');
      await target.query('commit');
    } catch (err) {
      await target.query('rollback').catch(() => {});
      throw err;
    }
  } finally {
    await source.close();
  }
  return counts;
}

/** Identity columns continue after the highest imported value. */
async function resetIdentitySequences(client: pg.ClientBase) {
  const identities = await client.query<{ table_name: string; column_name: string }>(
    `select table_name, column_name from information_schema.columns
      where table_schema = 'public' and is_identity = 'YES'`,
  );
  for (const { table_name: table, column_name: column } of identities.rows) {
    const ident = `"${table.replaceAll('"', '""')}"`;
    const col = `"${column.replaceAll('"', '""')}"`;
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${col}) from ${ident}), 0) + 1, false)`,
      [ident, column],
    );
  }
}
