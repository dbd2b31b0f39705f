// Backup and restore on DATABASE_URL (both test databases): every table and file comes back as
// it was; a target that holds anything, a different JWT_SECRET and a newer backup are refused;
// a backup of an older schema is restored and then migrated on.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { openDatabase } from '../../db/client.ts';
import { MIGRATIONS_DIR } from '../../paths.ts';
import { newSession } from '../../test/auth-helpers.ts';
import { useDatabaseBefore } from '../../test/migration-db.ts';
import { useTestApp } from '../../test/test-app.ts';
import { LocalDiskBackend } from '../storage/local-disk-backend.ts';
import { writeBackup } from './backup.ts';
import { quoteIdent, tablesOf } from './database-copy.ts';
import { type Manifest, MANIFEST_FILE } from './manifest.ts';
import { restoreBackup, type RestoreTarget } from './restore.ts';

const source = useTestApp();
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean().catch(() => {});
});

async function tempDir(prefix: string) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A new, empty database in the test cluster: its URL. */
async function emptyDatabase(): Promise<string> {
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

async function connected(url: string) {
  const client = new pg.Client({ connectionString: url });
  // A database dropped at the end (with force) ends its connections first.
  client.on('error', () => {});
  await client.connect();
  cleanups.push(() => client.end());
  return client;
}

/** Every row of every table, as JSON text in a stable order. */
async function contents(client: pg.ClientBase) {
  const all: Record<string, string[]> = {};
  for (const { name } of await tablesOf(client)) {
    const { rows } = await client.query<{ r: string }>(
      `select to_jsonb(t)::text as r from ${quoteIdent(name)} t order by 1`,
    );
    all[name] = rows.map((row) => row.r);
  }
  return all;
}

async function backupOf(databaseUrl: string, dataDir: string, jwtSecret: string) {
  const dir = path.join(await tempDir('cw-backup-api-'), 'backup');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const backend = await LocalDiskBackend.open(dataDir);
    const manifest = await writeBackup(dir, {
      client,
      databaseKind: 'postgres',
      storage: { kind: 'local', backend },
      secret: { source: 'env', value: jwtSecret },
      appVersion: 'test',
    });
    return { dir, manifest };
  } finally {
    await client.end();
  }
}

async function target(jwtSecret: string | undefined, databaseUrl?: string) {
  const url = databaseUrl ?? (await emptyDatabase());
  const dataDir = await tempDir('cw-restore-api-');
  const backend = await LocalDiskBackend.open(dataDir);
  const restoreTarget: RestoreTarget = {
    open: async (migrationsDir) => {
      const handle = await openDatabase({ databaseUrl: url, dataDir, migrationsDir });
      const client = await handle.pool.connect();
      return {
        client,
        close: async () => {
          client.release();
          await handle.close();
        },
      };
    },
    describe: 'DATABASE_URL',
    storage: { kind: 'local', backend },
    jwtSecret,
    secretPath: path.join(dataDir, 'secret'),
    migrationsDir: MIGRATIONS_DIR,
  };
  return { url, backend, restoreTarget };
}

describe('backup and restore on DATABASE_URL', () => {
  it('restores every table and file as it was', async () => {
    const { app, config } = source;
    const { session } = await newSession(app);
    const user = { id: session.user.id, token: session.access_token };
    const created = await app.inject({
      method: 'POST',
      url: '/api/db/codewright/rest/v1/projects',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { name: 'Kept', language: 'TypeScript', code: 'export const kept = 1;\n' },
    });
    expect(created.statusCode).toBe(201);
    const folder = path.join(config.DATA_DIR, 'uploads', user.id, 'notes');
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'a.txt'), 'the stored file\n');

    const { dir, manifest } = await backupOf(
      config.DATABASE_URL!,
      config.DATA_DIR,
      config.JWT_SECRET!,
    );
    expect(manifest.files.entries.map((e) => e.key)).toEqual([`uploads/${user.id}/notes/a.txt`]);
    expect(manifest.database.tables.find((t) => t.name === 'projects')?.rows).toBe(1);

    const into = await target(config.JWT_SECRET);
    await restoreBackup(dir, into.restoreTarget);
    expect(await contents(await connected(into.url))).toEqual(
      await contents(await connected(config.DATABASE_URL!)),
    );
    const file = await into.backend.get(`uploads/${user.id}/notes/a.txt`);
    expect(await new Response(file!.stream as unknown as ReadableStream).text()).toBe(
      'the stored file\n',
    );

    // Again into the same target: it holds files and rows now.
    await expect(restoreBackup(dir, into.restoreTarget)).rejects.toThrow(
      'already holds stored files',
    );
    const rowsOnly = await target(config.JWT_SECRET, into.url);
    await expect(restoreBackup(dir, rowsOnly.restoreTarget)).rejects.toThrow(
      /The database of DATABASE_URL is not empty \(project_files: 1, /,
    );

    // Another JWT_SECRET, or none: refused before anything is written.
    const other = await target('another-secret-of-at-least-32-characters!!');
    await expect(restoreBackup(dir, other.restoreTarget)).rejects.toThrow(
      'JWT_SECRET is not the one this backup was made with',
    );
    const none = await target(undefined);
    await expect(restoreBackup(dir, none.restoreTarget)).rejects.toThrow('Set the same JWT_SECRET');
    for (const refused of [other, none]) {
      expect(await contents(await connected(refused.url))).toEqual({});
    }

    // A backup made by a later version (one more migration than this one knows).
    const text = await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8');
    const later = JSON.parse(text) as Manifest;
    later.database.migrations.count += 1;
    later.database.migrations.lastCreatedAt += 1e12;
    await fs.writeFile(path.join(dir, MANIFEST_FILE), JSON.stringify(later));
    const fresh = await target(config.JWT_SECRET);
    await expect(restoreBackup(dir, fresh.restoreTarget)).rejects.toThrow(
      'This backup was made by a newer Codewright',
    );
  });
});

const older = useDatabaseBefore('0010_project_files');

describe('a backup of an older schema', () => {
  it('is restored at its schema, then the later migrations move it on', async () => {
    const old = await older.before();
    await old.db.execute(sql`insert into users (id, email) values ('usr_old', 'old@example.com')`);
    await old.db.execute(sql`insert into projects (id, user_id, name, language, code, workspace_id)
      select 'proj_1_oldold', 'usr_old', 'Old', 'Python', 'print(1)', w.id
      from workspaces w where w.owner_id = 'usr_old'`);
    const url = (old.pool.options as { connectionString: string }).connectionString;
    const dataDir = await tempDir('cw-backup-old-');
    const { dir, manifest } = await backupOf(
      url,
      dataDir,
      'old-secret-of-at-least-32-characters!!!',
    );
    await old.close();
    expect(manifest.database.tables.map((t) => t.name)).not.toContain('project_files');

    const into = await target('old-secret-of-at-least-32-characters!!!');
    await restoreBackup(dir, into.restoreTarget);
    const client = await connected(into.url);
    const { rows } = await client.query(
      'select project_id, path, content from project_files order by project_id',
    );
    expect(rows).toEqual([{ project_id: 'proj_1_oldold', path: 'main.py', content: 'print(1)' }]);
    const workspaces = await client.query('select count(*)::int as n from workspaces');
    expect(workspaces.rows).toEqual([{ n: 1 }]);
  });
});
