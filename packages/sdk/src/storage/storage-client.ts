/**
 * The storage module (SPEC §5, §7.3; DESIGN §2b): upload, download, remove
 * and public URLs under `/api/storage/{project}`. The client rules of SPEC §5
 * run before anything is sent.
 */
import { BACKEND_UPLOAD_MAX_BYTES, fileTooLargeMessage } from '@codewright/contract';
import { parseResponse } from '../response.ts';
import { ValidationError } from '../errors.ts';
import { joinUrl, type HttpClient } from '../http.ts';
import { appendFile } from '../upload-form.ts';
import type {
  RequestOptions,
  StorageClient,
  StorageUploadOptions,
  StorageUploadResult,
} from '../types.ts';

export interface StorageClientDeps {
  http: HttpClient;
  projectId: string;
  baseUrl: string;
}

function invalid(
  message: string,
  code: 'VALIDATION_ERROR' | 'FILE_TOO_LARGE' = 'VALIDATION_ERROR',
) {
  return new ValidationError({ code, message, status: null });
}

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

function assertPath(path: unknown): asserts path is string {
  if (typeof path !== 'string' || path.trim() === '') {
    throw invalid('A non-empty path is required, e.g. uploads/{userId}/image.png.');
  }
}

/** Builds `client.storage`. */
export function createStorageClient({
  http,
  projectId,
  baseUrl,
}: StorageClientDeps): StorageClient {
  const base = `/api/storage/${encodeURIComponent(projectId)}`;

  return {
    async upload(
      path: string,
      file: Blob,
      options: StorageUploadOptions = {},
    ): Promise<StorageUploadResult> {
      if (!isBlob(file)) throw invalid('A file is required.');
      assertPath(path);
      if (file.size > BACKEND_UPLOAD_MAX_BYTES) {
        throw invalid(fileTooLargeMessage(file.size), 'FILE_TOO_LARGE');
      }
      const form = new FormData();
      form.append('path', path);
      const wireOptions: Record<string, unknown> = {};
      if (options.upsert !== undefined) wireOptions.upsert = options.upsert;
      if (options.contentType !== undefined) wireOptions.contentType = options.contentType;
      form.append('options', JSON.stringify(wireOptions));
      // The file goes last so the server can check the path before reading it.
      appendFile(form, file, 'blob');
      const body = await http({
        method: 'POST',
        path: `${base}/upload`,
        body: form,
        signal: options.signal,
      });
      return parseResponse('UploadResultSchema', body);
    },

    async download(path: string, options: RequestOptions = {}): Promise<Blob> {
      assertPath(path);
      return http<Blob>({
        path: `${base}/download`,
        query: { path },
        responseType: 'blob',
        signal: options.signal,
      });
    },

    async remove(paths: string[], options: RequestOptions = {}): Promise<{ removed: string[] }> {
      if (
        !Array.isArray(paths) ||
        paths.length === 0 ||
        !paths.every((p) => typeof p === 'string' && p.trim() !== '')
      ) {
        throw invalid('Removing files needs at least one path string.');
      }
      const body = await http({
        method: 'DELETE',
        path: `${base}/remove`,
        body: { paths },
        signal: options.signal,
      });
      return parseResponse('RemoveResultSchema', body);
    },

    async createUrl(path: string, options: RequestOptions = {}): Promise<string> {
      assertPath(path);
      const body = await http({
        path: `${base}/url`,
        query: { path },
        signal: options.signal,
      });
      return (await parseResponse('FileUrlResultSchema', body)).publicUrl;
    },

    getPublicUrl(path: string): string {
      assertPath(path);
      const encoded = path.split('/').map(encodeURIComponent).join('/');
      return joinUrl(baseUrl, `${base}/public/${encoded}`);
    },
  };
}
