import { type SQL, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/query.ts';
import { memberWorkspacesSql } from '../workspaces/access.ts';

/** The project a caller may see the history of, with its current code. */
export interface AccessibleProject {
  id: string;
  ownerId: string;
  code: string;
  /** ISO 8601 time of the project's last change. */
  updatedAt: string;
}

/**
 * The access rule as a SQL condition on `projects` (alias-free), for queries that check
 * access and read in one statement (the version list). Same rule as findAccessibleProject:
 * a membership of the project's workspace whose role may `read` (or, for `write`, `update`)
 * versions — the permission table of packages/contract/src/permissions.ts.
 */
export function accessibleProjectSql(
  callerId: string,
  projectId: string,
  mode: 'read' | 'write' = 'read',
): SQL {
  const action = mode === 'read' ? 'read' : 'update';
  return sql`projects.id = ${projectId} and projects.workspace_id in (${memberWorkspacesSql(callerId, action, 'version')})`;
}

/**
 * THE access rule of version control (DESIGN §3.10, docs/decisions/025): who may read a
 * project's versions (`read`: any member of its workspace) or add to them (`write`:
 * restore, commit, label; owners and editors). `ownerId` is the project's creator. `lock` takes the project row FOR UPDATE, which serialises
 * every change of the project's history (docs/decisions/015). Null: not found, or
 * not the caller's — the routes answer both with the same 404.
 */
export async function findAccessibleProject(
  db: Executor,
  callerId: string,
  projectId: string,
  options: { mode: 'read' | 'write'; lock?: boolean },
): Promise<AccessibleProject | null> {
  const lock = options.lock ? sql` for update` : sql``;
  const [row] = rowsOf<AccessibleProject>(
    await db.execute(
      sql`select id, user_id as "ownerId", code, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
          from projects where ${accessibleProjectSql(callerId, projectId, options.mode)}${lock}`,
    ),
  );
  return row ?? null;
}
