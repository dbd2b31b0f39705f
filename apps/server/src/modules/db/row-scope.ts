import { type SQL, sql } from 'drizzle-orm';
import type { DbTable, Resource } from '@codewright/contract';
import { memberWorkspacesSql } from '../workspaces/access.ts';

/** What a db REST call does to the rows it names. */
export type RowAccess = 'read' | 'update' | 'delete' | 'share';

// A project's files are the project: reading and changing them is reading and changing it.
const RESOURCE: Partial<Record<DbTable, Resource>> = {
  projects: 'project',
  chat_messages: 'chat',
  project_files: 'project',
};

/**
 * "Invisible, not forbidden" extended to workspaces (DESIGN §3.10, docs/decisions/025): the
 * rows of `table` the caller may read, change or delete, as a condition on the table's own
 * columns. A project is reachable through a membership of its workspace with a role that has
 * the permission; a chat message through its project. Anything else reads as absent.
 */
export function rowScopeSql(table: DbTable, callerId: string, access: RowAccess): SQL {
  const resource = RESOURCE[table];
  if (!resource) return sql`${sql.identifier('user_id')} = ${callerId}`;
  // Deleting a file changes its project; it does not delete it.
  const needs = table === 'project_files' && access === 'delete' ? 'update' : access;
  const inWorkspaces = memberWorkspacesSql(callerId, needs, resource);
  if (table === 'projects') return sql`${sql.identifier('workspace_id')} in (${inWorkspaces})`;
  return sql`${sql.identifier('project_id')} in (select sp.id from projects sp where sp.workspace_id in (${inWorkspaces}))`;
}
