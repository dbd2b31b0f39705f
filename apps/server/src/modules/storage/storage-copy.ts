/**
 * Copies every stored file from one backend to another and proves each copy by reading it back
 * (`npm run admin -- storage copy --to s3`, storage-copy-command.ts). Keys stay the same, so the
 * database needs no change when STORAGE switches (docs/decisions/005). Bytes are streamed
 * through a staging file of the target, never held whole in memory: a 50 MB file costs the
 * stream's buffers, not 50 MB (docs/decisions/053).
 */
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { digestOf, hashingStream, type StreamDigest } from '../../lib/hashing-stream.ts';
import type { StorageBackend } from './storage-backend.ts';

/** Staged copies are as private as uploads (local-disk-backend.ts: files 0600). */
const FILE_MODE = 0o600;

/** What a copy did, counted over every key it walked. */
export interface CopyReport {
  /** Written to the target and read back identical. */
  copied: number;
  /** Found in the target with the same size and SHA-256: left as it was. */
  alreadyThere: number;
  /** Listed in the source, then gone before it could be read (removed meanwhile). */
  vanished: number;
  /** Bytes written to the target (the copied files only). */
  bytes: number;
}

/** One key done, with the counts so far. */
export interface CopyProgress {
  key: string;
  size: number;
  outcome: 'copied' | 'already there' | 'vanished';
  report: Readonly<CopyReport>;
}

export interface CopyOptions {
  /** The folder to walk; every stored file is under `uploads/`. */
  prefix?: string;
  onProgress?: (progress: CopyProgress) => void;
}

/**
 * A key that could not be copied, or whose copy did not read back the same; `report` counts the
 * work done before it.
 */
export class StorageCopyError extends Error {
  constructor(
    readonly key: string,
    message: string,
    readonly report: Readonly<CopyReport>,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StorageCopyError';
  }
}

type Digest = StreamDigest;

/** The object's digest in `backend`, or null when there is no such object. */
async function digestIn(backend: StorageBackend, key: string): Promise<Digest | null> {
  const found = await backend.get(key);
  return found ? digestOf(found.stream) : null;
}

const same = (a: Digest, b: Digest) => a.bytes === b.bytes && a.sha256 === b.sha256;

/**
 * Copies every object under `prefix` of `from` into `to`. An object the target already holds
 * with the same bytes is left alone, so a second run copies only what is missing or changed;
 * any other is written with overwrite, then read back from the target and compared (size and
 * SHA-256) with what was read from the source. Throws StorageCopyError, naming the key, at the
 * first key that fails; what was copied before it stays copied.
 */
export async function copyStorage(
  from: StorageBackend,
  to: StorageBackend,
  options: CopyOptions = {},
): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, alreadyThere: 0, vanished: 0, bytes: 0 };
  for await (const { key, size: listedSize } of from.list(options.prefix ?? 'uploads/')) {
    let done: { outcome: CopyProgress['outcome']; size: number };
    try {
      done = await copyOne(from, to, key, listedSize);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      throw new StorageCopyError(
        key,
        `Copy of ${key} failed: ${reason}`,
        { ...report },
        {
          cause: err,
        },
      );
    }
    if (done.outcome === 'copied') {
      report.copied++;
      report.bytes += done.size;
    } else if (done.outcome === 'already there') report.alreadyThere++;
    else report.vanished++;
    options.onProgress?.({ key, ...done, report: { ...report } });
  }
  return report;
}

async function copyOne(
  from: StorageBackend,
  to: StorageBackend,
  key: string,
  listedSize: number,
): Promise<{ outcome: CopyProgress['outcome']; size: number }> {
  // Only an object of the same size can be the same: then both are read and hashed (S3's ETag
  // is no digest of the bytes for a multipart upload, so it cannot stand in for this).
  const there = await to.stat(key);
  if (there && there.size === listedSize) {
    const [mine, theirs] = await Promise.all([digestIn(from, key), digestIn(to, key)]);
    if (!mine) return { outcome: 'vanished', size: 0 };
    if (theirs && same(mine, theirs)) return { outcome: 'already there', size: mine.bytes };
  }
  const staged = await stage(from, to, key);
  if (!staged) return { outcome: 'vanished', size: 0 };
  const stored = await digestIn(to, key);
  if (!stored) throw new Error('it was written, then not found when read back.');
  if (!same(staged, stored)) {
    throw new Error(
      `read back ${stored.bytes} bytes (SHA-256 ${stored.sha256}) where ${staged.bytes} bytes ` +
        `(SHA-256 ${staged.sha256}) were written.`,
    );
  }
  return { outcome: 'copied', size: staged.bytes };
}

/**
 * Streams the source's object into a staging file of the target, hashing it on the way, and
 * puts it under the same key (overwriting). The digest is of the bytes staged, so the check
 * after the put compares with exactly what was sent. Null when the source object is gone.
 */
async function stage(
  from: StorageBackend,
  to: StorageBackend,
  key: string,
): Promise<Digest | null> {
  const found = await from.get(key);
  if (!found) return null;
  const stagingPath = await to.createStagingFile();
  try {
    const { stream, digest } = hashingStream();
    await pipeline(found.stream, stream, createWriteStream(stagingPath, { mode: FILE_MODE }));
    await to.put(key, stagingPath, { overwrite: true });
    return digest();
  } catch (err) {
    // put removes the staging file itself; after a failed read or write it is ours to remove.
    await to.discardStagingFile(stagingPath);
    throw err;
  }
}

/**
 * Keys under `prefix` that `to` holds and `from` does not: files removed from the source after an
 * earlier run copied them (or put in the target by something else). The copy never deletes from
 * the target, which it did not make and cannot judge (CONVENTIONS §14): they are for the
 * operator, since once the target is the store they would be served again.
 */
export async function keysOnlyIn(
  to: StorageBackend,
  from: StorageBackend,
  prefix = 'uploads/',
): Promise<string[]> {
  const extra: string[] = [];
  for await (const { key } of to.list(prefix)) if (!(await from.exists(key))) extra.push(key);
  return extra.sort();
}
