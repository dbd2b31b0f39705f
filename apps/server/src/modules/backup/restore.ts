/**
 * `npm run admin -- restore <dir>`: a backup (backup.ts) into an empty DATA_DIR or database.
 *
 * Nothing is touched until every file of the backup matches its checksum. The database is
 * migrated to the backup's schema, its rows and the files are put in one transaction's time
 * (a failure rolls the rows back and removes the files put so far, so the target is empty
 * again), then the migrations made since the backup run, as on any start.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { firstMigrations, readJournal } from '../../db/migrations-folder.ts';
import { fsyncDir, writeFileAtomic } from '../../lib/durable-fs.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';
import { hashingStream } from '../../lib/hashing-stream.ts';
import { loadTables, migrationLevelOf, rowCounts } from './database-copy.ts';
import {
  BackupError,
  fileInBackup,
  type Manifest,
  readManifest,
  SECRET_FILE,
  secretFingerprint,
  verifyBackup,
} from './manifest.ts';

export interface OpenedTarget {
  client: pg.ClientBase;
  close(): Promise<void>;
}

export interface RestoreTarget {
  /** Opens the target database (made when absent) and applies the migrations in `migrationsDir`. */
  open(migrationsDir: string): Promise<OpenedTarget>;
  /** How refusals name the target, e.g. `DATA_DIR /srv/cw`. */
  describe: string;
  storage: { kind: 'local' | 's3'; backend: StorageBackend };
  /** JWT_SECRET of the configuration, when set. */
  jwtSecret: string | undefined;
  /** DATA_DIR/secret, where a backed-up secret file goes. */
  secretPath: string;
  /** The app's migrations folder (drizzle/). */
  migrationsDir: string;
  progress?: (line: string) => void;
}

/**
 * A migrations folder with this version's migrations up to the backup's schema: the database is
 * made exactly as the backed-up one was, the rows go in, and the later migrations move them on.
 */
async function migrationsUpTo(manifest: Manifest, migrationsDir: string): Promise<string> {
  const journal = await readJournal(migrationsDir);
  const level = manifest.database.migrations;
  const index = journal.entries.findIndex((e) => e.when === level.lastCreatedAt);
  const newest = journal.entries.at(-1)!;
  if (index < 0 || index + 1 !== level.count) {
    throw new BackupError(
      level.lastCreatedAt > newest.when
        ? `This backup was made by a newer Codewright (${manifest.appVersion}, ${level.count} migrations; this one has ${journal.entries.length}). Restore it with that version or a later one.`
        : `This backup's database schema (${level.count} migrations, the last of ${new Date(level.lastCreatedAt).toISOString()}) is not one this Codewright knows.`,
    );
  }
  return firstMigrations(migrationsDir, index + 1, 'codewright-restore-');
}

function checkSecret(manifest: Manifest, target: RestoreTarget): string[] {
  const notes: string[] = [];
  if (manifest.secret.source === 'env') {
    if (!target.jwtSecret) {
      throw new BackupError(
        'This backup was made by a server with JWT_SECRET set. Set the same JWT_SECRET (webhook signing secrets are encrypted with a key made from it) and run restore again.',
      );
    }
    if (secretFingerprint(target.jwtSecret) !== manifest.secret.fingerprint) {
      throw new BackupError(
        'JWT_SECRET is not the one this backup was made with: webhook signing secrets would not decrypt, and every session would end. Set the backed-up server’s JWT_SECRET and run restore again.',
      );
    }
  } else if (target.jwtSecret) {
    notes.push(
      `JWT_SECRET is set, so the server will use it rather than the restored ${SECRET_FILE}: users sign in again, and webhook signing secrets must be rotated. Unset it to use the backup's.`,
    );
  }
  return notes;
}

export async function restoreBackup(dir: string, target: RestoreTarget): Promise<Manifest> {
  const say = target.progress ?? (() => {});
  const manifest = await readManifest(dir);
  await verifyBackup(dir, manifest);
  say(`backup of ${manifest.takenAt}: every file matches its checksum`);
  for (const note of checkSecret(manifest, target)) say(note);

  for await (const { key } of target.storage.backend.list('uploads/')) {
    throw new BackupError(
      `${target.describe} already holds stored files (${key}, …): restore only into empty storage. Point DATA_DIR (or the S3 bucket) at a new, empty one.`,
    );
  }
  const partial = await migrationsUpTo(manifest, target.migrationsDir);
  try {
    const opened = await target.open(partial);
    try {
      await refuseNonEmpty(opened.client, manifest, target.describe);
      await restoreInto(opened.client, dir, manifest, target);
    } finally {
      await opened.close();
    }
  } finally {
    await fs.rm(partial, { recursive: true, force: true });
  }
  // The migrations made since the backup; then the database opens as the server will open it.
  await (await target.open(target.migrationsDir)).close();
  const rows = manifest.database.tables.reduce((sum, t) => sum + t.rows, 0);
  say(`restored ${rows} rows and ${manifest.files.entries.length} files into ${target.describe}`);
  return manifest;
}

async function refuseNonEmpty(client: pg.ClientBase, manifest: Manifest, describe: string) {
  const level = await migrationLevelOf(client);
  if (level && level.count > manifest.database.migrations.count) {
    throw new BackupError(
      `The database of ${describe} was made by a later Codewright than this backup: restore only into an empty DATA_DIR or database.`,
    );
  }
  const counts = await rowCounts(client);
  if (counts.size > 0) {
    const some = [...counts].slice(0, 3).map(([t, n]) => `${t}: ${n >= 1000 ? '1000+' : n}`);
    throw new BackupError(
      `The database of ${describe} is not empty (${some.join(', ')}): restore only into an empty DATA_DIR or database. Point DATA_DIR or DATABASE_URL at a new one, or move this one aside.`,
    );
  }
}

async function restoreInto(
  client: pg.ClientBase,
  dir: string,
  manifest: Manifest,
  target: RestoreTarget,
): Promise<void> {
  const { backend } = target.storage;
  const put: string[] = [];
  // The backup's secret waits beside DATA_DIR/secret until the rows are committed: a failed
  // restore leaves a secret the DATA_DIR already had exactly as it was.
  let staged: string | null = null;
  await client.query('begin');
  try {
    await loadTables(client, dir, manifest.database.tables);
    for (const entry of manifest.files.entries) {
      const staging = await backend.createStagingFile();
      const hashing = hashingStream();
      await pipeline(
        createReadStream(fileInBackup(dir, entry.key)),
        hashing.stream,
        createWriteStream(staging, { mode: 0o600 }),
      );
      // Checked once more as it is read: a file changed since the check is not restored.
      if (hashing.digest().sha256 !== entry.sha256) {
        await backend.discardStagingFile(staging);
        throw new BackupError(`${entry.key} changed in the backup while it was restored.`);
      }
      await backend.put(entry.key, staging, { overwrite: false });
      put.push(entry.key);
    }
    if (manifest.secret.source === 'file') {
      await fs.mkdir(path.dirname(target.secretPath), { recursive: true });
      staged = `${target.secretPath}.restore-${process.pid}`;
      await writeFileAtomic(staged, await fs.readFile(path.join(dir, SECRET_FILE)), {
        mode: 0o600,
      });
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    for (const key of put) await backend.remove(key).catch(() => {});
    if (staged) await fs.rm(staged, { force: true });
    throw err;
  }
  if (staged) {
    await fs.rename(staged, target.secretPath);
    await fsyncDir(path.dirname(target.secretPath));
  }
}
