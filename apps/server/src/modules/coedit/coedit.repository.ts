/**
 * The persisted updates of shared documents (coedit.schema.ts): appended one by one, read back
 * in order, and folded into one snapshot once the document is written to its file.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/query.ts';

const encode = (update: Uint8Array) => Buffer.from(update).toString('base64');
const decode = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

export const coeditRepository = {
  /** A project file's content, or null when the project has no such file. */
  async readFile(db: Executor, projectId: string, path: string): Promise<string | null> {
    const [row] = rowsOf<{ content: string }>(
      await db.execute(
        sql`select content from project_files where project_id = ${projectId} and path = ${path}`,
      ),
    );
    return row?.content ?? null;
  },

  /**
   * Every kept update of a file's document, oldest first; the file's text the document last
   * agreed with (null when nothing is kept) and where; who typed last (the author of a write of
   * typing a crash left unwritten).
   */
  async load(
    db: Executor,
    projectId: string,
    path: string,
  ): Promise<{
    updates: Uint8Array[];
    base: string | null;
    /** The document as it agreed with `base` (the update of the row that names it). */
    baseState: Uint8Array | null;
    lastWriter: string | null;
  }> {
    const rows = rowsOf<{ update: string; base: string | null; userId: string | null }>(
      await db.execute(
        sql`select update, base, user_id as "userId" from project_doc_updates
            where project_id = ${projectId} and path = ${path} order by id`,
      ),
    );
    let base: string | null = null;
    let baseAt = -1;
    let lastWriter: string | null = null;
    rows.forEach((r, i) => {
      if (r.base !== null) [base, baseAt] = [r.base, i];
      if (r.userId !== null) lastWriter = r.userId;
    });
    const updates = rows.map((r) => decode(r.update));
    return { updates, base, baseState: baseAt < 0 ? null : updates[baseAt]!, lastWriter };
  },

  /**
   * Keeps one update (durable once this resolves): typed by `by.userId`; or the server's own; or,
   * with `by.base`, a whole state of the document whose text is the file's text `base` (what a
   * write from outside is later made on).
   */
  async append(
    db: Executor,
    projectId: string,
    path: string,
    update: Uint8Array,
    by: { userId?: string; base?: string },
  ): Promise<void> {
    const userId = by.userId ?? null;
    const base = by.base ?? null;
    await db.execute(
      sql`insert into project_doc_updates (project_id, path, update, base, user_id)
          values (${projectId}, ${path}, ${encode(update)}, ${base}, ${userId})`,
    );
  },

  /**
   * Replaces the first `folded` updates kept (those `snapshot` holds) with the snapshot, in
   * their place: updates appended meanwhile stay after it; `base` is the file's text now. Run it
   * in a transaction.
   */
  async compact(
    tx: Executor,
    projectId: string,
    path: string,
    snapshot: Uint8Array,
    folded: number,
    base: string,
  ): Promise<void> {
    const gone = rowsOf<{ id: string }>(
      await tx.execute(
        sql`delete from project_doc_updates where id in (
              select id from project_doc_updates
              where project_id = ${projectId} and path = ${path} order by id limit ${folded}
            ) returning id::text as id`,
      ),
    );
    if (gone.length === 0) return;
    const first = gone.map((r) => BigInt(r.id)).reduce((a, b) => (b < a ? b : a));
    await tx.execute(
      sql`insert into project_doc_updates (id, project_id, path, update, base)
          values (${first.toString()}::bigint, ${projectId}, ${path}, ${encode(snapshot)}, ${base})`,
    );
  },

  /** Forgets a file's document (the file was deleted or renamed). */
  async drop(db: Executor, projectId: string, path: string): Promise<void> {
    await db.execute(
      sql`delete from project_doc_updates where project_id = ${projectId} and path = ${path}`,
    );
  },
};
