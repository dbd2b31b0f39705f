/** `client.db`: tables through the query builder, and the admin-only SQL calls. */
import { DB_TABLES, type SqlResult } from '@codewright/contract';
import { ValidationError } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import type { DbClient, RequestOptions, SqlStatement, TableRows } from '../types.ts';
import { DbQueryBuilder } from './query-builder.ts';

export function createDbClient(options: { http: HttpClient; projectId: string }): DbClient {
  const { http, projectId } = options;
  const base = `/api/db/${encodeURIComponent(projectId)}`;
  return {
    from<T extends keyof TableRows>(table: T) {
      if (!(DB_TABLES as readonly string[]).includes(table)) {
        throw new ValidationError({
          code: 'VALIDATION_ERROR',
          message: `Unknown table "${String(table)}"; tables are ${DB_TABLES.join(', ')}.`,
        });
      }
      return new DbQueryBuilder<TableRows[T]>({ http, projectId, table });
    },

    sql(query: string, params: unknown[] = [], request: RequestOptions = {}) {
      return http<SqlResult>({
        method: 'POST',
        path: `${base}/sql`,
        body: { query, params },
        signal: request.signal,
      });
    },

    batch(
      statements: SqlStatement[],
      mode: 'transaction' | 'pipeline' = 'transaction',
      request: RequestOptions = {},
    ) {
      return http<{ results: (SqlResult | { error: { message: string } })[] }>({
        method: 'POST',
        path: `${base}/batch`,
        body: { statements, mode },
        signal: request.signal,
      });
    },

    downloadFiles(id: string, request: RequestOptions = {}) {
      return http<Blob>({
        path: `${base}/projects/${encodeURIComponent(id)}/files.zip`,
        responseType: 'blob',
        signal: request.signal,
      });
    },

    uploadFiles(id: string, zip: Blob | ArrayBuffer, request: RequestOptions = {}) {
      return http<{ created: number; replaced: number }>({
        method: 'PUT',
        path: `${base}/projects/${encodeURIComponent(id)}/files.zip`,
        body: zip,
        headers: { 'Content-Type': 'application/zip' },
        signal: request.signal,
      });
    },

    changeFiles(id: string, body, request: RequestOptions = {}) {
      return http<{ created: number; changed: number; deleted: number }>({
        method: 'POST',
        path: `${base}/projects/${encodeURIComponent(id)}/files/changes`,
        body,
        signal: request.signal,
      });
    },
  };
}
