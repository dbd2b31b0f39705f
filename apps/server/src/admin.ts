/**
 * `npm run admin -- grant <email> | revoke <email> | list` (scripts/admin.mjs runs
 * this file): the operator's way to make an admin, stored in `users.role`; `backup`,
 * `restore` (modules/backup) and `storage copy` (modules/storage) go to their modules. It reads
 * the same configuration as the server (env.ts, .env) and opens the database the
 * same way (db/client.ts openDatabase). The embedded database belongs to the running
 * server: this command takes DATA_DIR's lock like the server (db/data-dir-lock.ts), so
 * while a server runs it refuses, naming the server's pid; with DATABASE_URL it runs
 * beside the server (docs/operations.md "Admins").
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { DatabaseHandle } from './db/client.ts';
import { DataDirInUseError, lockDataDir } from './db/data-dir-lock.ts';
import { readLocation } from './db/embedded/location.ts';
import { ConfigError, loadEnv } from './env.ts';
import {
  ADMIN_USAGE,
  AdminCommandError,
  parseAdminCommand,
  runAdminCommand,
} from './modules/auth/admin-command.ts';

/**
 * The embedded cluster's directory, as the server placed it: DATA_DIR/db, or where
 * DATA_DIR/db-location says (root, DATA_DIR closed to the user postgres: db/embedded/location.ts).
 */
export async function embeddedDbDir(dataDir: string): Promise<string> {
  return (await readLocation(dataDir)) ?? path.join(dataDir, 'db');
}

async function openForCommand(): Promise<{ handle: DatabaseHandle; adminEmails: Set<string> }> {
  const config = loadEnv();
  if (!config.DATABASE_URL) {
    const dbDir = await embeddedDbDir(config.DATA_DIR);
    try {
      await fs.access(path.join(dbDir, 'PG_VERSION'));
    } catch {
      throw new AdminCommandError(
        `There is no database in ${dbDir} yet. Start the server once (npm start), sign up, stop it, then run this again — or set DATA_DIR / DATABASE_URL as the server has them.`,
      );
    }
    // Taken before the database code loads, so a running server is named in a moment;
    // held until this process exits (the database opens under it).
    try {
      await lockDataDir(config.DATA_DIR, 'admin');
    } catch (err) {
      if (err instanceof DataDirInUseError && err.holder !== 'admin') {
        throw new AdminCommandError(
          `The embedded database in ${err.dataDir} is in use by a running Codewright server (pid ${err.pid ?? 'unknown'}). Stop the server, run this again, then start it. (With DATABASE_URL this command runs while the server is up.)`,
        );
      }
      throw err;
    }
  }
  const { openDatabase } = await import('./db/client.ts');
  const handle = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    role: 'admin',
    log: (level, message) => {
      if (level === 'warn' || level === 'error') console.error(message);
    },
  });
  return { handle, adminEmails: new Set(config.ADMIN_EMAILS) };
}

async function main(): Promise<number> {
  let handle: DatabaseHandle | undefined;
  try {
    const argv = process.argv.slice(2);
    if (argv[0] === 'backup' || argv[0] === 'restore') {
      const { runBackupCommand } = await import('./modules/backup/backup-command.ts');
      await runBackupCommand(argv, loadEnv(), (line) => console.log(line));
      return 0;
    }
    if (argv[0] === 'storage') {
      const { runStorageCommand } = await import('./modules/storage/storage-copy-command.ts');
      await runStorageCommand(argv.slice(1), loadEnv(), (line) => console.log(line));
      return 0;
    }
    const command = parseAdminCommand(argv);
    if (command.action === 'help') {
      console.log(ADMIN_USAGE);
      return 0;
    }
    const opened = await openForCommand();
    handle = opened.handle;
    const { createAdminRoleRepository } = await import('./modules/auth/admin-role.repository.ts');
    const repo = createAdminRoleRepository(handle.db);
    console.log((await runAdminCommand(command, repo, opened.adminEmails)).join('\n'));
    return 0;
  } catch (err) {
    if (err instanceof AdminCommandError) {
      console.error(err.message);
      return err.exitCode;
    }
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    console.error(`admin: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await handle?.close().catch(() => {});
  }
}

// Exit at once: nothing else of the server's runs in this process.
process.exit(await main());
