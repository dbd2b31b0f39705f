import { type SQL, sql } from 'drizzle-orm';
import type { VersionSource, VersionSummary } from '@codewright/contract';
import { type Executor, isoTime, rowsOf } from '../../db/query.ts';
import type { EncodedVersion, VersionKind } from './version-codec.ts';

/** A version row to insert (its code already encoded). */
export interface NewVersionRow {
  id: string;
  projectId: string;
  number: number;
  /** ISO 8601; null = now. */
  createdAt: string | null;
  authorId: string | null;
  source: VersionSource;
  prompt: string | null;
  label: string | null;
  messageId: string | null;
  encoded: EncodedVersion;
  codeSha256: Buffer;
  /** The main file's path in the version's tree (null: the project has no files). */
  mainPath: string | null;
}

/** A stored version with its metadata and encoded code. */
export interface StoredVersion extends VersionSummary {
  messageId: string | null;
  kind: VersionKind;
  body: Buffer;
}

const ISO = isoTime;

const SUMMARY = sql`id, number, source, ${ISO(sql`created_at`)} as "createdAt", author_id as "authorId", label, prompt`;

/** SQL of version control: the project_versions table (docs/decisions/015). */
export const versionsRepository = {
  /**
   * The newest version's number, code hash and main path (null before trees), and the number of
   * the last full version.
   */
  async latest(db: Executor, projectId: string) {
    const [row] = rowsOf<{
      number: number;
      codeSha256: Buffer;
      mainPath: string | null;
      lastFull: number;
    }>(
      await db.execute(
        sql`select number, code_sha256 as "codeSha256", main_path as "mainPath",
              (select max(number) from project_versions where project_id = ${projectId} and kind = 'full') as "lastFull"
            from project_versions where project_id = ${projectId} order by number desc limit 1`,
      ),
    );
    return row ? { ...row, lastFull: Number(row.lastFull) } : null;
  },

  /** The encoded versions from the last full one at or below `number` up to `number`, in order. */
  async chainTo(db: Executor, projectId: string, number: number): Promise<EncodedVersion[]> {
    return rowsOf<EncodedVersion>(
      await db.execute(
        sql`select kind, body from project_versions
            where project_id = ${projectId} and number <= ${number}
              and number >= (select max(number) from project_versions
                             where project_id = ${projectId} and number <= ${number} and kind = 'full')
            order by number`,
      ),
    );
  },

  /** Every version of a project, oldest first, with its encoded code (the chat import rewrites them). */
  async all(db: Executor, projectId: string): Promise<StoredVersion[]> {
    return rowsOf<StoredVersion>(
      await db.execute(
        sql`select ${SUMMARY}, message_id as "messageId", kind, body
            from project_versions where project_id = ${projectId} order by number`,
      ),
    );
  },

  /** Inserts versions; answers their summaries in the order given. */
  async insert(db: Executor, rows: readonly NewVersionRow[]): Promise<VersionSummary[]> {
    if (rows.length === 0) return [];
    const values = rows.map(
      (r) =>
        sql`(${r.id}, ${r.projectId}, ${r.number}, ${r.createdAt === null ? sql`date_trunc('milliseconds', now())` : sql`${r.createdAt}::timestamptz`}, ${r.authorId}, ${r.source}, ${r.prompt}, ${r.label}, ${r.messageId}, ${r.encoded.kind}, ${r.encoded.body}, ${r.codeSha256}, ${r.mainPath})`,
    );
    const inserted = rowsOf<VersionSummary>(
      await db.execute(
        sql`insert into project_versions
              (id, project_id, number, created_at, author_id, source, prompt, label, message_id, kind, body, code_sha256, main_path)
            values ${sql.join(values, sql`, `)} returning ${SUMMARY}`,
      ),
    );
    const byId = new Map(inserted.map((v) => [v.id, v]));
    return rows.map((r) => byId.get(r.id)!);
  },

  /** Removes every version of a project and their trees (the chat import writes them anew in one transaction). */
  async deleteAll(db: Executor, projectId: string): Promise<void> {
    await db.execute(sql`delete from project_versions where project_id = ${projectId}`);
    await db.execute(sql`delete from project_version_files where project_id = ${projectId}`);
  },

  /**
   * The trees of the first versions of projects just created: their files as they are (the main
   * file's content is the version's code, stored by the codec).
   */
  async firstTrees(db: Executor, projectIds: readonly string[]): Promise<void> {
    if (projectIds.length === 0) return;
    const ids = sql.join(
      projectIds.map((id) => sql`${id}`),
      sql`, `,
    );
    await db.execute(
      sql`insert into project_blobs (project_id, sha256, content)
          select project_id, sha256(convert_to(content, 'UTF8')), content from project_files
          where project_id in (${ids}) and not is_main on conflict do nothing`,
    );
    await db.execute(
      sql`insert into project_version_files (project_id, path, number, sha256)
          select project_id, path, 1, sha256(convert_to(content, 'UTF8')) from project_files
          where project_id in (${ids})`,
    );
    await db.execute(
      sql`update project_versions v set main_path = f.path from project_files f
          where f.project_id = v.project_id and f.is_main and v.number = 1 and v.project_id in (${ids})`,
    );
  },

  /** A version's main file path (null: made before trees). */
  async mainPath(db: Executor, projectId: string, number: number): Promise<string | null> {
    const [row] = rowsOf<{ mainPath: string | null }>(
      await db.execute(
        sql`select main_path as "mainPath" from project_versions where project_id = ${projectId} and number = ${number}`,
      ),
    );
    return row?.mainPath ?? null;
  },

  /** The project's code now. */
  async projectCode(db: Executor, projectId: string): Promise<string> {
    const [row] = rowsOf<{ code: string }>(
      await db.execute(sql`select code from projects where id = ${projectId}`),
    );
    return row?.code ?? '';
  },

  /**
   * The list answer, `{"versions":[…]}` newest first, in one statement with the access check
   * (`access`: a condition on `projects`, project-access.repository.ts); null when the caller cannot see
   * the project. The rows come from the `(project_id, number)` index, newest first; Node writes
   * the JSON: PostgreSQL's json_agg of 1,000 rows cost 5–8 ms of the statement's 8–9 ms, the rows
   * alone 1–3 ms (docs/decisions/030).
   */
  async listJson(
    db: Executor,
    projectId: string,
    options: { limit: number; before?: number; access: SQL },
  ): Promise<string | null> {
    const before = options.before === undefined ? sql`` : sql` and number < ${options.before}`;
    // One row with nulls when the project is visible and has no versions (yet); none when hidden.
    const rows = rowsOf<{ [K in keyof VersionSummary]: VersionSummary[K] | null }>(
      await db.execute(
        sql`select v.* from projects left join lateral (
              select ${SUMMARY} from project_versions
              where project_id = projects.id${before} order by number desc limit ${options.limit}
            ) as v on true
            where ${options.access}`,
      ),
    );
    if (rows.length === 0) return null;
    return JSON.stringify({ versions: rows.filter((r) => r.id !== null) });
  },

  /** Newest first, without code; `before` keeps versions numbered below it. */
  async list(
    db: Executor,
    projectId: string,
    options: { limit: number; before?: number },
  ): Promise<VersionSummary[]> {
    const before = options.before === undefined ? sql`` : sql` and number < ${options.before}`;
    return rowsOf<VersionSummary>(
      await db.execute(
        sql`select ${SUMMARY} from project_versions
            where project_id = ${projectId}${before} order by number desc limit ${options.limit}`,
      ),
    );
  },

  /** One version's summary by id, within the project. */
  async find(db: Executor, projectId: string, versionId: string): Promise<VersionSummary | null> {
    const [row] = rowsOf<VersionSummary>(
      await db.execute(
        sql`select ${SUMMARY} from project_versions where project_id = ${projectId} and id = ${versionId}`,
      ),
    );
    return row ?? null;
  },

  /** Sets or clears a version's label; null when the version is not in the project. */
  async setLabel(
    db: Executor,
    projectId: string,
    versionId: string,
    label: string | null,
  ): Promise<VersionSummary | null> {
    const [row] = rowsOf<VersionSummary>(
      await db.execute(
        sql`update project_versions set label = ${label}
            where project_id = ${projectId} and id = ${versionId} returning ${SUMMARY}`,
      ),
    );
    return row ?? null;
  },

  /** The user messages of a project (oldest first): the prompts of imported chat snapshots. */
  async userMessages(db: Executor, projectId: string) {
    return rowsOf<{ createdAt: string; content: string }>(
      await db.execute(
        sql`select ${ISO(sql`created_at`)} as "createdAt", content from chat_messages
            where project_id = ${projectId} and role = 'user' order by created_at, id`,
      ),
    );
  },

  /** Assistant messages with a code snapshot among `ids`, oldest first. */
  async snapshots(db: Executor, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return rowsOf<{ id: string; projectId: string; createdAt: string; codeSnapshot: string }>(
      await db.execute(
        sql`select id, project_id as "projectId", ${ISO(sql`created_at`)} as "createdAt", code_snapshot as "codeSnapshot"
            from chat_messages
            where id in (${sql.join(
              ids.map((id) => sql`${id}`),
              sql`, `,
            )}) and role = 'assistant' and code_snapshot is not null
            order by created_at, id`,
      ),
    );
  },

  /** Sets a project's code (restore, commit), who set it, and touches updated_at. */
  async setProjectCode(
    db: Executor,
    projectId: string,
    code: string,
    authorId: string,
  ): Promise<void> {
    await db.execute(
      sql`update projects set code = ${code}, updated_by = ${authorId},
        updated_at = date_trunc('milliseconds', now()) where id = ${projectId}`,
    );
  },
};
