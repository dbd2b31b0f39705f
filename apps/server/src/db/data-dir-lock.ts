/**
 * One owner per data directory (DESIGN §3.18, docs/decisions/034): a Codewright server
 * or `npm run admin` holds an exclusive lock on DATA_DIR/codewright.lock for as long as
 * it uses the embedded database in DATA_DIR/db (or where DATA_DIR/db-location says: one
 * folder per DATA_DIR, so this lock covers it too). A second process refuses at once,
 * naming the holder's pid; it never touches the holder's database.
 *
 * The lock is the kernel's (an open-file-description lock on Linux, flock on macOS, via
 * fs-native-extensions), not a file's existence: it goes away with the process that
 * holds it, however that process ends (kill -9 included, and a power cut clears it), so
 * a lock left by a dead process is simply taken. The file itself only tells the next
 * comer who holds it, and is never deleted (deleting a lock file that another process
 * has open lets two processes "hold" it).
 */
import fs from 'node:fs';
import path from 'node:path';
import fsx from 'fs-native-extensions';

export const LOCK_FILE = 'codewright.lock';

/** Who holds a data directory: the server, or the operator's admin command. */
export type DataDirRole = 'server' | 'admin';

/** How long to wait for a holder that has the lock but has not written its pid yet. */
const PID_WAIT_MS = 2_000;

/** DATA_DIR is held by another live process; `pid` is undefined only if it never said who it is. */
export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number | undefined,
    readonly holder: DataDirRole | undefined,
  ) {
    const who =
      holder === 'admin'
        ? `npm run admin (pid ${pid})`
        : `another Codewright server (pid ${pid ?? 'unknown'})`;
    const todo =
      holder === 'admin'
        ? 'wait for it to finish, then start again'
        : `stop it first (Ctrl+C in its terminal, or kill ${pid ?? '<pid>'}), or give this one its own DATA_DIR`;
    super(`${dataDir} is in use by ${who}: ${todo}.`);
    this.name = 'DataDirInUseError';
  }
}

/** A held lock; release() gives it up (the process ending does too). */
export interface DataDirLock {
  readonly file: string;
  release(): void;
}

/** Locks this process holds, by directory: taking one again only counts (the server takes
 * DATA_DIR's lock first thing, then the database opens under it). */
const held = new Map<string, { fd: number; count: number }>();

/**
 * Takes the exclusive lock on `dataDir` (made if missing) for this process, or throws
 * DataDirInUseError when another live process holds it.
 */
export async function lockDataDir(dataDir: string, role: DataDirRole): Promise<DataDirLock> {
  const dir = path.resolve(dataDir);
  const file = path.join(dir, LOCK_FILE);
  const mine = held.get(dir);
  if (mine) {
    mine.count++;
    return handle(dir, file);
  }
  fs.mkdirSync(dir, { recursive: true });
  // A raw descriptor, not a FileHandle: it must stay open for the life of the process,
  // and Node closes (and warns about) a FileHandle that is garbage-collected.
  const fd = fs.openSync(file, fs.constants.O_RDWR | fs.constants.O_CREAT, 0o644);
  let granted: boolean;
  try {
    granted = fsx.tryLock(fd);
  } catch (err) {
    fs.closeSync(fd);
    throw err;
  }
  if (!granted) {
    fs.closeSync(fd);
    const holder = await readHolder(file);
    throw new DataDirInUseError(dir, holder?.pid, holder?.role);
  }
  // Whatever an earlier holder wrote is stale: its lock died with it.
  fs.ftruncateSync(fd, 0);
  fs.writeSync(fd, `${process.pid}\n${role}\n`, 0);
  held.set(dir, { fd, count: 1 });
  return handle(dir, file);
}

function handle(dir: string, file: string): DataDirLock {
  let released = false;
  return {
    file,
    release() {
      const lock = held.get(dir);
      if (released || !lock) return;
      released = true;
      if (--lock.count > 0) return;
      held.delete(dir);
      try {
        fs.ftruncateSync(lock.fd, 0);
      } finally {
        fs.closeSync(lock.fd);
      }
    },
  };
}

/** The pid and role the current holder wrote, waiting briefly for one that is still writing. */
async function readHolder(file: string): Promise<{ pid: number; role: DataDirRole } | undefined> {
  const deadline = Date.now() + PID_WAIT_MS;
  for (;;) {
    const [first, second] = fs.readFileSync(file, 'utf8').split('\n');
    const pid = Number(first);
    if (Number.isInteger(pid) && pid > 0) {
      return { pid, role: second === 'admin' ? 'admin' : 'server' };
    }
    if (Date.now() > deadline) return undefined;
    await new Promise((r) => setTimeout(r, 50));
  }
}
