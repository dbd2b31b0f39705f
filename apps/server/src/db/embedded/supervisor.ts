/** Supervising the running postgres: its socket, the watchdog, leftovers of an earlier run, readiness and stopping. */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import pg from 'pg';
import {
  CONNECT_TIMEOUT_MS,
  EmbeddedPostgresError,
  isAlive,
  type Logger,
  sleep,
  STOP_TIMEOUT_MS,
} from './common.ts';
import type { RunAs } from './user.ts';

export { isAlive } from './common.ts';

/** Only names the socket file (`.s.PGSQL.5432`); nothing listens on TCP. */
export const SOCKET_PORT = 5432;

/** A unix socket path longer than this does not fit in sockaddr_un on every platform. */
const MAX_SOCKET_PATH = 100;

/**
 * Where the cluster in `dataDir` keeps its unix socket: beside it in `run/` when the path is short
 * enough, else a folder under the temp dir named after it (also how `npm run admin -- backup`
 * reaches a running server's database).
 */
export function socketDirOf(dataDir: string): string {
  const beside = path.join(path.dirname(dataDir), 'run');
  const socketName = `.s.PGSQL.${SOCKET_PORT}`;
  return path.join(beside, socketName).length <= MAX_SOCKET_PATH
    ? beside
    : path.join(
        os.tmpdir(),
        `codewright-pg-${createHash('sha256').update(dataDir).digest('hex').slice(0, 12)}`,
      );
}

/** Makes the unix socket's directory (socketDirOf), open only to the user postgres runs as. */
export async function socketDir(dataDir: string, runAs: RunAs): Promise<string> {
  const dir = socketDirOf(dataDir);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await fs.chmod(dir, 0o700);
  if (runAs.kind === 'user') await fs.chown(dir, runAs.uid, runAs.gid);
  return dir;
}

/**
 * PostgreSQL's own lock, postmaster.pid, under its own rules: a file that names a dead
 * process is PostgreSQL's to replace, and a live postmaster is never signalled (it is not
 * ours: we hold DATA_DIR's lock, so whoever started it is gone or never was Codewright).
 * One that is still shutting down after its owner died (its watchdog stops it) is waited
 * for; one that keeps running stops the start with a message. Only a file PostgreSQL
 * cannot read, empty or torn by a power cut, is removed.
 */
export async function checkPostmasterPid(dataDir: string, waitMs: number, log: Logger) {
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
export const WATCHDOG = [
  'exec 3<&0',
  '"$@" 3<&- &',
  'pid=$!',
  'trap \'kill -INT "$pid" 2>/dev/null\' INT TERM HUP',
  // SIGQUIT (stopChild's second step) is passed on, and the watchdog stays until postgres
  // is gone: were it to die first, a postgres that did not heed it would be left behind.
  'trap \'kill -QUIT "$pid" 2>/dev/null\' QUIT',
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

/**
 * Fast shutdown through the watchdog's pipe; after `stepMs` (STOP_TIMEOUT_MS) an immediate one
 * (SIGQUIT), after as long again SIGKILL, to our child's process group only. Ends within
 * three deadlines whatever postgres does.
 */
export async function stopChild(
  child: ChildProcess,
  exited: Promise<number | null>,
  log: Logger,
  stepMs = STOP_TIMEOUT_MS,
) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.stdin!.end();
  for (const signal of ['SIGQUIT', 'SIGKILL', undefined] as const) {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((r) => (timer = setTimeout(() => r('late'), stepMs)));
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

export async function waitUntilReady(
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
