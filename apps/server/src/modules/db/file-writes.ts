import { type SQL, sql } from 'drizzle-orm';
import { PROJECT_FILE_LIMITS, type PlanName } from '@codewright/contract';
import type { Database } from '../../db/client.ts';
import { type Executor, rowsOf } from '../../db/query.ts';
import { AppError } from '../../lib/app-error.ts';
import { planOf, WORKSPACE_PLAN_JOIN } from '../workspaces/access.ts';
import { readProjectZip, writeProjectZip } from './files-zip.ts';
import { lockProjectsForUpdate as lockProjects, type ProjectHistory } from './project-writes.ts';
import type { parseQuery } from './query-parser.ts';
import { rowScopeSql } from './row-scope.ts';
import { type InsertValue, insertSql, updateRowsSql, whereSql } from './sql-builder.ts';
import type { TableSpec } from './tables.ts';

type Row = Record<string, unknown>;
const MB = 1024 * 1024;

/**
 * The db REST writes of project_files (issue 45): each runs in one transaction that locks the
 * projects it touches, so the plan's file count and size (PROJECT_FILE_LIMITS, the workspace
 * owner's plan) hold however many writers there are. The main file's content is the project's
 * code (migration 0010's triggers keep them equal); a change of it becomes a version, as a PATCH
 * of projects.code does.
 */
export function createFileWrites({ db, history }: { db: Database; history?: ProjectHistory }) {
  /** Refuses (and so rolls back) a write that left a project past its plan's files or size. */
  async function assertWithinLimits(tx: Executor, plans: Map<string, PlanName>) {
    const totals = rowsOf<{ project_id: string; files: number | string; bytes: number | string }>(
      await tx.execute(
        sql`select project_id, count(*)::int as files, coalesce(sum(octet_length(content)), 0)::bigint as bytes
            from project_files where project_id in (${sql.join(
              [...plans.keys()].map((id) => sql`${id}`),
              sql`, `,
            )}) group by project_id`,
      ),
    );
    for (const total of totals) {
      const plan = plans.get(total.project_id)!;
      const limits = PROJECT_FILE_LIMITS[plan];
      if (Number(total.files) > limits.maxFiles)
        throw new AppError(
          'FILE_LIMIT_REACHED',
          402,
          `A project holds at most ${limits.maxFiles} files on the ${plan} plan; delete a file first, or upgrade.`,
        );
      if (Number(total.bytes) > limits.maxBytes)
        throw new AppError(
          'PROJECT_TOO_LARGE',
          413,
          `A project's files may total at most ${limits.maxBytes / MB} MB on the ${plan} plan; this write would make ${(Number(total.bytes) / MB).toFixed(1)} MB.`,
        );
    }
  }

  /** New files in projects the caller may change. */
  async function insertFiles(
    owner: string,
    rows: Record<string, InsertValue>[],
    returning: string[],
    spec: TableSpec,
  ): Promise<Row[]> {
    return db.transaction(async (tx) => {
      const plans = await lockProjects(
        tx,
        owner,
        rows.map((r) => String((r.project_id as { value: unknown }).value)),
      );
      const inserted = rowsOf<Row>(await tx.execute(insertSql(spec, rows, returning)));
      await assertWithinLimits(tx, plans);
      return inserted;
    });
  }

  /** A PATCH of files: renames and new content; the main file's new content is a version. */
  async function updateFiles(
    owner: string,
    spec: TableSpec,
    patch: Record<string, unknown>,
    q: ReturnType<typeof parseQuery>,
    scope: SQL | null,
  ): Promise<Row[]> {
    return db.transaction(async (tx) => {
      const targets = rowsOf<{ id: string; project_id: string; is_main: boolean }>(
        await tx.execute(
          sql`select id, project_id, is_main from project_files${whereSql(scope, q.filters)} order by id`,
        ),
      );
      if (targets.length === 0) return [];
      const plans = await lockProjects(
        tx,
        owner,
        targets.map((t) => t.project_id),
      );
      const mainProjects = [...new Set(targets.filter((t) => t.is_main).map((t) => t.project_id))];
      const before =
        typeof patch.content === 'string' && mainProjects.length > 0
          ? rowsOf<{ id: string; code: string; updatedAt: string }>(
              await tx.execute(
                sql`update projects set updated_by = ${owner} where id in (${sql.join(
                  mainProjects.map((id) => sql`${id}`),
                  sql`, `,
                )}) returning id, code, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"`,
              ),
            )
          : [];
      // Exactly the rows read above change.
      const changed = rowsOf<Row>(
        await tx.execute(
          updateRowsSql(
            spec,
            patch,
            q,
            scope,
            targets.map((t) => t.id),
          ),
        ),
      );
      await assertWithinLimits(tx, plans);
      for (const project of before)
        await history?.recordCodeChange(tx, {
          projectId: project.id,
          authorId: owner,
          previousCode: project.code,
          previousUpdatedAt: project.updatedAt,
          code: patch.content as string,
        });
      return changed;
    });
  }

  /** Refuses to delete a main file: it is the project's code (delete the project instead). */
  async function assertNoMainFile(q: ReturnType<typeof parseQuery>, scope: SQL | null) {
    const [main] = rowsOf<{ path: string }>(
      await db.execute(
        sql`select path from project_files${whereSql(scope, q.filters)} and is_main limit 1`,
      ),
    );
    if (main)
      throw new AppError(
        'VALIDATION_ERROR',
        400,
        `${main.path} is the project's main file (its code) and cannot be deleted; delete the project instead, or filter it out (is_main=eq.false).`,
      );
  }

  /**
   * Files written by path (a .zip upload): each one is created, or replaced when the project
   * has that path; the main file's new content is a version. All or nothing.
   */
  async function putFiles(
    owner: string,
    projectId: string,
    files: Array<{ path: string; content: string }>,
    newId: () => string,
  ): Promise<{ created: number; replaced: number }> {
    return db.transaction(async (tx) => {
      const plans = await lockProjects(tx, owner, [projectId]);
      const [main] = rowsOf<{ path: string; code: string; updatedAt: string }>(
        await tx.execute(
          sql`select f.path, p.code, to_char(p.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
              from project_files f join projects p on p.id = f.project_id
              where f.project_id = ${projectId} and f.is_main`,
        ),
      );
      const newMain = files.find((f) => f.path === main?.path && f.content !== main.code);
      if (newMain)
        await tx.execute(sql`update projects set updated_by = ${owner} where id = ${projectId}`);
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
      await assertWithinLimits(tx, plans);
      if (newMain && main)
        await history?.recordCodeChange(tx, {
          projectId,
          authorId: owner,
          previousCode: main.code,
          previousUpdatedAt: main.updatedAt,
          code: newMain.content,
        });
      return { created, replaced: files.length - created };
    });
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
        sql`select path, content, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
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

  return { insertFiles, updateFiles, assertNoMainFile, zipOut, zipIn };
}
