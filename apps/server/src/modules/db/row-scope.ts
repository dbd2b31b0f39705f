import { type SQL, sql } from 'drizzle-orm';
import { type Action, type Resource, workspaceRolesWith } from '@codewright/contract';
import type { DbTable } from '@codewright/contract';

/** What a db REST call does to the rows it names. */
export type RowAccess = 'read' | 'update' | 'delete' | 'share';

const RESOURCE: Partial<Record<DbTable, Resource>> = { projects: 'project', chat_messages: 'chat' };

/**
 * The workspaces in which `callerId` holds a role allowed to `action` the resource, as a
 * sub-select of workspace ids (roles from the permission table, packages/contract/src/permissions.ts).
 */
export function workspacesWhereSql(callerId: string, action: Action, resource: Resource): SQL {
  const roles = workspaceRolesWith(action, resource);
  if (roles.length === 0) return sql`select null::text where false`;
  return sql`select wm.workspace_id from workspace_members wm where wm.user_id = ${callerId} and wm.role in (${sql.join(
    roles.map((r) => sql`${r}`),
    sql`, `,
  )})`;
}

/**
 * "Invisible, not forbidden" extended to workspaces (DESIGN §3.10, docs/decisions/025): the
 * rows of `table` the caller may read, change or delete, as a condition on the table's own
 * columns. A project is reachable through a membership of its workspace with a role that has
 * the permission; a chat message through its project. Anything else reads as absent.
 */
export function rowScopeSql(table: DbTable, callerId: string, access: RowAccess): SQL {
  const resource = RESOURCE[table];
  if (!resource) return sql`${sql.identifier('user_id')} = ${callerId}`;
  const inWorkspaces = workspacesWhereSql(callerId, access, resource);
  if (table === 'projects') return sql`${sql.identifier('workspace_id')} in (${inWorkspaces})`;
  return sql`${sql.identifier('project_id')} in (select sp.id from projects sp where sp.workspace_id in (${inWorkspaces}))`;
}
