// Backup and restore on DATABASE_URL (both test databases): every table and file comes back as
// it was; a target that holds anything, a different JWT_SECRET and a newer backup are refused;
// a backup of an older schema is restored and then migrated on.
import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newSession } from '../../test/auth-helpers.ts';
import { useDatabaseBefore } from '../../test/migration-db.ts';
import { useTestApp } from '../../test/test-app.ts';
import { LocalDiskBackend } from '../storage/local-disk-backend.ts';
import { backupOf, connected, contents, target, tempDir } from './backup-test-helpers.ts';
import { type Manifest, MANIFEST_FILE } from './manifest.ts';
import { restoreBackup } from './restore.ts';

const source = useTestApp();
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
      { kind: 'local', backend: await LocalDiskBackend.open(config.DATA_DIR) },
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
    const rowsOnly = await target(config.JWT_SECRET, { databaseUrl: into.url });
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

describe('a restore whose commit fails', () => {
  it("leaves the DATA_DIR's own secret as it was, and puts the backup's in place once committed", async () => {
    const { config } = source;
    const secretDir = await tempDir('cw-backup-secret-');
    await fs.writeFile(path.join(secretDir, 'secret'), 'the backed-up secret');
    const { dir, manifest } = await backupOf(
      config.DATABASE_URL!,
      { kind: 'local', backend: await LocalDiskBackend.open(config.DATA_DIR) },
      { file: path.join(secretDir, 'secret') },
    );
    expect(manifest.secret.source).toBe('file');

    // An empty DATA_DIR that a server started once in: it has a secret of its own.
    const into = await target(undefined);
    const { secretPath } = into.restoreTarget;
    await fs.writeFile(secretPath, 'the secret it had');
    const failing = {
      ...into.restoreTarget,
      open: async (migrationsDir: string) => {
        const opened = await into.restoreTarget.open(migrationsDir);
        const query = opened.client.query.bind(opened.client);
        // The real database, refusing only the commit (as a full disk or a lost server would).
        opened.client.query = ((text: unknown, ...rest: unknown[]) =>
          text === 'commit'
            ? Promise.reject(new Error('commit failed'))
            : (query as (...a: unknown[]) => unknown)(text, ...rest)) as typeof opened.client.query;
        return opened;
      },
    };
    await expect(restoreBackup(dir, failing)).rejects.toThrow('commit failed');
    expect(await fs.readFile(secretPath, 'utf8')).toBe('the secret it had');
    expect(await fs.readdir(path.dirname(secretPath))).not.toContainEqual(
      expect.stringMatching(/^secret\./),
    );
    expect(await contents(await connected(into.url))).not.toHaveProperty('users.0');

    await restoreBackup(dir, into.restoreTarget);
    expect(await fs.readFile(secretPath, 'utf8')).toBe('the backed-up secret');
    expect((await fs.stat(secretPath)).mode & 0o777).toBe(0o600);
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
      { kind: 'local', backend: await LocalDiskBackend.open(dataDir) },
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
