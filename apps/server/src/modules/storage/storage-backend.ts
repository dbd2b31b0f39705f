/**
 * Where stored files live. The service streams an upload into a local staging
 * file, then asks the backend to move it into place, so a backend only needs
 * these few operations: the local disk (local-disk-backend.ts) or an S3-compatible bucket
 * (s3-backend.ts), chosen by STORAGE (docs/decisions/005-storage-backend.md).
 */
import type { Readable } from 'node:stream';

export interface StoredObjectInfo {
  size: number;
  modifiedAt: Date;
}

/** Thrown by `put` without overwrite when the key is taken. */
export class ObjectExistsError extends Error {
  constructor(readonly key: string) {
    super(`object exists: ${key}`);
    this.name = 'ObjectExistsError';
  }
}

/** Thrown by `put` when the key cannot be a file (a folder has that name, or a file is in the way). */
export class ObjectPathConflictError extends Error {
  constructor(readonly key: string) {
    super(`path conflict: ${key}`);
    this.name = 'ObjectPathConflictError';
  }
}

export interface StorageBackend {
  /** A new local file path an upload may be streamed into (removed again by put or discard). */
  createStagingFile(): Promise<string>;
  /** Removes a staging file that will not be put (errors, refusals, aborts). Never throws. */
  discardStagingFile(stagingPath: string): Promise<void>;
  /**
   * Moves a finished staging file to `key`, atomically: readers see the old
   * object or the new one, never a part. Without `overwrite` an existing key
   * fails with ObjectExistsError. The staging file is gone afterwards.
   */
  put(key: string, stagingPath: string, options: { overwrite: boolean }): Promise<void>;
  /** The object's bytes as a stream, with its size; null when there is no such object. */
  get(key: string): Promise<{ stream: Readable; size: number } | null>;
  stat(key: string): Promise<StoredObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Deletes the object; false when there was none. */
  remove(key: string): Promise<boolean>;
  /** Deletes every object under the folder `prefix` (ends in `/`); nothing there is no error. */
  removeFolder(prefix: string): Promise<void>;
  /**
   * Every object under the folder `prefix` (ends in `/`), key and size, in no set order
   * (backups and `storage copy` walk the store with it; staging files are never listed).
   */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
  /**
   * A read-only view of the store as it is now, which later writes and removals do not change
   * (a backup copies from it), and how to let it go. Absent where the store cannot give one
   * (S3: a backup there copies objects as they are while it runs).
   */
  pointInTime?(): Promise<{ view: StorageBackend; release(): Promise<void> }>;
  /** Lets go of connections when the app closes (S3); nothing to do for the local disk. */
  close?(): void;
}
