import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/** A row as the database answers it, every column included. */
export type ExportRow = Record<string, unknown>;

const rows = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * SQL of the data export (docs/decisions/028). Rows are read whole (`select *`), so a column
 * added to these tables later is exported without a change here.
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

    /** The user's projects, oldest first: id, name and language only. */
    async projects(userId: string): Promise<{ id: string; name: string; language: string }[]> {
      return rows(
        await db.execute(
          sql`select id, name, language from projects where user_id = ${userId} order by created_at, id`,
        ),
      );
    },

    /** One of the user's projects, whole; undefined when it went away meanwhile. */
    async project(userId: string, projectId: string): Promise<ExportRow | undefined> {
      const [row] = rows<ExportRow>(
        await db.execute(
          sql`select * from projects where id = ${projectId} and user_id = ${userId}`,
        ),
      );
      return row;
    },

    /** The chat of one project, oldest first. */
    async chat(projectId: string): Promise<ExportRow[]> {
      return rows(
        await db.execute(
          sql`select * from chat_messages where project_id = ${projectId} order by created_at, id`,
        ),
      );
    },
  };
}

export type AccountExportRepository = ReturnType<typeof createAccountExportRepository>;
