// (Over 300 lines: the db REST service, whose reads, counts, writes, cache and project-file
// writes share one table catalogue, one ownership scope and one read cache.)
import { sql } from 'drizzle-orm';
import { DB_INSERT_MAX_ROWS, DB_TABLES, type ProjectFileChangesBody } from '@codewright/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { rowsOf } from '../../db/query.ts';
import { assertCan } from '../auth/permissions.ts';
import { translateWriteError } from './db-errors.ts';
import { bad, describeIssues, isPlainObject, newRowId } from './db-input.ts';
import { ReadCache } from './read-cache.ts';
import { parseQuery } from './query-parser.ts';
import {
  columnsSql,
  deleteSql,
  type InsertValue,
  insertSql,
  countSql,
  selectJsonSql,
  updateSql,
} from './sql-builder.ts';
import { type TableSpec, tableSpec } from './tables.ts';
import { createProjectWrites, type ProjectHistory } from './project-writes.ts';
import { createFileWrites } from './file-writes.ts';
import { type RowAccess, rowScopeSql } from './row-scope.ts';
import { assertVisibilityAllowed } from './project-visibility.ts';
import { requestWorkspaceLimit } from '../../lib/request-context.ts';

/** Who is calling: a signed-in user (with role) or an anonymous visitor (null). */
export type Caller = { id: string; role: string } | null;

type RawQuery = Record<string, string | string[] | undefined>;
type Row = Record<string, unknown>;

function requireTable(name: string): TableSpec {
  const spec = tableSpec(name);
  if (!spec) bad(`Unknown table "${name}"; tables are ${DB_TABLES.join(', ')}.`);
  return spec;
}

function requireUser(caller: Caller): { id: string; role: string } {
  if (!caller) throw new AppError('UNAUTHORIZED');
  return caller;
}

/** Admin SQL, /batch and reading cta_interactions are the instance admin's (docs/decisions/025). */
function requireAdmin(caller: Caller): void {
  assertCan(requireUser(caller).role, 'manage', 'instance');
}

/**
 * Whose cached reads a call uses (the caller; null for the admin-read cta_interactions).
 * Projects and chat are reached through workspace membership (row-scope.ts).
 */
function ownerScope(spec: TableSpec, caller: Caller): string | null {
  if (spec.name === 'cta_interactions') {
    requireAdmin(caller);
    return null;
  }
  return requireUser(caller).id;
}

/** The db REST API's rules: whitelist, ownership, validation, project cap (DESIGN §2b, §3.4, §3.10). */
export function createDbService({
  db,
  readCacheMs = 0,
  reads = new ReadCache(readCacheMs),
  history,
  filesChanged,
}: {
  db: Database;
  readCacheMs?: number;
  /** The read cache (shared-read-cache.ts keeps instances coherent); one of `readCacheMs` by default. */
  reads?: ReadCache;
  history?: ProjectHistory;
  /** Told, once a write committed, which projects' files it wrote (the shared documents). */
  filesChanged?: (projectIds: string[]) => void;
}) {
  const inFlight = new Map<string, Promise<string>>();

  /** The scope condition of a call: every row for the admin (owner null), else row-scope.ts. */
  const scopeOf = (spec: TableSpec, owner: string | null, access: RowAccess) =>
    owner === null ? null : rowScopeSql(spec.name, owner, access);

  /**
   * A write to a workspace's projects or chat changes what every member reads: drop the
   * cached reads of everyone who shares a workspace with the writer.
   */
  async function forgetSharedReads(userId: string, tables: string[]) {
    const users = rowsOf<{ user_id: string }>(
      await db.execute(
        sql`select distinct m2.user_id from workspace_members m1 join workspace_members m2 on m2.workspace_id = m1.workspace_id where m1.user_id = ${userId}`,
      ),
    ).map((r) => r.user_id);
    for (const id of new Set([userId, ...users])) for (const t of tables) reads.forget(id, t);
  }

  /** A read as JSON array text, built by the database. */
  async function select(spec: TableSpec, q: ReturnType<typeof parseQuery>, owner: string | null) {
    try {
      const [row] = rowsOf<{ json: string }>(
        await db.execute(selectJsonSql(spec, q, scopeOf(spec, owner, 'read'))),
      );
      return row?.json ?? '[]';
    } catch (err) {
      translateWriteError(err);
    }
  }

  /** Runs a write and then drops the cached reads it may have changed (CTA reads are never cached). */
  async function writing<T>(
    owner: string | null,
    spec: TableSpec,
    run: () => Promise<T>,
  ): Promise<T> {
    // Deleting a project deletes its chat messages and files (FK cascade); its code is its main
    // file's content, both ways (migration 0010).
    const tables =
      spec.name === 'projects'
        ? ['projects', 'chat_messages', 'project_files']
        : spec.name === 'project_files'
          ? ['project_files', 'projects']
          : [spec.name];
    try {
      return await run().catch(translateWriteError);
    } finally {
      if (owner !== null && spec.name !== 'cta_interactions') {
        for (const t of tables) reads.forget(owner, t);
        await forgetSharedReads(owner, tables).catch(() => undefined);
      }
    }
  }

  /**
   * An upsert of several rows: each as the one-row upsert does it, all in one transaction (one
   * row refused, none written). The shared documents hear of the files once it committed.
   */
  async function upsertMany(caller: Caller, spec: TableSpec, rows: unknown[], query: RawQuery) {
    if (rows.length > DB_INSERT_MAX_ROWS)
      bad(`Send at most ${DB_INSERT_MAX_ROWS} rows per request.`);
    const owner = requireUser(caller).id;
    const written: string[] = [];
    const upserted = await writing(owner, spec, () =>
      db.transaction(async (tx) => {
        const inTransaction = createDbService({
          db: tx as unknown as Database,
          history,
          filesChanged: (ids) => written.push(...ids),
        });
        const out: Row[] = [];
        for (const [i, row] of rows.entries()) {
          if (!isPlainObject(row)) bad(`row ${i}: each row must be a JSON object.`);
          out.push(...(await inTransaction.upsert(caller, spec.name, row, query)));
        }
        return out;
      }),
    );
    if (written.length > 0) filesChanged?.([...new Set(written)]);
    return upserted;
  }

  const writes = createProjectWrites({ db, history, changed: filesChanged });
  const fileWrites = createFileWrites({ db, history, changed: filesChanged });

  return {
    /**
     * GET: the caller's rows matching the query as JSON text (others' rows are
     * invisible). `queryKey` (the raw query string) keys the short read cache.
     */
    async listJson(
      caller: Caller,
      table: string,
      raw: RawQuery,
      queryKey: string,
    ): Promise<string> {
      const spec = requireTable(table);
      const owner = ownerScope(spec, caller);
      // A request made with an API key sees its workspace only: not the user's cached reads.
      const keyed = requestWorkspaceLimit() !== undefined;
      if (owner !== null && !keyed) {
        const hit = reads.get(owner, spec.name, queryKey);
        if (hit !== undefined) return hit;
      }
      const q = parseQuery(spec, raw);
      if (owner === null || keyed) return select(spec, q, owner);
      // Concurrent identical reads share one query (an expired entry under load is one query, not fifty).
      const stamp = reads.stamp(owner, spec.name);
      const flightKey = `${owner}\n${spec.name}\n${stamp}\n${queryKey}`;
      let pending = inFlight.get(flightKey);
      if (!pending) {
        pending = select(spec, q, owner)
          .then((json) => {
            reads.set(owner, spec.name, queryKey, json, stamp);
            return json;
          })
          .finally(() => inFlight.delete(flightKey));
        inFlight.set(flightKey, pending);
      }
      return pending;
    },

    /**
     * An upsert (`Prefer: resolution=merge-duplicates`, PostgREST's `upsert()`) of one row: a row
     * of the caller's with its `id` is updated with its other fields (those that may change);
     * otherwise it is inserted, as a POST is (another user's id stays a 409). One row per call.
     */
    async upsert(caller: Caller, table: string, body: unknown, raw: RawQuery): Promise<Row[]> {
      const spec = requireTable(table);
      const onConflict = raw.on_conflict;
      const query: RawQuery = { ...raw, on_conflict: undefined };
      if (onConflict !== undefined && onConflict !== 'id')
        bad('on_conflict may only be id: an upsert matches rows by their id.');
      if (Array.isArray(body) && body.length > 1) return upsertMany(caller, spec, body, query);
      const row = Array.isArray(body) && body.length === 1 ? body[0] : body;
      if (!isPlainObject(row))
        bad('An upsert takes a JSON object or a non-empty array of objects, one per row.');
      const id = row.id;
      if (typeof id !== 'string' || (await this.count(caller, table, { id: `eq.${id}` })) === 0)
        return this.insert(caller, table, row, query);
      const patch = Object.fromEntries(
        Object.entries(row).filter(
          ([column]) => !spec.frozen.includes(column) && !spec.serverTimestamps.includes(column),
        ),
      );
      return this.update(caller, table, patch, { ...query, id: `eq.${id}` });
    },

    /** How many of the caller's rows the read's filters match (`Prefer: count=exact`). */
    async count(caller: Caller, table: string, raw: RawQuery): Promise<number> {
      const spec = requireTable(table);
      const q = parseQuery(spec, raw);
      try {
        const [row] = rowsOf<{ n: number }>(
          await db.execute(countSql(spec, q, scopeOf(spec, ownerScope(spec, caller), 'read'))),
        );
        return row?.n ?? 0;
      } catch (err) {
        translateWriteError(err);
      }
    },

    /** Drops cached project reads of a user and their co-members (after a version restore). */
    forgetProjectReads(ownerId: string): void {
      reads.forget(ownerId, 'projects');
      reads.forget(ownerId, 'project_files');
      void forgetSharedReads(ownerId, ['projects', 'project_files']).catch(() => undefined);
    },

    /** Drops a user's cached reads of projects and chat (after their memberships changed). */
    forgetMemberReads(userId: string): void {
      reads.forget(userId, 'projects');
      reads.forget(userId, 'chat_messages');
      reads.forget(userId, 'project_files');
    },

    /** A project's files as a .zip (paths kept) and its name; 404 when the caller cannot read it. */
    filesZip: (caller: Caller, projectId: string) =>
      fileWrites.zipOut(requireUser(caller).id, projectId),

    /** Writes a .zip's files into a project by path (created or replaced); all or nothing. */
    async putFilesZip(caller: Caller, projectId: string, zip: Buffer) {
      const owner = requireUser(caller).id;
      const spec = requireTable('project_files');
      return writing(owner, spec, () =>
        fileWrites.zipIn(owner, projectId, zip, () => newRowId(spec.idPrefix)),
      );
    },

    /** An accepted AI edit across files: each written whole or deleted, one version (issue 46). */
    async changeFiles(caller: Caller, projectId: string, body: ProjectFileChangesBody) {
      const owner = requireUser(caller).id;
      const spec = requireTable('project_files');
      return writing(owner, spec, () =>
        fileWrites.changeFiles(owner, projectId, body, () => newRowId(spec.idPrefix)),
      );
    },

    /** Drops every cached read (after admin SQL). */
    forgetAllReads(): void {
      reads.forgetAll();
    },

    /** POST: one row or an array; all or nothing; always owned by the caller. */
    async insert(caller: Caller, table: string, body: unknown, raw: RawQuery): Promise<Row[]> {
      const spec = requireTable(table);
      const anonymousAllowed = spec.name === 'cta_interactions';
      const owner = anonymousAllowed ? (caller?.id ?? null) : requireUser(caller).id;
      const many = Array.isArray(body);
      const input: unknown[] = many ? body : [body];
      if (input.length === 0) bad('Send a row object or a non-empty array of rows.');
      if (input.length > DB_INSERT_MAX_ROWS)
        bad(`Send at most ${DB_INSERT_MAX_ROWS} rows per request.`);
      const returning = parseQuery(spec, { select: raw.select }).select;

      const rows = input.map((item, i) => {
        const label = many ? `row ${i}: ` : '';
        if (!isPlainObject(item)) bad(`${label}each row must be a JSON object.`);
        const parsed = spec.insertSchema.safeParse(item);
        if (!parsed.success) bad(describeIssues(parsed.error, item, label));
        const values: Record<string, InsertValue> = {};
        for (const [column, value] of Object.entries(parsed.data)) {
          if (value !== undefined) values[column] = { value };
        }
        values.id = values.id ?? { value: newRowId(spec.idPrefix) };
        values.user_id = { value: owner };
        for (const [column, type] of Object.entries(spec.columns))
          if (type === 'timestamp' && (spec.serverTimestamps.includes(column) || !values[column]))
            values[column] = 'now';
        return values;
      });

      return writing(owner, spec, async () => {
        if (spec.name === 'projects') return writes.insertProjects(owner!, rows, returning, spec);
        if (spec.name === 'project_files')
          return fileWrites.insertFiles(owner!, rows, returning, spec);
        if (spec.name === 'chat_messages')
          return writes.insertMessages(owner!, rows, returning, spec);
        return rowsOf<Row>(await db.execute(insertSql(spec, rows, returning)));
      });
    },

    /** PATCH: changes the caller's matching rows; a filter is required. */
    async update(caller: Caller, table: string, body: unknown, raw: RawQuery): Promise<Row[]> {
      const spec = requireTable(table);
      const owner = ownerScope(spec, caller);
      if (!isPlainObject(body)) bad('PATCH takes one JSON object of the fields to change.');
      for (const column of spec.frozen) if (column in body) bad(`${column} cannot be changed.`);
      const parsed = spec.patchSchema.safeParse(body);
      if (!parsed.success) bad(describeIssues(parsed.error, body, ''));
      const patch: Record<string, unknown> = {};
      for (const [column, value] of Object.entries(parsed.data)) {
        // updated_at is the server's to set (touchOnPatch); a client's value is ignored.
        if (value !== undefined && column !== spec.touchOnPatch) patch[column] = value;
      }
      if (Object.keys(patch).length === 0 && !(spec.touchOnPatch && spec.touchOnPatch in body))
        bad('Send at least one field to change.');
      const q = parseQuery(spec, raw);
      if (q.filters.length === 0)
        bad('PATCH needs a filter such as ?id=eq.<id>; whole-table updates are refused.');
      let scope = scopeOf(spec, owner, 'update');
      if (spec.name === 'projects' && owner !== null) {
        // Who changed it last (the dashboard shows it); a visibility change needs `share`.
        patch.updated_by = owner;
        if (patch.visibility !== undefined) {
          scope = sql`${scope} and ${rowScopeSql('projects', owner, 'share')}`;
          await assertVisibilityAllowed(db, scope, q.filters, patch.visibility);
        }
      }
      return writing(owner, spec, async () => {
        if (spec.name === 'projects' && typeof patch.code === 'string' && history)
          return writes.updateProjectsCode(owner!, spec, patch, q, scope);
        if (spec.name === 'project_files')
          return fileWrites.updateFiles(owner!, spec, patch, q, scope);
        return rowsOf<Row>(await db.execute(updateSql(spec, patch, q, scope)));
      });
    },

    /** DELETE: removes the caller's matching rows; a filter is required. */
    async remove(caller: Caller, table: string, raw: RawQuery): Promise<Row[]> {
      const spec = requireTable(table);
      const owner = ownerScope(spec, caller);
      const q = parseQuery(spec, raw);
      if (q.filters.length === 0)
        bad('DELETE needs a filter such as ?id=eq.<id>; whole-table deletes are refused.');
      const scope = scopeOf(spec, owner, 'delete');
      return writing(owner, spec, async () => {
        if (spec.name === 'project_files')
          return fileWrites.deleteFiles(owner!, q, scope, columnsSql(spec, q.select));
        return rowsOf<Row>(await db.execute(deleteSql(spec, q, scope)));
      });
    },
  };
}

export type DbService = ReturnType<typeof createDbService>;
export { requireAdmin };
