/**
 * The trees of versions (issue 45, docs/decisions/047): each version keeps every file of the
 * project, written as the paths that changed since the version before it (project_version_files)
 * with each content stored once per project by its sha256 (project_blobs). All of it runs in the
 * caller's transaction, which holds the project row's lock.
 */
import { sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '../../db/query.ts';
import { codeSha256 } from './version-codec.ts';

/** A tree as it is compared: path → sha256, and which path is the main file. */
export interface TreeHashes {
  mainPath: string;
  files: Map<string, Buffer>;
}

const inList = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

/**
 * The project's files now, hashed; `mainContent` stands for the main file's content (a version
 * of code not yet, or no longer, in the files: a baseline, a chat snapshot). Null when the
 * project has no main file.
 */
export async function currentTree(
  tx: Executor,
  projectId: string,
  mainContent?: string,
): Promise<TreeHashes | null> {
  const rows = rowsOf<{ path: string; sha: Buffer; isMain: boolean }>(
    await tx.execute(
      sql`select path, sha256(convert_to(content, 'UTF8')) as sha, is_main as "isMain"
          from project_files where project_id = ${projectId}`,
    ),
  );
  const main = rows.find((r) => r.isMain);
  if (!main) return null;
  const files = new Map<string, Buffer>(rows.map((r) => [r.path, Buffer.from(r.sha)]));
  if (mainContent !== undefined) files.set(main.path, codeSha256(mainContent));
  return { mainPath: main.path, files };
}

/** The hashes of version `number`'s tree (empty for a version made before trees). */
export async function treeHashesAt(
  tx: Executor,
  projectId: string,
  number: number,
): Promise<Map<string, Buffer>> {
  const rows = rowsOf<{ path: string; sha: Buffer | null }>(
    await tx.execute(
      sql`select distinct on (path) path, sha256 as sha from project_version_files
          where project_id = ${projectId} and number <= ${number} order by path, number desc`,
    ),
  );
  return new Map(rows.filter((r) => r.sha !== null).map((r) => [r.path, Buffer.from(r.sha!)]));
}

/** Whether two trees hold the same files with the same contents. */
export function sameFiles(a: ReadonlyMap<string, Buffer>, b: ReadonlyMap<string, Buffer>) {
  if (a.size !== b.size) return false;
  for (const [path, sha] of a) if (!b.get(path)?.equals(sha)) return false;
  return true;
}

/**
 * Writes version `number`'s tree: the paths that differ from version `number - 1` (a null hash
 * for a removed one) and the contents not stored yet. The main file's content is the version's
 * code, kept by the codec (version-codec.ts): it is not stored again here.
 */
export async function writeTree(
  tx: Executor,
  projectId: string,
  number: number,
  tree: TreeHashes,
  previousMainPath: string | null,
): Promise<void> {
  const before = number > 1 ? await treeHashesAt(tx, projectId, number - 1) : new Map();
  const changed = [...tree.files].filter(([path, sha]) => !before.get(path)?.equals(sha));
  const gone = [...before.keys()].filter((path) => !tree.files.has(path));
  if (changed.length === 0 && gone.length === 0) return;
  const rows = [
    ...changed.map(([path, sha]) => sql`(${projectId}, ${path}, ${number}, ${sha})`),
    ...gone.map((path) => sql`(${projectId}, ${path}, ${number}, null::bytea)`),
  ];
  await tx.execute(
    sql`insert into project_version_files (project_id, path, number, sha256)
        values ${sql.join(rows, sql`, `)}`,
  );
  // A path that was the main file before and is another file now needs its content stored.
  const stored = changed.map(([path]) => path);
  if (previousMainPath !== null && tree.files.has(previousMainPath)) stored.push(previousMainPath);
  const others = stored.filter((path) => path !== tree.mainPath);
  if (others.length > 0)
    await tx.execute(
      sql`insert into project_blobs (project_id, sha256, content)
          select project_id, sha256(convert_to(content, 'UTF8')), content from project_files
          where project_id = ${projectId} and path in (${inList(others)}) and not is_main
          on conflict do nothing`,
    );
}

/** Version `number`'s files but its main file (the version's code), with their contents, in path order. */
export async function treeFilesAt(
  tx: Executor,
  projectId: string,
  number: number,
  mainPath: string,
): Promise<Array<{ path: string; content: string }>> {
  return rowsOf<{ path: string; content: string }>(
    await tx.execute(
      sql`select e.path, b.content from (
            select distinct on (path) path, sha256 from project_version_files
            where project_id = ${projectId} and number <= ${number} order by path, number desc
          ) e join project_blobs b on b.project_id = ${projectId} and b.sha256 = e.sha256
          where e.path <> ${mainPath}
          order by e.path`,
    ),
  );
}

/** The project's main file path now (a version made before trees holds that file alone). */
export async function currentMainPath(tx: Executor, projectId: string): Promise<string | null> {
  const [row] = rowsOf<{ path: string }>(
    await tx.execute(
      sql`select path from project_files where project_id = ${projectId} and is_main`,
    ),
  );
  return row?.path ?? null;
}

/**
 * Makes the project's files `files` with the main file at `mainPath` (a restore): the main file
 * is moved there and takes `code` through projects.code (migration 0010's trigger); the other
 * files are created, replaced or deleted to match.
 */
export async function replaceFiles(
  tx: Executor,
  projectId: string,
  mainPath: string,
  files: ReadonlyArray<{ path: string; content: string }>,
  authorId: string,
  newFileId: () => string,
): Promise<void> {
  const others = files.filter((f) => f.path !== mainPath);
  await tx.execute(
    sql`delete from project_files where project_id = ${projectId} and not is_main
        and (path = ${mainPath}${others.length > 0 ? sql` or path not in (${inList(others.map((f) => f.path))})` : sql` or true`})`,
  );
  await tx.execute(
    sql`update project_files set path = ${mainPath}, updated_at = date_trunc('milliseconds', now())
        where project_id = ${projectId} and is_main and path <> ${mainPath}`,
  );
  for (const file of others)
    await tx.execute(
      sql`insert into project_files (id, project_id, user_id, path, content)
          values (${newFileId()}, ${projectId}, ${authorId}, ${file.path}, ${file.content})
          on conflict (project_id, path) do update
            set content = excluded.content, updated_at = date_trunc('milliseconds', now())
            where project_files.content is distinct from excluded.content`,
    );
}
