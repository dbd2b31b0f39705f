import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** A row as the database answers it, every column included. */
export type ExportRow = Record<string, unknown>;

/** A team project where the user wrote chat, in a workspace they belong to but do not own. */
export interface MemberProject {
  workspaceId: string;
  workspaceName: string;
  /** The user's role in that workspace now. */
  role: string;
  id: string;
  name: string;
  language: string;
}

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * The projects whose data is the user's to take away (docs/decisions/028): those of the
 * workspaces they own now — their personal workspace, with every member's work in it, and a team
 * handed over to them. A project they created in someone else's workspace is that team's.
 */
const ownedProject = (userId: string) =>
  sql`p.workspace_id in (select w.id from workspaces w where w.owner_id = ${userId})`;

/**
 * SQL of the data export (docs/decisions/028). Rows are read whole (`select *`), so a column
 * added to these tables later is exported without a change here. Every read checks ownership or
 * membership again, so a workspace the user leaves (or is removed from) mid-way is left out from
 * there on.
 */
export function createAccountExportRepository(db: Database) {
  return {
    /** The user's own row, without the password hash. */
    async account(userId: string): Promise<ExportRow | undefined> {
      const [row] = rows<ExportRow>(
        await db.execute(sql`select u.*, p.plan, p.generations_used, p.edits_used, p.last_reset_date
            from users u left join user_plans p on p.user_id = u.id where u.id = ${userId}`),
      );
      if (!row) return undefined;
      const { password_hash: _hash, ...rest } = row;
      return rest;
    },

    /** The projects of the workspaces the user owns, oldest first: id, name and language only. */
    async projects(userId: string): Promise<{ id: string; name: string; language: string }[]> {
      return rows(
        await db.execute(
          sql`select p.id, p.name, p.language from projects p
              where ${ownedProject(userId)} order by p.created_at, p.id`,
        ),
      );
    },

    /** One project of a workspace the user owns, whole; undefined when it is not (or no longer) theirs. */
    async project(userId: string, projectId: string): Promise<ExportRow | undefined> {
      const [row] = rows<ExportRow>(
        await db.execute(
          sql`select p.* from projects p where p.id = ${projectId} and ${ownedProject(userId)}`,
        ),
      );
      return row;
    },

    /** Whether a project is still in a workspace the user owns (checked before its history is read). */
    async owns(userId: string, projectId: string): Promise<boolean> {
      return (
        rows(
          await db.execute(
            sql`select 1 from projects p where p.id = ${projectId} and ${ownedProject(userId)}`,
          ),
        ).length > 0
      );
    },

    /** The files of one project by path (the caller checked it is the user's). */
    async files(projectId: string): Promise<Array<{ path: string; content: string }>> {
      return rows(
        await db.execute(
          sql`select path, content from project_files where project_id = ${projectId} order by path`,
        ),
      ) as Array<{ path: string; content: string }>;
    },

    /** The whole chat of one project, oldest first (the caller checked it is the user's). */
    async chat(projectId: string): Promise<ExportRow[]> {
      return rows(
        await db.execute(
          sql`select * from chat_messages where project_id = ${projectId} order by created_at, id`,
        ),
      );
    },

    /**
     * Projects of workspaces the user belongs to without owning them, where the user wrote chat;
     * by workspace, then oldest first.
     */
    async memberProjects(userId: string): Promise<MemberProject[]> {
      return rows(
        await db.execute(
          sql`select w.id as "workspaceId", w.name as "workspaceName", m.role, p.id, p.name, p.language
              from workspace_members m
              join workspaces w on w.id = m.workspace_id and w.owner_id <> ${userId}
              join projects p on p.workspace_id = w.id
              where m.user_id = ${userId}
                and exists (select 1 from chat_messages c where c.project_id = p.id and c.user_id = ${userId})
              order by w.created_at, w.id, p.created_at, p.id`,
        ),
      );
    },

    /**
     * The user's own messages in a team project, oldest first; undefined when the user is no
     * longer a member of its workspace (or now owns it, and it is exported whole).
     */
    async memberMessages(userId: string, projectId: string): Promise<ExportRow[] | undefined> {
      const member = rows(
        await db.execute(
          sql`select 1 from projects p
              join workspaces w on w.id = p.workspace_id and w.owner_id <> ${userId}
              join workspace_members m on m.workspace_id = w.id and m.user_id = ${userId}
              where p.id = ${projectId}`,
        ),
      );
      if (member.length === 0) return undefined;
      return rows(
        await db.execute(
          sql`select * from chat_messages where project_id = ${projectId} and user_id = ${userId}
              order by created_at, id`,
        ),
      );
    },
  };
}

export type AccountExportRepository = ReturnType<typeof createAccountExportRepository>;
