import { type SQL, sql } from 'drizzle-orm';
import type { PlanName } from '@codewright/contract';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Executor, rowsOf } from '../../db/query.ts';
import { lockProjectCap } from '../plan/plan.service.ts';
import type { VersionService } from '../versions/versions.service.ts';
import type { parseQuery } from './query-parser.ts';
import { type InsertValue, insertSql, updateRowsSql, whereSql } from './sql-builder.ts';
import type { TableSpec } from './tables.ts';
import { rowScopeSql } from './row-scope.ts';
import { defaultVisibility, privateNotInPlan } from './project-visibility.ts';
import { workspaceFacts } from './workspace-facts.ts';
import { planOf, WORKSPACE_PLAN_JOIN } from '../workspaces/access.ts';

/**
 * Version control's hooks: every change of a saved project's code made through the db REST
 * API becomes a version, in the same transaction (DESIGN §2c, docs/decisions/015).
 */
export type ProjectHistory = Pick<
  VersionService,
  'recordProjectsCreated' | 'recordCodeChange' | 'recordTreeChange' | 'importChatSnapshots'
>;

type Row = Record<string, unknown>;

/**
 * Checks the projects are ones the caller may change and locks their rows (in id order, so
 * concurrent writers never deadlock), answering each one's plan — its workspace owner's. A write
 * of chat or files then serialises with version writes; 404 names a project that is not theirs.
 */
export async function lockProjectsForUpdate(
  tx: Executor,
  owner: string,
  projectIds: string[],
): Promise<Map<string, PlanName>> {
  const unique = [...new Set(projectIds)].sort();
  const found = rowsOf<{ id: string; plan: string | null }>(
    await tx.execute(
      sql`select p.id, up.plan from projects p join workspaces w on w.id = p.workspace_id
          ${WORKSPACE_PLAN_JOIN}
          where ${rowScopeSql('projects', owner, 'update')} and p.id in (${sql.join(
            unique.map((id) => sql`${id}`),
            sql`, `,
          )}) order by p.id for update of p`,
    ),
  );
  const plans = new Map<string, PlanName>(found.map((r) => [r.id, planOf(r.plan)]));
  const missing = unique.find((id) => !plans.has(id));
  if (missing !== undefined) throw new AppError('NOT_FOUND', 404, `Project ${missing} not found.`);
  return plans;
}

/**
 * The db REST writes that touch a project's code or chat: each runs in one transaction that
 * holds the project rows' locks, so version numbers follow the order writes commit.
 */
export function createProjectWrites({
  db,
  history,
  changed,
}: {
  db: Database;
  history?: ProjectHistory;
  /** Told, once a write of projects' code committed, which projects it wrote (their main file). */
  changed?: (projectIds: string[]) => void;
}) {
  /**
   * New projects go into the workspace each row names (one where the caller may create projects,
   * else 404 as if it did not exist) or the caller's personal one. The cap and the visibility
   * rule are the workspace plan's, i.e. its owner's (DESIGN §3.15, docs/decisions/026).
   */
  async function insertProjects(
    owner: string,
    rows: Record<string, InsertValue>[],
    returning: string[],
    spec: TableSpec,
  ) {
    const valueOf = (row: Record<string, InsertValue>, column: string) =>
      (row[column] as { value: unknown } | undefined)?.value;
    return db.transaction(async (tx) => {
      const byWorkspace = new Map<string, Record<string, InsertValue>[]>();
      for (const row of rows) {
        const wanted = valueOf(row, 'workspace_id');
        const id = typeof wanted === 'string' ? wanted : await workspaceFacts.personalOf(tx, owner);
        byWorkspace.set(id, [...(byWorkspace.get(id) ?? []), row]);
      }
      for (const [workspaceId, group] of [...byWorkspace].sort(([a], [b]) => (a < b ? -1 : 1))) {
        const ws = await workspaceFacts.creatable(tx, owner, workspaceId);
        if (!ws) throw new AppError('NOT_FOUND', 404, `Workspace ${workspaceId} not found.`);
        // The plan row lock serialises concurrent creates in one workspace, so the count is exact.
        const cap = await lockProjectCap(tx, ws.ownerId);
        if (cap !== -1) {
          const count = await workspaceFacts.countProjects(tx, workspaceId);
          if (count + group.length > cap) throw new AppError('PROJECT_LIMIT_REACHED');
        }
        for (const row of group) {
          const visibility = valueOf(row, 'visibility');
          if (visibility === 'private' && defaultVisibility(ws.plan) === 'public')
            throw privateNotInPlan();
          row.workspace_id = { value: workspaceId };
          row.visibility = { value: visibility ?? defaultVisibility(ws.plan) };
          row.updated_by = { value: owner };
        }
      }
      const inserted = rowsOf<Row>(await tx.execute(insertSql(spec, rows, returning)));
      await history?.recordProjectsCreated(
        tx,
        rows.map((row) => ({
          projectId: String((row.id as { value: unknown }).value),
          authorId: owner,
          code:
            typeof row.code === 'object' && typeof row.code.value === 'string'
              ? row.code.value
              : '',
        })),
      );
      return inserted;
    });
  }

  /** Chat messages, and the versions the chat of unsaved work becomes (docs/api.md § Versions). */
  async function insertMessages(
    owner: string,
    rows: Record<string, InsertValue>[],
    returning: string[],
    spec: TableSpec,
  ) {
    const valueOf = (row: Record<string, InsertValue>, column: string) =>
      (row[column] as { value: unknown } | undefined)?.value;
    return db.transaction(async (tx) => {
      await lockProjectsForUpdate(
        tx,
        owner,
        rows.map((r) => String(valueOf(r, 'project_id'))),
      );
      const inserted = rowsOf<Row>(await tx.execute(insertSql(spec, rows, returning)));
      if (history) {
        const byProject = new Map<string, string[]>();
        for (const row of rows) {
          if (
            valueOf(row, 'role') !== 'assistant' ||
            typeof valueOf(row, 'code_snapshot') !== 'string'
          )
            continue;
          const projectId = String(valueOf(row, 'project_id'));
          byProject.set(projectId, [
            ...(byProject.get(projectId) ?? []),
            String(valueOf(row, 'id')),
          ]);
        }
        for (const [projectId, ids] of byProject)
          await history.importChatSnapshots(tx, projectId, owner, ids);
      }
      return inserted;
    });
  }

  /** A PATCH of projects' code: the rows are locked, changed, and each change becomes a version. */
  async function updateProjectsCode(
    owner: string,
    spec: TableSpec,
    patch: Record<string, unknown>,
    q: ReturnType<typeof parseQuery>,
    scope: SQL | null,
  ) {
    let wrote: string[] = [];
    const rows = await db.transaction(async (tx) => {
      const before = rowsOf<{ id: string; code: string; updatedAt: string }>(
        await tx.execute(
          sql`select id, code, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
              from projects${whereSql(scope, q.filters)} order by id for update`,
        ),
      );
      if (before.length === 0) return [];
      // Exactly the locked rows change, whatever was inserted meanwhile.
      const updated = rowsOf<Row>(
        await tx.execute(
          updateRowsSql(
            spec,
            patch,
            q,
            scope,
            before.map((r) => r.id),
          ),
        ),
      );
      for (const row of before) {
        await history!.recordCodeChange(tx, {
          projectId: row.id,
          authorId: owner,
          previousCode: row.code,
          previousUpdatedAt: row.updatedAt,
          code: patch.code as string,
        });
      }
      wrote = before.map((r) => r.id);
      return updated;
    });
    if (wrote.length > 0) changed?.(wrote);
    return rows;
  }

  return { insertProjects, insertMessages, updateProjectsCode };
}
