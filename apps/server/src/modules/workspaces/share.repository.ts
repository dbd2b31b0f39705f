import { sql } from 'drizzle-orm';
import type { SharedProject } from '@codewright/contract';
import { type Executor, rowsOf } from '../../db/query.ts';

/** A project's share link: its read-only view and its token (docs/decisions/027). */
export const shareRepository = {
  /** The public project whose share token is `token`; null for a private or unknown one. */
  async publicProject(db: Executor, token: string): Promise<SharedProject | null> {
    const [row] = rowsOf<Omit<SharedProject, 'files'> & { id: string }>(
      await db.execute(
        sql`select id, name, language, description, code,
              to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "updatedAt"
            from projects where share_token = ${token} and visibility = 'public'`,
      ),
    );
    if (!row) return null;
    const { id, ...project } = row;
    const files = rowsOf<SharedProject['files'][number]>(
      await db.execute(
        sql`select path, content, is_main as "isMain" from project_files
            where project_id = ${id} order by is_main desc, path`,
      ),
    );
    return { ...project, files };
  },

  /** Gives the project a new share token, which kills the old link; null if it is gone. */
  async regenerateToken(db: Executor, projectId: string): Promise<string | null> {
    const [row] = rowsOf<{ share_token: string }>(
      await db.execute(
        sql`update projects set share_token = default where id = ${projectId} returning share_token`,
      ),
    );
    return row?.share_token ?? null;
  },
};
