import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fsyncDir, fsyncFile } from '../../lib/durable-fs.ts';
import { isAlive } from '../../lib/process-alive.ts';
import {
  ObjectExistsError,
  ObjectPathConflictError,
  type StorageBackend,
  type StoredObjectInfo,
} from './storage-backend.ts';

/**
 * Folders only the server's user may open; files are made 0600 by the upload's writer
 * (storage.service.ts). Other local users must not read anyone's uploads.
 */
const DIR_MODE = 0o700;

/** Staging files older than this are left over from a crash and removed at start. */
const STALE_STAGING_MS = 60 * 60 * 1000;

/** A point-in-time view's folder in DATA_DIR: `.backup-view-{pid}-{random}` (removed when released). */
const VIEW_PREFIX = '.backup-view-';

/** The folder holding DATA_DIR `root`'s uploads: every key starts with `uploads/`. */
export function uploadsDirOf(root: string): string {
  return path.join(path.resolve(root), 'uploads');
}

const isErrno = (err: unknown, ...codes: string[]) =>
  err instanceof Error && codes.includes((err as NodeJS.ErrnoException).code ?? '');

/**
 * Files under `root` (DATA_DIR): key `uploads/u1/a.png` is `root/uploads/u1/a.png`.
 * Staging files live in `root/uploads/.staging/` — the same file system, so
 * moving one into place is a rename (atomic). Keys come validated from the
 * service; the containment check here is a second fence.
 */
export class LocalDiskBackend implements StorageBackend {
  private readonly root: string;
  private readonly stagingDir: string;

  private constructor(root: string) {
    this.root = path.resolve(root);
    this.stagingDir = path.join(uploadsDirOf(this.root), '.staging');
  }

  /** Opens the store and clears staging files a crashed process left behind. */
  static async open(root: string): Promise<LocalDiskBackend> {
    const backend = new LocalDiskBackend(root);
    await fs.mkdir(backend.stagingDir, { recursive: true, mode: DIR_MODE });
    // A store made before folders were private: closing its top folder closes all of it.
    await fs.chmod(uploadsDirOf(backend.root), DIR_MODE);
    const now = Date.now();
    for (const name of await fs.readdir(backend.stagingDir)) {
      const file = path.join(backend.stagingDir, name);
      const info = await fs.stat(file).catch(() => null);
      if (info && now - info.mtimeMs > STALE_STAGING_MS) await fs.rm(file, { force: true });
    }
    return backend;
  }

  private fileOf(key: string): string {
    const file = path.resolve(this.root, key);
    if (!file.startsWith(this.root + path.sep)) throw new Error(`key outside the store: ${key}`);
    return file;
  }

  async createStagingFile(): Promise<string> {
    await fs.mkdir(this.stagingDir, { recursive: true, mode: DIR_MODE });
    return path.join(this.stagingDir, `${Date.now()}-${randomBytes(8).toString('hex')}.part`);
  }

  async discardStagingFile(stagingPath: string): Promise<void> {
    await fs.rm(stagingPath, { force: true }).catch(() => {});
  }

  async put(key: string, stagingPath: string, options: { overwrite: boolean }): Promise<void> {
    const file = this.fileOf(key);
    try {
      // An acknowledged upload survives a power cut (docs/decisions/011): the bytes,
      // then every directory entry that makes it reachable, are on disk before we answer.
      await fsyncFile(stagingPath);
      const firstCreated = await fs.mkdir(path.dirname(file), { recursive: true, mode: DIR_MODE });
      if (options.overwrite) {
        const current = await fs.stat(file).catch(() => null);
        if (current?.isDirectory()) throw new ObjectPathConflictError(key);
        await fs.rename(stagingPath, file);
      } else {
        // link() fails with EEXIST instead of replacing: an atomic "create if absent".
        await fs.link(stagingPath, file);
        await fs.rm(stagingPath, { force: true });
      }
      await this.syncDirsDown(firstCreated ? path.dirname(firstCreated) : undefined, file);
    } catch (err) {
      await this.discardStagingFile(stagingPath);
      if (err instanceof ObjectPathConflictError) throw err;
      if (isErrno(err, 'EEXIST')) {
        const current = await fs.stat(file).catch(() => null);
        throw current?.isDirectory()
          ? new ObjectPathConflictError(key)
          : new ObjectExistsError(key);
      }
      if (isErrno(err, 'ENOTDIR', 'EISDIR')) throw new ObjectPathConflictError(key);
      throw err;
    }
  }

  /** fsync of the file's directory and of each directory created for it, from `top` down. */
  private async syncDirsDown(top: string | undefined, file: string) {
    let dir = path.dirname(file);
    const dirs = [dir];
    while (top && dir !== top && dir.startsWith(top + path.sep)) {
      dir = path.dirname(dir);
      dirs.push(dir);
    }
    for (const d of dirs) await fsyncDir(d);
  }

  async get(key: string) {
    // Open first, then stat the open file: no window in which a remove turns the answer into an error.
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.fileOf(key), 'r');
    } catch (err) {
      if (isErrno(err, 'ENOENT', 'ENOTDIR', 'EISDIR')) return null;
      throw err;
    }
    const info = await handle.stat();
    if (!info.isFile()) {
      await handle.close();
      return null;
    }
    return { stream: handle.createReadStream(), size: info.size };
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const info = await fs.stat(this.fileOf(key));
      return info.isFile() ? { size: info.size, modifiedAt: info.mtime } : null;
    } catch (err) {
      if (isErrno(err, 'ENOENT', 'ENOTDIR')) return null;
      throw err;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async *list(prefix: string): AsyncIterable<{ key: string; size: number }> {
    const top = this.fileOf(prefix);
    const staging = this.stagingDir;
    async function* walk(dir: string): AsyncGenerator<string> {
      let entries: Dirent[];
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (isErrno(err, 'ENOENT', 'ENOTDIR')) return;
        throw err;
      }
      for (const entry of entries) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory() && full !== staging) yield* walk(full);
        else if (entry.isFile()) yield full;
      }
    }
    for await (const file of walk(top)) {
      // Removed since it was listed: not there any more.
      const info = await fs.stat(file).catch(() => null);
      if (!info) continue;
      yield { key: path.relative(this.root, file).split(path.sep).join('/'), size: info.size };
    }
  }

  /**
   * Hard links of every stored file in a folder of DATA_DIR: a file is never changed in place
   * (put renames or links a new one over it), so the links keep each file as it was, whatever
   * is uploaded or removed afterwards. Views left by a process that died are removed first.
   */
  async pointInTime(): Promise<{ view: StorageBackend; release(): Promise<void> }> {
    for (const name of await fs.readdir(this.root)) {
      const pid = Number(name.slice(VIEW_PREFIX.length).split('-')[0]);
      if (name.startsWith(VIEW_PREFIX) && !isAlive(pid)) {
        await fs.rm(path.join(this.root, name), { recursive: true, force: true });
      }
    }
    const viewRoot = path.join(
      this.root,
      `${VIEW_PREFIX}${process.pid}-${randomBytes(6).toString('hex')}`,
    );
    const release = () => fs.rm(viewRoot, { recursive: true, force: true });
    try {
      await fs.mkdir(viewRoot, { mode: DIR_MODE });
      for await (const { key } of this.list('uploads/')) {
        const link = path.join(viewRoot, key);
        await fs.mkdir(path.dirname(link), { recursive: true, mode: DIR_MODE });
        await fs.link(this.fileOf(key), link).catch((err: unknown) => {
          // Removed between listing and linking: it is not part of this moment.
          if (!isErrno(err, 'ENOENT')) throw err;
        });
      }
    } catch (err) {
      await release();
      throw err;
    }
    return { view: new LocalDiskBackend(viewRoot), release };
  }

  async removeFolder(prefix: string): Promise<void> {
    const dir = this.fileOf(prefix);
    // Idempotent: a second call, or a user who never uploaded, finds nothing and succeeds.
    await fs.rm(dir, { recursive: true, force: true });
    await fsyncDir(path.dirname(dir)).catch(() => {});
  }

  async remove(key: string): Promise<boolean> {
    if (!(await this.exists(key))) return false;
    try {
      const file = this.fileOf(key);
      await fs.unlink(file);
      await fsyncDir(path.dirname(file));
      return true;
    } catch (err) {
      if (isErrno(err, 'ENOENT')) return false;
      throw err;
    }
  }
}
