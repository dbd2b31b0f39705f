/**
 * `npm run admin -- backup <dir>` and `restore <dir>` (admin.ts): opens the database and the
 * storage the server's configuration names, and runs backup.ts or restore.ts on them.
 *
 * A backup runs beside the server: with DATABASE_URL it connects as the server does; with the
 * embedded database it reaches a running server's PostgreSQL over its unix socket, or, when
 * no server runs, starts it under DATA_DIR's lock. A restore never runs beside a server: it
 * holds DATA_DIR's lock, and refuses a database or storage that holds anything.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../db/client.ts';
import { DataDirInUseError, lockDataDir } from '../../db/data-dir-lock.ts';
import { embeddedAppUrl, readLocation } from '../../db/embedded-postgres.ts';
import type { Config } from '../../env.ts';
import { MIGRATIONS_DIR } from '../../paths.ts';
import { AdminCommandError } from '../auth/admin-command.ts';
import { LocalDiskBackend } from '../storage/local-disk-backend.ts';
import { S3Backend } from '../storage/s3-backend.ts';
import type { StorageBackend } from '../storage/storage-backend.ts';
import { s3SettingsOf } from '../storage/storage.env.ts';
import { writeBackup } from './backup.ts';
import { BackupError } from './manifest.ts';
import { restoreBackup } from './restore.ts';

type Out = (line: string) => void;

const APP_VERSION = JSON.parse(
  await fs.readFile(new URL('../../../package.json', import.meta.url), 'utf8'),
) as { version: string };

/** Runs `backup <dir>` or `restore <dir>`; refusals are AdminCommandError (admin.ts prints them). */
export async function runBackupCommand(
  argv: readonly string[],
  config: Config,
  out: Out,
): Promise<void> {
  const [action, dir, ...rest] = argv;
  if (!dir || rest.length > 0) {
    throw new AdminCommandError(`Usage: npm run admin -- ${action} <dir>`, 2);
  }
  const folder = path.resolve(dir);
  const storage = await openStorage(config);
  try {
    if (action === 'backup') await backup(folder, config, storage, out);
    else await restore(folder, config, storage, out);
  } catch (err) {
    if (err instanceof BackupError) throw new AdminCommandError(err.message);
    throw err;
  } finally {
    storage.backend.close?.();
  }
}

async function openStorage(config: Config) {
  const s3 = s3SettingsOf(config);
  const backend: StorageBackend = s3
    ? await S3Backend.open(s3, config.DATA_DIR)
    : await LocalDiskBackend.open(config.DATA_DIR);
  return { kind: s3 ? ('s3' as const) : ('local' as const), backend };
}

const log = (level: string, message: string) => {
  if (level === 'warn' || level === 'error') console.error(message);
};

async function backup(
  folder: string,
  config: Config,
  storage: Awaited<ReturnType<typeof openStorage>>,
  out: Out,
) {
  const started = Date.now();
  const source = await openSource(config, out);
  try {
    const manifest = await writeBackup(folder, {
      client: source.client,
      databaseKind: config.DATABASE_URL ? 'postgres' : 'embedded',
      storage,
      secret: config.JWT_SECRET
        ? { source: 'env', value: config.JWT_SECRET }
        : { source: 'file', path: path.join(config.DATA_DIR, 'secret') },
      appVersion: APP_VERSION.version,
      progress: out,
    });
    out(
      `Backup of ${manifest.takenAt} written to ${folder} in ${((Date.now() - started) / 1000).toFixed(1)} s.`,
    );
  } finally {
    await source.close();
  }
}

/** A connection to the database to back up, however it is reached. */
async function openSource(config: Config, out: Out) {
  if (config.DATABASE_URL) return connect(config.DATABASE_URL);
  const clusterDir = (await readLocation(config.DATA_DIR)) ?? path.join(config.DATA_DIR, 'db');
  try {
    await fs.access(path.join(clusterDir, 'PG_VERSION'));
  } catch {
    throw new AdminCommandError(
      `There is no database in ${clusterDir}: nothing to back up. Set DATA_DIR (or DATABASE_URL) as the server has them.`,
    );
  }
  try {
    await lockDataDir(config.DATA_DIR, 'admin');
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    if (err.holder === 'admin') throw new AdminCommandError(err.message);
    out(`The server (pid ${err.pid ?? 'unknown'}) is running: backing up while it serves.`);
    return connect(embeddedAppUrl(clusterDir));
  }
  return connectionOf(await openDatabase({ dataDir: config.DATA_DIR, role: 'admin', log }));
}

/** One connection of an open database's pool, and how to let both go. */
export async function connectionOf(handle: DatabaseHandle) {
  const client = await handle.pool.connect();
  return {
    client,
    close: async () => {
      client.release();
      await handle.close();
    },
  };
}

async function connect(url: string) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  return { client, close: () => client.end() };
}

async function restore(
  folder: string,
  config: Config,
  storage: Awaited<ReturnType<typeof openStorage>>,
  out: Out,
) {
  const started = Date.now();
  if (!config.DATABASE_URL) {
    try {
      // Held until this process exits: no server starts on the DATA_DIR being restored.
      await lockDataDir(config.DATA_DIR, 'admin');
    } catch (err) {
      if (err instanceof DataDirInUseError) {
        const who = err.holder === 'admin' ? 'npm run admin' : 'a Codewright server';
        throw new AdminCommandError(
          `${err.dataDir} is in use by ${who} (pid ${err.pid ?? 'unknown'}). Restore only into a DATA_DIR no server uses: stop it, or choose a new DATA_DIR.`,
        );
      }
      throw err;
    }
  }
  await restoreBackup(folder, {
    open: async (migrationsDir) =>
      connectionOf(
        await openDatabase({
          databaseUrl: config.DATABASE_URL,
          dataDir: config.DATA_DIR,
          role: 'admin',
          migrationsDir,
          log,
        }),
      ),
    describe: config.DATABASE_URL ? 'DATABASE_URL' : `DATA_DIR ${config.DATA_DIR}`,
    storage,
    jwtSecret: config.JWT_SECRET,
    secretPath: path.join(config.DATA_DIR, 'secret'),
    migrationsDir: MIGRATIONS_DIR,
    progress: out,
  });
  out(
    `Restored in ${((Date.now() - started) / 1000).toFixed(1)} s. Start the server (npm start) with this configuration.`,
  );
}
