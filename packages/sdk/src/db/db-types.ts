/** Public shapes of the db client (db-client.ts): rows, the query builder, SQL. */
import type { ProjectFileChangesBody, SqlResult } from '@codewright/contract';
import type { CtaInteraction } from '../analytics/analytics-types.ts';
import type { RequestOptions } from '../request-options.ts';

/** A saved project (SPEC §3). camelCase here; snake_case on the wire. */
export interface Project {
  id: string;
  userId: string;
  name: string;
  language: string;
  code: string;
  description: string | null;
  createdAt: string;
  updatedAt: string;
  /** The workspace it belongs to (docs/decisions/025). */
  workspaceId: string;
  /** DESIGN §2c: public projects have a share page; Free is always public. */
  visibility: 'public' | 'private';
  /** The share link's token: `/share?t=<shareToken>`. */
  shareToken: string;
  /** Who changed it last (a user id; null once that account is gone). */
  updatedBy: string | null;
}

/** A stored chat message (SPEC §3). */
export interface ChatMessageRecord {
  id: string;
  projectId: string;
  userId: string;
  role: 'user' | 'assistant';
  content: string;
  codeSnapshot: string | null;
  createdAt: string;
  /** The context a user message was sent with (kind, title, source); null or absent without. */
  context?: { kind: 'web' | 'document' | 'image'; title: string; source: string }[] | null;
}

/**
 * One file of a project (docs/api.md § Project files): a POSIX relative path, unique in its
 * project. The main file's content is the project's `code`; it cannot be deleted.
 */
export interface ProjectFile {
  id: string;
  projectId: string;
  /** Who created it (null once that account is gone). */
  userId: string | null;
  path: string;
  content: string;
  isMain: boolean;
  createdAt: string;
  updatedAt: string;
}

/** Row type per table name (table names as on the wire). */
export interface TableRows {
  projects: Project;
  chat_messages: ChatMessageRecord;
  cta_interactions: CtaInteraction;
  project_files: ProjectFile;
}

export type FilterScalar = string | number | boolean | null;

export interface OrderOptions {
  /** Default true. */
  ascending?: boolean;
  nullsFirst?: boolean;
}

/**
 * A query on one table, run when awaited (→ rows, camelCase). Column names may
 * be camelCase or snake_case. Reads, updates and deletes only ever touch your own rows.
 * @example
 * const projects = await client.db.from('projects').select('*').eq('userId', user.id).order('updatedAt', { ascending: false });
 */
export interface QueryBuilder<Row> extends PromiseLike<Row[]> {
  select(columns?: string): this;
  eq(column: string, value: FilterScalar): this;
  neq(column: string, value: FilterScalar): this;
  gt(column: string, value: FilterScalar): this;
  gte(column: string, value: FilterScalar): this;
  lt(column: string, value: FilterScalar): this;
  lte(column: string, value: FilterScalar): this;
  like(column: string, pattern: string): this;
  ilike(column: string, pattern: string): this;
  in(column: string, values: readonly FilterScalar[]): this;
  is(column: string, value: null | boolean): this;
  order(column: string, options?: OrderOptions): this;
  limit(count: number): this;
  /** Rows from..to, both included, from 0. */
  range(from: number, to: number): this;
  abortSignal(signal: AbortSignal): this;
  /** Inserts a row or rows (ids made client-side when missing, e.g. `proj_<Date.now()>_<random>`). */
  insert(rows: Partial<Row> | Partial<Row>[]): this;
  /** Changes the filtered rows; needs a filter such as `.eq('id', id)`. */
  update(patch: Partial<Row>): this;
  /** Deletes the filtered rows; needs a filter such as `.eq('id', id)`. */
  delete(): this;
}

export interface SqlStatement {
  query: string;
  params?: unknown[];
}

/** The database module (SPEC §7.3). Failures keep codes such as PROJECT_LIMIT_REACHED, VALIDATION_ERROR, FORBIDDEN. */
export interface DbClient {
  from<T extends keyof TableRows>(table: T): QueryBuilder<TableRows[T]>;
  /** Admin role only (FORBIDDEN otherwise). */
  sql(query: string, params?: unknown[], options?: RequestOptions): Promise<SqlResult>;
  /** Admin role only. `transaction`: all or nothing; `pipeline`: each on its own. */
  batch(
    statements: SqlStatement[],
    mode?: 'transaction' | 'pipeline',
    options?: RequestOptions,
  ): Promise<{ results: (SqlResult | { error: { message: string } })[] }>;
  /**
   * A project's files as a .zip, each at its path (NOT_FOUND for a project you cannot read).
   * @example const zip = await client.db.downloadFiles(projectId); // a Blob of type application/zip
   */
  downloadFiles(projectId: string, options?: RequestOptions): Promise<Blob>;
  /**
   * Writes a .zip's text files into a project by path — each created, or replaced when the
   * project has it — all or nothing. Refused with VALIDATION_ERROR (400, naming the entry): a
   * path out of the project or absolute, a symlink, an entry inflating over 100:1, a binary
   * file; FILE_LIMIT_REACHED (402) / PROJECT_TOO_LARGE (413) past the plan.
   * @example const { created, replaced } = await client.db.uploadFiles(projectId, zipBlob);
   */
  uploadFiles(
    projectId: string,
    zip: Blob | ArrayBuffer,
    options?: RequestOptions,
  ): Promise<{ created: number; replaced: number }>;
  /**
   * An accepted AI edit across files: each file written whole (`content`) or removed
   * (`delete: true`), all or nothing, as ONE version of `source` with `prompt`. Refused with
   * VALIDATION_ERROR (400, naming the path): a bad path, a path twice, a delete of a file the
   * project lacks or of its main file; FORBIDDEN for a viewer; the plan's limits as for any write.
   * @example await client.db.changeFiles(projectId, { source: 'edit', prompt, changes: [{ path: 'a.js', content }] });
   */
  changeFiles(
    projectId: string,
    body: ProjectFileChangesBody,
    options?: RequestOptions,
  ): Promise<{ created: number; changed: number; deleted: number }>;
}
