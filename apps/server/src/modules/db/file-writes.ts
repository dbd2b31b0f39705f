// (Over 300 lines: every write of project files goes through writingFiles — the lock, the plan's
// limits, who changed it and the one version — so the writes live beside it.)
import { type SQL, sql } from 'drizzle-orm';
import { PROJECT_FILE_LIMITS, type ProjectFileChangesBody } from '@codewright/contract';
import type { Database } from '../../db/client.ts';
import { type Executor, isoTime, rowsOf } from '../../db/query.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertFilesWithinPlan } from './file-limits.ts';
import { planOf, WORKSPACE_PLAN_JOIN } from '../workspaces/access.ts';
import { readProjectZip, writeProjectZip } from './files-zip.ts';
import { lockProjectsForUpdate as lockProjects, type ProjectHistory } from './project-writes.ts';
import type { parseQuery } from './query-parser.ts';
import { rowScopeSql } from './row-scope.ts';
import { type InsertValue, insertSql, updateRowsSql, whereSql } from './sql-builder.ts';
import type { TableSpec } from './tables.ts';
import type { FileWriteSource } from '../versions/versions.service.ts';

type Row = Record<string, unknown>;

/**
 * The db REST writes of project_files (issue 45): each runs in one transaction that locks the
 * projects it touches, so the plan's file count and size (PROJECT_FILE_LIMITS, the workspace
 * owner's plan) hold however many writers there are. The main file's content is the project's
 * code (migration 0010's triggers keep them equal). Every write that changes a project's files
 * becomes one version holding the whole tree (docs/decisions/047).
 */
export function createFileWrites({
  db,
  history,
  changed,
}: {
  db: Database;
  history?: ProjectHistory;
  /** Told, once a write committed, which projects' files it wrote (the shared documents). */
  changed?: (projectIds: string[]) => void;
}) {
  /** The projects each open transaction wrote (writingFiles adds them). */
  const written = new WeakMap<Executor, Set<string>>();

  /** One transaction of file writes; once it committed, `changed` hears which projects it wrote. */
  async function transaction<T>(run: (tx: Executor) => Promise<T>): Promise<T> {
    const wrote = new Set<string>();
    const result = await db.transaction((tx) => {
      written.set(tx, wrote);
      return run(tx);
    });
    if (wrote.size > 0) changed?.([...wrote]);
    return result;
  }

  /**
   * Runs `write` with the projects locked, then checks the plan's limits, marks the projects as
   * changed by `owner` and records each one's tree as a version (`source`); a project whose code
   * (main file) changed first gets the baseline a PATCH of projects.code would.
   */
  async function writingFiles<T>(
    tx: Executor,
    owner: string,
    projectIds: string[],
    source: FileWriteSource,
    write: () => Promise<T>,
    prompt: string | null = null,
  ): Promise<T> {
    const plans = await lockProjects(tx, owner, projectIds);
    for (const id of plans.keys()) written.get(tx)?.add(id);
    const ids = sql.join(
      [...plans.keys()].map((id) => sql`${id}`),
      sql`, `,
    );
    const before = rowsOf<{ id: string; code: string; updatedAt: string }>(
      await tx.execute(
        sql`select id, code, ${isoTime(sql`updated_at`)} as "updatedAt" from projects where id in (${ids})`,
      ),
    );
    const result = await write();
    await assertFilesWithinPlan(tx, plans);
    const after = new Map(
      rowsOf<{ id: string; code: string }>(
        await tx.execute(
          sql`update projects set updated_by = ${owner}, updated_at = date_trunc('milliseconds', now())
              where id in (${ids}) returning id, code`,
        ),
      ).map((r) => [r.id, r.code]),
    );
    for (const project of before) {
      const code = after.get(project.id)!;
      if (code !== project.code)
        await history?.recordCodeChange(tx, {
          projectId: project.id,
          authorId: owner,
          previousCode: project.code,
          previousUpdatedAt: project.updatedAt,
          code,
          source,
          prompt,
        });
      await history?.recordTreeChange(tx, {
        projectId: project.id,
        authorId: owner,
        source,
        prompt,
      });
    }
    return result;
  }

  /** New files in projects the caller may change. */
  async function insertFiles(
    owner: string,
    rows: Record<string, InsertValue>[],
    returning: string[],
    spec: TableSpec,
  ): Promise<Row[]> {
    const projectIds = rows.map((r) => String((r.project_id as { value: unknown }).value));
    return transaction((tx) =>
      writingFiles(tx, owner, projectIds, 'save', async () =>
        rowsOf<Row>(await tx.execute(insertSql(spec, rows, returning))),
      ),
    );
  }

  /** The files a PATCH or DELETE matches, in id order. */
  async function targetsOf(tx: Executor, q: ReturnType<typeof parseQuery>, scope: SQL | null) {
    return rowsOf<{ id: string; project_id: string; path: string; is_main: boolean }>(
      await tx.execute(
        sql`select id, project_id, path, is_main from project_files${whereSql(scope, q.filters)} order by id`,
      ),
    );
  }

  /** A PATCH of files: renames and new content. */
  async function updateFiles(
    owner: string,
    spec: TableSpec,
    patch: Record<string, unknown>,
    q: ReturnType<typeof parseQuery>,
    scope: SQL | null,
  ): Promise<Row[]> {
    return transaction(async (tx) => {
      const targets = await targetsOf(tx, q, scope);
      if (targets.length === 0) return [];
      const ids = targets.map((t) => t.id);
      // Exactly the rows read above change.
      return writingFiles(
        tx,
        owner,
        targets.map((t) => t.project_id),
        'save',
        async () => rowsOf<Row>(await tx.execute(updateRowsSql(spec, patch, q, scope, ids))),
      );
    });
  }

  /** A DELETE of files; a main file is refused (it is the project's code: delete the project). */
  async function deleteFiles(
    owner: string,
    q: ReturnType<typeof parseQuery>,
    scope: SQL | null,
    returning: SQL,
  ): Promise<Row[]> {
    return transaction(async (tx) => {
      const targets = await targetsOf(tx, q, scope);
      if (targets.length === 0) return [];
      const main = targets.find((t) => t.is_main);
      if (main)
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          `${main.path} is the project's main file (its code) and cannot be deleted; delete the project instead, or filter it out (is_main=eq.false).`,
        );
      const ids = sql.join(
        targets.map((t) => sql`${t.id}`),
        sql`, `,
      );
      return writingFiles(
        tx,
        owner,
        targets.map((t) => t.project_id),
        'save',
        async () =>
          rowsOf<Row>(
            await tx.execute(
              sql`delete from project_files where id in (${ids}) returning ${returning}`,
            ),
          ),
      );
    });
  }

  /**
   * Files written by path (a .zip upload): each one is created, or replaced when the project
   * has that path. All or nothing; one version of source `upload`.
   */
  async function putFiles(
    owner: string,
    projectId: string,
    files: Array<{ path: string; content: string }>,
    newId: () => string,
  ): Promise<{ created: number; replaced: number }> {
    return transaction((tx) =>
      writingFiles(tx, owner, [projectId], 'upload', async () => {
        let created = 0;
        for (const file of files) {
          const [row] = rowsOf<{ created: boolean }>(
            await tx.execute(
              sql`insert into project_files (id, project_id, user_id, path, content)
                  values (${newId()}, ${projectId}, ${owner}, ${file.path}, ${file.content})
                  on conflict (project_id, path) do update
                    set content = excluded.content, updated_at = date_trunc('milliseconds', now())
                    where project_files.content is distinct from excluded.content
                  returning (xmax = 0) as created`,
            ),
          );
          if (row?.created) created += 1;
        }
        return { created, replaced: files.length - created };
      }),
    );
  }

  /**
   * An accepted AI edit across files (issue 46): each file written whole or deleted, all or
   * nothing, as one version of `source` with the request as its prompt. A path named twice, a
   * delete of a file the project lacks or of its main file is a 400 naming the path.
   */
  async function changeFiles(
    owner: string,
    projectId: string,
    // A co-edited file is written as a save (docs/decisions/050); the route takes AI sources only.
    body: Omit<ProjectFileChangesBody, 'source'> & { source: FileWriteSource },
    newId: () => string,
  ): Promise<{ created: number; changed: number; deleted: number }> {
    const seen = new Set<string>();
    for (const change of body.changes) {
      if (seen.has(change.path))
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          `${change.path}: the changes name this file more than once; send each file once.`,
        );
      seen.add(change.path);
    }
    return transaction((tx) =>
      writingFiles(
        tx,
        owner,
        [projectId],
        body.source,
        async () => {
          const files = new Map(
            rowsOf<{ path: string; is_main: boolean }>(
              await tx.execute(
                sql`select path, is_main from project_files where project_id = ${projectId}`,
              ),
            ).map((f) => [f.path, f.is_main]),
          );
          const counts = { created: 0, changed: 0, deleted: 0 };
          for (const change of body.changes) {
            if (change.delete) {
              const isMain = files.get(change.path);
              if (isMain === undefined)
                throw new AppError(
                  'VALIDATION_ERROR',
                  400,
                  `${change.path}: the project has no such file to delete.`,
                );
              if (isMain)
                throw new AppError(
                  'VALIDATION_ERROR',
                  400,
                  `${change.path} is the project's main file (its code) and cannot be deleted.`,
                );
              await tx.execute(
                sql`delete from project_files where project_id = ${projectId} and path = ${change.path}`,
              );
              counts.deleted += 1;
            } else {
              const [row] = rowsOf<{ created: boolean }>(
                await tx.execute(
                  sql`insert into project_files (id, project_id, user_id, path, content)
                      values (${newId()}, ${projectId}, ${owner}, ${change.path}, ${change.content ?? ''})
                      on conflict (project_id, path) do update
                        set content = excluded.content, updated_at = date_trunc('milliseconds', now())
                        where project_files.content is distinct from excluded.content
                      returning (xmax = 0) as created`,
                ),
              );
              if (row?.created) counts.created += 1;
              else if (row) counts.changed += 1;
            }
          }
          return counts;
        },
        body.prompt ?? null,
      ),
    );
  }

  /** A project the caller may read, with its files (path order); null when it is not theirs to read. */
  async function readTree(owner: string, projectId: string) {
    const [project] = rowsOf<{ name: string; plan: string | null }>(
      await db.execute(
        sql`select p.name, up.plan from projects p join workspaces w on w.id = p.workspace_id
            ${WORKSPACE_PLAN_JOIN}
            where ${rowScopeSql('projects', owner, 'read')} and p.id = ${projectId}`,
      ),
    );
    if (!project) return null;
    const files = rowsOf<{ path: string; content: string; updatedAt: string }>(
      await db.execute(
        sql`select path, content, ${isoTime(sql`updated_at`)} as "updatedAt"
            from project_files where project_id = ${projectId} order by path`,
      ),
    );
    return { name: project.name, plan: planOf(project.plan), files };
  }

  /** The project's files as a .zip, and its name; 404 when the caller cannot read it. */
  async function zipOut(owner: string, projectId: string) {
    const tree = await readTree(owner, projectId);
    if (!tree) throw new AppError('NOT_FOUND', 404, `Project ${projectId} not found.`);
    return { name: tree.name, zip: await writeProjectZip(tree.files) };
  }

  /** A .zip's files written into the project by path (files-zip.ts checks it first). */
  async function zipIn(owner: string, projectId: string, zip: Buffer, newId: () => string) {
    const tree = await readTree(owner, projectId);
    if (!tree) throw new AppError('NOT_FOUND', 404, `Project ${projectId} not found.`);
    const files = await readProjectZip(zip, PROJECT_FILE_LIMITS[tree.plan]);
    if (files.length === 0) throw new AppError('VALIDATION_ERROR', 400, 'The .zip holds no files.');
    return putFiles(owner, projectId, files, newId);
  }

  return { insertFiles, updateFiles, deleteFiles, zipOut, zipIn, changeFiles };
}
