import { sql } from 'drizzle-orm';
import type { PlanName } from '@codewright/contract';
import { type Executor, rowsOf } from '../../db/query.ts';
import { AppError } from '../../lib/app-error.ts';
import { memberWorkspacesSql, planOf, WORKSPACE_PLAN_JOIN } from '../workspaces/access.ts';

/** What the db REST writes need to know of a workspace (docs/decisions/025). */
export const workspaceFacts = {
  /** The caller's personal workspace (made for every account by drizzle/0005_workspaces.sql). */
  async personalOf(db: Executor, userId: string): Promise<string> {
    const [row] = rowsOf<{ id: string }>(
      await db.execute(
        sql`select id from workspaces where owner_id = ${userId} and personal limit 1`,
      ),
    );
    if (!row) throw new AppError('NOT_FOUND', 404, 'You have no personal workspace.');
    return row.id;
  },

  /** The workspace's owner and plan, when the caller may create projects in it; else null. */
  async creatable(
    db: Executor,
    userId: string,
    workspaceId: string,
  ): Promise<{ ownerId: string; plan: PlanName } | null> {
    const [row] = rowsOf<{ owner_id: string; plan: string | null }>(
      await db.execute(
        sql`select w.owner_id, up.plan from workspaces w ${WORKSPACE_PLAN_JOIN}
            where w.id = ${workspaceId} and w.id in (${memberWorkspacesSql(userId, 'create', 'project')})`,
      ),
    );
    return row ? { ownerId: row.owner_id, plan: planOf(row.plan) } : null;
  },

  async countProjects(db: Executor, workspaceId: string): Promise<number> {
    const [row] = rowsOf<{ n: number | string }>(
      await db.execute(
        sql`select count(*)::int as n from projects where workspace_id = ${workspaceId}`,
      ),
    );
    return Number(row?.n ?? 0);
  },
};
