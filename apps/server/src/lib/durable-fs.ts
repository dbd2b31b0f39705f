/**
 * Writes that survive a power cut (docs/decisions/011): data reaches the disk
 * (fsync) before it is renamed into place, and the directory entry is synced too.
 * A reader therefore sees the old file or the whole new one, never a 0-byte file.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** fsync of a directory, so a rename, link or new file inside it is on disk. */
export async function fsyncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } catch (err) {
    // Some file systems (and Windows) cannot sync a directory; the data itself was synced.
    if (!['EINVAL', 'EISDIR', 'EPERM', 'EBADF'].includes((err as NodeJS.ErrnoException).code ?? ''))
      throw err;
  } finally {
    await handle.close();
  }
}

/** fsync of a file's data and metadata. */
export async function fsyncFile(file: string): Promise<void> {
  const handle = await fs.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

export interface AtomicWriteOptions {
  mode?: number;
  /** Fail with EEXIST instead of replacing an existing file. */
  exclusive?: boolean;
}

/** Writes `data` to `file` atomically: temp file, fsync, rename (or link when exclusive), fsync dir. */
export async function writeFileAtomic(
  file: string,
  data: string | Uint8Array,
  options: AtomicWriteOptions = {},
): Promise<void> {
  const dir = path.dirname(file);
  const tmp = path.join(
    dir,
    `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`,
  );
  const handle = await fs.open(tmp, 'wx', options.mode ?? 0o644);
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    if (options.exclusive) await fs.link(tmp, file);
    else await fs.rename(tmp, file);
  } finally {
    await fs.rm(tmp, { force: true });
  }
  await fsyncDir(dir);
}
