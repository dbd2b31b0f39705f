/** Pieces of the backup API tests: temp folders and databases, a backup and a restore target. */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { MIGRATIONS_DIR } from '../../paths.ts';
import { LocalDiskBackend } from '../storage/local-disk-backend.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';
import { connectionOf } from './backup-command.ts';
import { writeBackup } from './backup.ts';
import { quoteIdent, tablesOf } from './database-copy.ts';
import type { RestoreTarget } from './restore.ts';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean().catch(() => {});
});

/** A temp folder, removed after the file's tests. */
export async function tempDir(prefix: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A new, empty database in the test cluster: its URL. */
export async function emptyDatabase(): Promise<string> {
  const adminUrl = inject('testDatabaseUrl');
  const name = `cw_restore_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const again = new pg.Client({ connectionString: adminUrl });
    await again.connect();
    await again.query(`drop database if exists ${name} with (force)`);
    await again.end();
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A connection to `url`, ended after the file's tests. */
export async function connected(url: string) {
  const client = new pg.Client({ connectionString: url });
  // A database dropped at the end (with force) ends its connections first.
  client.on('error', () => {});
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

/** Every row of every table, as JSON text in a stable order. */
export async function contents(client: pg.ClientBase) {
  const all: Record<string, string[]> = {};
  for (const { name } of await tablesOf(client)) {
    const { rows } = await client.query<{ r: string }>(
      `select to_jsonb(t)::text as r from ${quoteIdent(name)} t order by 1`,
    );
    all[name] = rows.map((row) => row.r);
  }
  return all;
}

type Storage = { kind: 'local' | 's3'; backend: StorageBackend };

/**
 * A backup (writeBackup) of the database at `databaseUrl` and `storage` into a new folder; the
 * secret is `jwtSecret` (JWT_SECRET), or the file at `{ file }` (DATA_DIR/secret).
 */
export async function backupOf(
  databaseUrl: string,
  storage: Storage,
  jwtSecret: string | { file: string },
) {
  const dir = path.join(await tempDir('cw-backup-api-'), 'backup');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const manifest = await writeBackup(dir, {
      client,
      databaseKind: 'postgres',
      storage,
      secret:
        typeof jwtSecret === 'string'
          ? { source: 'env', value: jwtSecret }
          : { source: 'file', path: jwtSecret.file },
      appVersion: 'test',
    });
    return { dir, manifest };
  } finally {
    await client.end();
  }
}

/**
 * Where to restore: `databaseUrl` or a new empty database, and `storage` or the local disk of a
 * new DATA_DIR.
 */
export async function target(
  jwtSecret: string | undefined,
  { databaseUrl, storage }: { databaseUrl?: string; storage?: Storage } = {},
) {
  const url = databaseUrl ?? (await emptyDatabase());
  const dataDir = await tempDir('cw-restore-api-');
  const { kind, backend } = storage ?? {
    kind: 'local' as const,
    backend: await LocalDiskBackend.open(dataDir),
  };
  const restoreTarget: RestoreTarget = {
    open: async (migrationsDir) =>
      connectionOf(await openDatabase({ databaseUrl: url, dataDir, migrationsDir })),
    describe: 'DATABASE_URL',
    storage: { kind, backend },
    jwtSecret,
    secretPath: path.join(dataDir, 'secret'),
    migrationsDir: MIGRATIONS_DIR,
  };
  return { url, backend, restoreTarget };
}
