import { sql } from 'drizzle-orm';
import type { PlanName } from '@codewright/contract';
import { type Executor, rowsOf } from '../../db/query.ts';
import { planOf, WORKSPACE_PLAN_JOIN } from '../workspaces/access.ts';
import { isWorkspaceFolder } from './storage-access.ts';

/** What storage needs of the database: whose plan a folder follows (DESIGN §3.15). */
export const storageRepository = {
  /**
   * The plan a folder `uploads/{id}/` follows: a workspace's is its owner's, a user's own is
   * theirs (their personal workspace's). Null when no such workspace or user exists.
   */
  async planOfFolder(db: Executor, folder: string): Promise<PlanName | null> {
    const [row] = rowsOf<{ plan: string | null }>(
      await db.execute(
        isWorkspaceFolder(folder)
          ? sql`select up.plan from workspaces w ${WORKSPACE_PLAN_JOIN} where w.id = ${folder}`
          : sql`select up.plan from users u left join user_plans up on up.user_id = u.id where u.id = ${folder}`,
      ),
    );
    if (!row) return null;
    // An account older than plans has no row: it is on Free.
    return planOf(row.plan);
  },
};
