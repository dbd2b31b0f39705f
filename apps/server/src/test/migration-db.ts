/**
 * A database of its own made with the migrations before one (the database "before this
 * change"), for the tests of that migration (*-migration.api.test.ts). `before()` opens it as it
 * was; `after()` opens it with every migration applied, as a server start does.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { firstMigrations, readJournal } from '../db/migrations-folder.ts';
import { MIGRATIONS_DIR } from '../paths.ts';

/** A migrations folder holding only the migrations before `tag`. */
async function migrationsBefore(tag: string): Promise<string> {
  const index = (await readJournal(MIGRATIONS_DIR)).entries.findIndex((e) => e.tag === tag);
  if (index < 0) throw new Error(`no migration ${tag} in ${MIGRATIONS_DIR}`);
  return firstMigrations(MIGRATIONS_DIR, index, 'cw-mig-');
}

export function useDatabaseBefore(tag: string) {
  const adminUrl = inject('testDatabaseUrl');
  const dbName = `cw_mig_${randomBytes(6).toString('hex')}`;
  let url = '';
  let oldDir = '';
  const opened: DatabaseHandle[] = [];
  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const u = new URL(adminUrl);
    u.pathname = `/${dbName}`;
    url = u.toString();
    oldDir = await migrationsBefore(tag);
  });
  afterAll(async () => {
    for (const handle of opened) await handle.close().catch(() => undefined);
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    await fs.rm(oldDir, { recursive: true, force: true });
  });
  const open = async (migrationsDir?: string) => {
    const handle = await openDatabase({ databaseUrl: url, dataDir: oldDir, migrationsDir });
    opened.push(handle);
    return handle;
  };
  return {
    /** The database with the migrations before `tag` only (close it before `after`). */
    before: () => open(oldDir),
    /** The database with every migration. */
    after: () => open(),
  };
}
