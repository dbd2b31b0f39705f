/**
 * `npm run admin -- backup <dir>`: one consistent moment of the database, the stored files and
 * the server's secret, while the server keeps serving (docs/decisions/054).
 *
 * The moment is the start of a REPEATABLE READ transaction: every table is copied as it was
 * then. Local files are hard-linked at once after it (LocalDiskBackend.pointInTime), so they
 * too show that moment, whatever is uploaded or removed while they are copied. An S3 bucket has
 * no such view: its objects are copied as they are while the backup runs.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { fsyncDir, fsyncFile, writeFileAtomic } from '../../lib/durable-fs.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';
import { hashingStream } from '../../lib/hashing-stream.ts';
import { dumpTables, migrationLevelOf } from './database-copy.ts';
import {
  BackupError,
  fileInBackup,
  FORMAT,
  type Manifest,
  MANIFEST_FILE,
  SECRET_FILE,
  secretFingerprint,
  sha256OfFile,
} from './manifest.ts';

export interface BackupSource {
  /** A connection to the app's database, not in a transaction. */
  client: pg.ClientBase;
  databaseKind: 'embedded' | 'postgres';
  storage: { kind: 'local' | 's3'; backend: StorageBackend };
  /** JWT_SECRET when set; otherwise the secret is DATA_DIR/secret (lib/secret.ts). */
  secret: { source: 'env'; value: string } | { source: 'file'; path: string };
  appVersion: string;
  progress?: (line: string) => void;
}

/** An absent or empty folder, made private (the backup holds every user's data and the secret). */
async function prepareFolder(dir: string): Promise<void> {
  const entries = await fs.readdir(dir).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    if (err.code === 'ENOTDIR') throw new BackupError(`${dir} is a file; back up into a folder.`);
    throw err;
  });
  if (entries && entries.length > 0) {
    throw new BackupError(
      `${dir} is not empty: back up into a new folder (one per backup, say backups/2026-11-29).`,
    );
  }
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.chmod(dir, 0o700);
  await fs.mkdir(path.join(dir, 'db'), { mode: 0o700 });
  await fs.mkdir(path.join(dir, 'files'), { mode: 0o700 });
}

export async function writeBackup(dir: string, source: BackupSource): Promise<Manifest> {
  const say = source.progress ?? (() => {});
  await prepareFolder(dir);
  const { client, storage } = source;
  const takenAt = new Date();
  await client.query('begin isolation level repeatable read read only');
  let view: { view: StorageBackend; release(): Promise<void> } | undefined;
  try {
    // The first statement fixes the transaction's snapshot: the backup's moment.
    const migrations = await migrationLevelOf(client);
    if (!migrations) {
      throw new BackupError('The database has no Codewright schema: there is nothing to back up.');
    }
    view = storage.backend.pointInTime
      ? await storage.backend.pointInTime()
      : { view: storage.backend, release: async () => {} };
    const serverVersion = (
      await client.query<{ v: string }>("select current_setting('server_version') as v")
    ).rows[0]!.v;
    const tables = await dumpTables(client, dir);
    await client.query('commit');
    const rows = tables.reduce((sum, t) => sum + t.rows, 0);
    say(`database: ${tables.length} tables, ${rows} rows`);

    const entries = await copyFiles(view.view, dir);
    const bytes = entries.reduce((sum, e) => sum + e.bytes, 0);
    say(`files: ${entries.length} (${(bytes / 1e6).toFixed(1)} MB)`);

    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      takenAt: takenAt.toISOString(),
      appVersion: source.appVersion,
      database: { kind: source.databaseKind, serverVersion, migrations, tables },
      files: { storage: storage.kind, entries },
      secret: await copySecret(source.secret, dir),
    };
    await fsyncDir(path.join(dir, 'db'));
    // Last: a folder with a manifest is a whole backup.
    await writeFileAtomic(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`, {
      mode: 0o600,
    });
    return manifest;
  } catch (err) {
    await client.query('rollback').catch(() => {});
    await emptyFolder(dir);
    throw err;
  } finally {
    await view?.release();
  }
}

/** What a failed backup wrote goes again (the folder was empty before): no half backup is left. */
async function emptyFolder(dir: string): Promise<void> {
  for (const name of await fs.readdir(dir).catch(() => [])) {
    await fs.rm(path.join(dir, name), { recursive: true, force: true }).catch(() => {});
  }
}

async function copyFiles(
  store: StorageBackend,
  dir: string,
): Promise<Manifest['files']['entries']> {
  const entries: Manifest['files']['entries'] = [];
  const made = new Set<string>();
  for await (const { key } of store.list('uploads/')) {
    const found = await store.get(key);
    // Removed since it was listed (only S3, which has no point-in-time view): not copied.
    if (!found) continue;
    const target = fileInBackup(dir, key);
    const folder = path.dirname(target);
    if (!made.has(folder)) {
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      made.add(folder);
    }
    const hashing = hashingStream();
    await pipeline(found.stream, hashing.stream, createWriteStream(target, { mode: 0o600 }));
    await fsyncFile(target);
    entries.push({ key, ...hashing.digest() });
  }
  for (const folder of made) await fsyncDir(folder);
  return entries;
}

async function copySecret(
  secret: BackupSource['secret'],
  dir: string,
): Promise<Manifest['secret']> {
  if (secret.source === 'env')
    return { source: 'env', fingerprint: secretFingerprint(secret.value) };
  const target = path.join(dir, SECRET_FILE);
  try {
    await pipeline(createReadStream(secret.path), createWriteStream(target, { mode: 0o600 }));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new BackupError(
        `${secret.path} is missing, and JWT_SECRET is not set: this is not the DATA_DIR the server uses. Run the backup with the server's DATA_DIR (or its JWT_SECRET).`,
      );
    }
    throw err;
  }
  await fsyncFile(target);
  return { source: 'file', sha256: (await sha256OfFile(target)).sha256 };
}
