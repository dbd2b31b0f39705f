import { type SQL, sql } from 'drizzle-orm';
import {
  type Action,
  type PlanName,
  PlanNameSchema,
  type Resource,
  workspaceRolesWith,
} from '@codewright/contract';
import { requestWorkspaceLimit } from '../../lib/request-context.ts';

/**
 * The workspace access rule, stated once (DESIGN §3.10 and §3.15, docs/decisions/025 and 026):
 * a member may do `action` on a `resource` of a workspace when the permission table
 * (packages/contract/src/permissions.ts) gives their role that permission, and a workspace's plan
 * is its owner's. Every module asks here: in SQL, to filter or check in the same statement, or
 * through `app.workspaces.projectAccess`, the same rule in TypeScript for one project.
 */

/**
 * ` and <column> = <workspace>` while the request was made with an API key, which reaches its
 * one workspace only (issue 49); nothing otherwise. Every membership query adds it.
 */
export function keyWorkspaceSql(column: SQL): SQL {
  const workspaceId = requestWorkspaceLimit();
  return workspaceId === undefined ? sql`` : sql` and ${column} = ${workspaceId}`;
}

/** The workspaces in which `callerId` holds a role allowed to `action` the resource, as a sub-select of ids. */
export function memberWorkspacesSql(callerId: string, action: Action, resource: Resource): SQL {
  const roles = workspaceRolesWith(action, resource);
  if (roles.length === 0) return sql`select null::text where false`;
  return sql`select wm.workspace_id from workspace_members wm where wm.user_id = ${callerId}${keyWorkspaceSql(sql`wm.workspace_id`)} and wm.role in (${sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  )})`;
}

/**
 * Joins the plan row of the owner of workspace `w` as `up` (its plan is `up.plan`, null for an
 * account made before plans existed: read it through `planOf`).
 */
export const WORKSPACE_PLAN_JOIN = sql`left join user_plans up on up.user_id = w.owner_id`;

/** A workspace's plan from its owner's plan row: Free when there is none. */
export function planOf(stored: string | null | undefined): PlanName {
  const plan = PlanNameSchema.safeParse(stored);
  return plan.success ? plan.data : 'free';
}

/** The workspaces whose plan is not one of `plans`, as a sub-select of ids. */
export function workspacesNotOnSql(plans: readonly PlanName[]): SQL {
  return sql`select w.id from workspaces w ${WORKSPACE_PLAN_JOIN} where coalesce(up.plan, 'free') not in (${sql.join(
    plans.map((p) => sql`${p}`),
    sql`, `,
  )})`;
}
