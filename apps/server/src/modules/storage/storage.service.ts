/**
 * Storage rules (SPEC §5, §8.1; DESIGN §3.10): who may touch which path, type
 * detection with the extension corrected, and the upload's staging → put steps.
 * Knows nothing of HTTP: routes hand it streams and plain values.
 */
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTooLargeMessage, type UploadOptions, type UploadResult } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import {
  INLINE_IMAGE_TYPES,
  SNIFF_BYTES,
  correctName,
  extensionOf,
  mimeTypeForExtension,
} from './file-type.ts';
import {
  ObjectExistsError,
  ObjectPathConflictError,
  type StorageBackend,
} from './storage-backend.ts';
import { assertValidPath, isOwnPath } from './storage-path.ts';

/** An upload streamed to a staging file, not yet in place. */
export interface StagedUpload {
  stagingPath: string;
  /** Bytes received (all of them, also past the limit). */
  size: number;
  /** The first bytes, for type detection. */
  head: Buffer;
  tooLarge: boolean;
}

export interface StoredFile {
  stream: Readable;
  size: number;
  /** Served type, from the (corrected) extension. */
  mimeType: string;
  fileName: string;
  /** Only raster images are shown inline; everything else downloads. */
  inline: boolean;
}

export interface StorageServiceOptions {
  backend: StorageBackend;
  maxBytes: number;
}

/** Counts bytes, keeps the first SNIFF_BYTES, and stops passing data on once past `maxBytes`. */
class UploadMeter extends Transform {
  size = 0;
  head = Buffer.alloc(0);
  constructor(private readonly maxBytes: number) {
    super();
  }
  override _transform(
    chunk: Buffer,
    _enc: BufferEncoding,
    done: (err?: Error | null, data?: Buffer) => void,
  ) {
    if (this.head.length < SNIFF_BYTES) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, SNIFF_BYTES - this.head.length)]);
    }
    const before = this.size;
    this.size += chunk.length;
    // Past the limit the rest is only counted (for the §8.1 message), never written.
    if (this.size <= this.maxBytes) done(null, chunk);
    else if (before < this.maxBytes) done(null, chunk.subarray(0, this.maxBytes - before));
    else done();
  }
}

function fileOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

export function createStorageService({ backend, maxBytes }: StorageServiceOptions) {
  async function open(key: string): Promise<StoredFile> {
    const found = await backend.get(key);
    if (!found) throw new AppError('FILE_NOT_FOUND');
    const mimeType = mimeTypeForExtension(extensionOf(key));
    return {
      stream: found.stream,
      size: found.size,
      mimeType,
      fileName: fileOf(key),
      inline: INLINE_IMAGE_TYPES.has(mimeType),
    };
  }

  return {
    maxBytes,

    /**
     * Streams an upload into a staging file. The caller must pass the result
     * to `commitUpload` or `discard`. Rejects (after removing the staging
     * file) when the stream fails, e.g. the client went away.
     */
    async stageUpload(file: Readable): Promise<StagedUpload> {
      const stagingPath = await backend.createStagingFile();
      const meter = new UploadMeter(maxBytes);
      try {
        await pipeline(file, meter, createWriteStream(stagingPath, { flags: 'wx' }));
      } catch (err) {
        await backend.discardStagingFile(stagingPath);
        throw err;
      }
      return { stagingPath, size: meter.size, head: meter.head, tooLarge: meter.size > maxBytes };
    },

    async discard(staged: StagedUpload): Promise<void> {
      await backend.discardStagingFile(staged.stagingPath);
    },

    /** Checks path, ownership and size, corrects the extension and moves the file into place. */
    async commitUpload(input: {
      userId: string;
      staged: StagedUpload;
      path: unknown;
      options: UploadOptions;
      publicUrlOf: (path: string) => string;
      /** When the file was cut off before its end, the size the client declared. */
      declaredSize?: number;
    }): Promise<UploadResult> {
      const { staged } = input;
      try {
        if (staged.tooLarge) {
          const size = Math.max(staged.size, input.declaredSize ?? 0);
          throw new AppError('FILE_TOO_LARGE', 413, fileTooLargeMessage(size));
        }
        const requested = assertValidPath(input.path);
        if (!isOwnPath(requested, input.userId)) {
          throw new AppError(
            'FORBIDDEN',
            403,
            `You can only upload under uploads/${input.userId}/ (your own folder).`,
          );
        }
        const folder = requested.slice(0, requested.lastIndexOf('/') + 1);
        const corrected = correctName(fileOf(requested), staged.head);
        const key = assertValidPath(folder + corrected.name);
        await backend.put(key, staged.stagingPath, { overwrite: input.options.upsert === true });
        return {
          path: key,
          publicUrl: input.publicUrlOf(key),
          size: staged.size,
          mimeType: corrected.mimeType,
        };
      } catch (err) {
        await backend.discardStagingFile(staged.stagingPath);
        if (err instanceof ObjectExistsError) throw new AppError('FILE_EXISTS');
        if (err instanceof ObjectPathConflictError) {
          throw new AppError(
            'CONFLICT',
            409,
            'A folder or file of that name is in the way; choose another path.',
          );
        }
        throw err;
      }
    },

    /** A caller's own file; anyone else's (or a missing one) is 404 (DESIGN §3.10). */
    async download(userId: string, path: unknown): Promise<StoredFile> {
      const key = assertValidPath(path);
      if (!isOwnPath(key, userId)) throw new AppError('FILE_NOT_FOUND');
      return open(key);
    },

    /** Any uploaded file, for its public URL (SPEC §3 "a public URL is returned"). */
    async openPublic(path: string): Promise<StoredFile> {
      const key = assertValidPath(path);
      if (!key.startsWith('uploads/')) throw new AppError('FILE_NOT_FOUND');
      return open(key);
    },

    /** Removes the caller's own files among `paths`; returns those actually removed. */
    async remove(userId: string, paths: readonly unknown[]): Promise<string[]> {
      const keys = paths.map((p) => assertValidPath(p));
      const removed: string[] = [];
      for (const key of new Set(keys)) {
        if (isOwnPath(key, userId) && (await backend.remove(key))) removed.push(key);
      }
      return removed;
    },
  };
}

export type StorageService = ReturnType<typeof createStorageService>;
