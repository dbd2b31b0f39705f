/**
 * Storage rules (SPEC §5, §8.1; DESIGN §3.10): who may touch which path, type
 * detection with the extension corrected, and the upload's staging → put steps.
 * Knows nothing of HTTP: routes hand it streams and plain values.
 * (Over 300 lines: upload, stored bytes, reads, signed URLs and removal all apply the same path,
 * folder-access and privacy rules built once in createStorageService; file types, paths, access and
 * URL signing have their own files.)
 */
import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  fileTooLargeMessage,
  STORAGE_UPLOADS_PREFIX,
  type UploadOptions,
  type UploadResult,
} from '@codewright/contract';
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
import { assertValidPath, ownFolder } from './storage-path.ts';
import {
  assertMayUpload,
  folderOf,
  folderVerdict,
  isWorkspaceFolder,
  roleRefusal,
  type StorageCaller,
} from './storage-access.ts';
import type { UrlSignature, UrlSigner } from './url-signing.ts';

/**
 * Builds the URL of a stored key (storage-urls.ts `publicUrlOf` on the request's origin): plain,
 * or signed when given a signature.
 */
export type FileUrlOf = (key: string, signed?: UrlSignature) => string;

/** The signature parts a request for a public file carried (raw query values, unchecked). */
export interface SignatureParams {
  expires?: unknown;
  signature?: unknown;
}

/** A caller given by user id alone reaches only their own folder. */
function callerOf(caller: StorageCaller | string): StorageCaller {
  return typeof caller === 'string' ? { userId: caller, roleIn: async () => null } : caller;
}

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
  /** Signs the URLs of private files and checks them (url-signing.ts). */
  signer: UrlSigner;
  /**
   * True when the folder `uploads/{id}/` is private: its workspace's plan (a user's own folder:
   * their plan) makes projects private (DESIGN §3.15), or no such workspace or user exists.
   */
  folderIsPrivate(folder: string): Promise<boolean>;
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

/** Uploaded files are readable by the server's user only (folders: local-disk-backend.ts). */
const FILE_MODE = 0o600;

function fileOf(key: string): string {
  return key.slice(key.lastIndexOf('/') + 1);
}

export function createStorageService({
  backend,
  maxBytes,
  signer,
  folderIsPrivate,
}: StorageServiceOptions) {
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

  /** Public unless the key's folder is private (a key outside any folder is never served). */
  async function isPrivateKey(key: string): Promise<boolean> {
    const folder = folderOf(key);
    return folder === null || (await folderIsPrivate(folder));
  }

  const service = {
    maxBytes,

    /**
     * The URL to hand out for `key` (docs/decisions/037): plain for a file of a public folder,
     * signed for an hour at most for one of a private folder. Give it only to a caller who may
     * read the file.
     */
    async urlOf(key: string, publicUrlOf: FileUrlOf): Promise<string> {
      return (await isPrivateKey(key)) ? publicUrlOf(key, signer.sign(key)) : publicUrlOf(key);
    },

    /**
     * Streams an upload into a staging file. The caller must pass the result
     * to `commitUpload` or `discard`. Rejects (after removing the staging
     * file) when the stream fails, e.g. the client went away.
     */
    async stageUpload(file: Readable): Promise<StagedUpload> {
      const stagingPath = await backend.createStagingFile();
      const meter = new UploadMeter(maxBytes);
      try {
        await pipeline(
          file,
          meter,
          createWriteStream(stagingPath, { flags: 'wx', mode: FILE_MODE }),
        );
      } catch (err) {
        await backend.discardStagingFile(stagingPath);
        throw err;
      }
      return { stagingPath, size: meter.size, head: meter.head, tooLarge: meter.size > maxBytes };
    },

    async discard(staged: StagedUpload): Promise<void> {
      await backend.discardStagingFile(staged.stagingPath);
    },

    /**
     * Checks path, folder access (docs/decisions/032) and size, corrects the extension and moves
     * the file into place.
     */
    async commitUpload(input: {
      /** The uploader: a user id reaches only their own folder. */
      caller: StorageCaller | string;
      staged: StagedUpload;
      path: unknown;
      options: UploadOptions;
      publicUrlOf: FileUrlOf;
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
        const upsert = input.options.upsert === true;
        await assertMayUpload(requested, callerOf(input.caller), upsert ? 'update' : 'create');
        const folder = requested.slice(0, requested.lastIndexOf('/') + 1);
        const corrected = correctName(fileOf(requested), staged.head);
        const key = assertValidPath(folder + corrected.name);
        // upsert replaces the file the caller named, never one that type detection renamed
        // it onto (a.wasm holding text is stored as a.txt): that is a 409 like any clash.
        const renamed = key !== requested;
        // Before the file is in place: a failed lookup leaves nothing behind.
        const publicUrl = await service.urlOf(key, input.publicUrlOf);
        try {
          await backend.put(key, staged.stagingPath, { overwrite: upsert && !renamed });
        } catch (err) {
          if (!(renamed && err instanceof ObjectExistsError)) throw err;
          throw new AppError(
            'FILE_EXISTS',
            409,
            `The file's content is ${corrected.mimeType}, so it is stored as "${corrected.name}", and a file of that name already exists. upsert replaces only the file you named: upload it as "${corrected.name}" to replace that file, or choose another name.`,
          );
        }
        return {
          path: key,
          publicUrl,
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

    /**
     * Stores bytes the server made for a user (an AI image, say) under `uploads/{userId}/`,
     * through the same steps and rules as an upload: staged, type detected from the first
     * bytes, extension corrected, never overwriting.
     */
    async saveBytes(input: {
      userId: string;
      /** A workspace's folder to save into instead of the user's own; the caller must be an editor there. */
      workspace?: { id: string; caller: StorageCaller };
      /** File name inside the folder, e.g. `ai-image-1718000000000-ab12cd.png`. */
      name: string;
      bytes: Uint8Array;
      publicUrlOf: FileUrlOf;
    }): Promise<UploadResult> {
      const staged = await service.stageUpload(Readable.from([Buffer.from(input.bytes)]));
      return service.commitUpload({
        caller: input.workspace?.caller ?? input.userId,
        staged,
        path: input.workspace
          ? `${STORAGE_UPLOADS_PREFIX}/${input.workspace.id}/${input.name}`
          : `${ownFolder(input.userId)}${input.name}`,
        options: { upsert: false },
        publicUrlOf: input.publicUrlOf,
      });
    },

    /**
     * A file of the caller's own folder or of a workspace they belong to; anyone else's (or a
     * missing one) is 404 (DESIGN §3.10, docs/decisions/032).
     */
    async download(caller: StorageCaller | string, path: unknown): Promise<StoredFile> {
      const key = assertValidPath(path);
      const verdict = await folderVerdict(key, callerOf(caller), 'read');
      if (verdict.kind === 'hidden') throw new AppError('FILE_NOT_FOUND');
      if (verdict.kind === 'forbidden') throw roleRefusal(verdict.role, 'read');
      return open(key);
    },

    /**
     * A file for its public URL (SPEC §3 "a public URL is returned", docs/decisions/037): any file
     * of a public folder; a file of a private folder only with a valid, unexpired signature for
     * its key (or, when `reader` is given, to a reader who may download it). Anything else is
     * 404, as for a missing file (DESIGN §3.10). A valid signature needs no database query.
     */
    async openPublic(
      path: string,
      signed: SignatureParams = {},
      reader?: StorageCaller,
    ): Promise<StoredFile> {
      const key = assertValidPath(path);
      if (folderOf(key) === null) throw new AppError('FILE_NOT_FOUND');
      if (signed.signature !== undefined && signer.verify(key, signed.expires, signed.signature)) {
        return open(key);
      }
      if (await isPrivateKey(key)) {
        if (!reader) throw new AppError('FILE_NOT_FOUND');
        return service.download(reader, key);
      }
      return open(key);
    },

    /**
     * The URL of a file the caller may read (`urlOf`); a missing file, or one they cannot see,
     * is 404 (DESIGN §3.10).
     */
    async readableUrl(
      caller: StorageCaller | string,
      path: unknown,
      publicUrlOf: FileUrlOf,
    ): Promise<{ path: string; publicUrl: string }> {
      const key = assertValidPath(path);
      const verdict = await folderVerdict(key, callerOf(caller), 'read');
      if (verdict.kind === 'hidden') throw new AppError('FILE_NOT_FOUND');
      if (verdict.kind === 'forbidden') throw roleRefusal(verdict.role, 'read');
      if (!(await backend.exists(key))) throw new AppError('FILE_NOT_FOUND');
      return { path: key, publicUrl: await service.urlOf(key, publicUrlOf) };
    },

    /** Removes every file of a user (account deletion, docs/decisions/029); safe to repeat. */
    async removeAllOf(userId: string): Promise<void> {
      if (!userId || userId.includes('/') || userId.startsWith('.')) {
        throw new Error(`not a user id: ${userId}`);
      }
      await backend.removeFolder(ownFolder(userId));
    },

    /**
     * Removes the files of a closed workspace, `uploads/{workspaceId}/` (docs/decisions/029,
     * 032); safe to repeat.
     */
    async removeWorkspaceFiles(workspaceId: string): Promise<void> {
      if (!isWorkspaceFolder(workspaceId) || workspaceId.includes('/')) {
        throw new Error(`not a workspace id: ${workspaceId}`);
      }
      await backend.removeFolder(ownFolder(workspaceId));
    },

    /**
     * Removes the files among `paths` the caller may remove (own folder; workspaces where their
     * role deletes storage); returns those actually removed. Paths the caller cannot see are
     * skipped; a path in a workspace where they may only read refuses the whole call (403)
     * before anything is removed.
     */
    async remove(caller: StorageCaller | string, paths: readonly unknown[]): Promise<string[]> {
      const who = callerOf(caller);
      const keys = [...new Set(paths.map((p) => assertValidPath(p)))];
      const allowed: string[] = [];
      for (const key of keys) {
        const verdict = await folderVerdict(key, who, 'delete');
        if (verdict.kind === 'forbidden') throw roleRefusal(verdict.role, 'delete');
        if (verdict.kind === 'allowed') allowed.push(key);
      }
      const removed: string[] = [];
      for (const key of allowed) if (await backend.remove(key)) removed.push(key);
      return removed;
    },
  };
  return service;
}

export type StorageService = ReturnType<typeof createStorageService>;
