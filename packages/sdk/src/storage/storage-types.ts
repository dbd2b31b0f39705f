/** Public shapes of the storage client (storage-client.ts). */
import type { RequestOptions } from '../request-options.ts';

export interface StorageUploadOptions {
  /** Overwrite an existing file instead of failing with FILE_EXISTS. */
  upsert?: boolean;
  /** A hint only: the server detects the type from the first bytes. */
  contentType?: string;
  signal?: AbortSignal;
}

/** An uploaded file; `path` carries the extension the server corrected to the content. */
export interface StorageUploadResult {
  path: string;
  publicUrl: string;
  size: number;
  mimeType: string;
}

/**
 * The storage module (SPEC §5, §7.3). Files live under `uploads/{userId}/` (yours alone) or
 * `uploads/{workspaceId}/` (a workspace's: editors write, viewers read; docs/decisions/032).
 * Failures keep the catalogue codes FILE_EXISTS, FILE_NOT_FOUND and FILE_TOO_LARGE.
 */
export interface StorageClient {
  /**
   * Uploads a file (at most 50 MB; checked before sending).
   * @example
   * const { publicUrl } = await client.storage.upload(`uploads/${user.id}/${Date.now()}.png`, file, { upsert: true });
   */
  upload(path: string, file: Blob, options?: StorageUploadOptions): Promise<StorageUploadResult>;
  /** The bytes of one of your own files, or of a workspace you belong to. */
  download(path: string, options?: RequestOptions): Promise<Blob>;
  /** Removes your own files among `paths`; answers the paths actually removed. */
  remove(paths: string[], options?: RequestOptions): Promise<{ removed: string[] }>;
  /**
   * A URL to show or link one of your files, or a workspace's you belong to: plain for a public
   * folder (Free), signed and valid for one hour for a private one (Pro, Enterprise).
   * @example
   * const src = await client.storage.createUrl(`uploads/${workspaceId}/logo.png`);
   */
  createUrl(path: string, options?: RequestOptions): Promise<string>;
  /**
   * The plain public URL of an uploaded file (no request is made). It serves only files of a
   * public folder (Free); a private folder's file needs `createUrl` (or the upload's `publicUrl`).
   */
  getPublicUrl(path: string): string;
}
