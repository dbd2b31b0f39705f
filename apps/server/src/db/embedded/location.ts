/**
 * Where DATA_DIR's cluster lives (docs/decisions/036). DATA_DIR/db, except when root runs
 * Codewright and the user postgres cannot enter DATA_DIR (a clone under /root, 0700): then
 * the cluster lives in CLUSTERS_ROOT/<hash of DATA_DIR's real path>/db, a folder root made
 * for that DATA_DIR alone, and DATA_DIR/db-location records where it is.
 *
 * - A relocated folder holds OWNER_FILE naming its DATA_DIR, written before the folder is
 *   renamed into place: a folder there without it, or naming another DATA_DIR, was not
 *   made by us for this DATA_DIR and stops the start; it is never used nor deleted.
 * - The record, once written (after the cluster exists), is followed on every start, even
 *   if DATA_DIR becomes reachable later: a missing cluster or one of another DATA_DIR (a
 *   copied or moved DATA_DIR) stops the start instead of making a new, empty one.
 * - DATA_DIR's lock (db/data-dir-lock.ts) covers the relocated cluster: one folder per
 *   DATA_DIR, so whoever holds DATA_DIR holds its cluster.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fsyncDir, fsyncFile, writeFileAtomic } from '../../lib/durable-fs.ts';
import { EmbeddedPostgresError, isAlive, SHARED_ROOT } from './common.ts';

/** DATA_DIR's record of a relocated cluster: one line, the cluster's absolute path. */
export const LOCATION_FILE = 'db-location';

/** Root's folder (0755) of relocated clusters, one sub-folder per DATA_DIR. */
export const CLUSTERS_ROOT = path.join(SHARED_ROOT, 'clusters');

/** In each relocated folder: JSON `{ "dataDir": <real path> }`, the DATA_DIR it was made for. */
export const OWNER_FILE = 'codewright-data-dir.json';

/** Where the cluster goes, and whether DATA_DIR still has to record it. */
export interface ClusterPlace {
  /** The cluster directory: DATA_DIR/db, or CLUSTERS_ROOT/<hash>/db. */
  dir: string;
  relocated: boolean;
  /** True when DATA_DIR/db-location already names `dir`. */
  recorded: boolean;
}

export interface PlaceOptions {
  /** The cluster's usual place, DATA_DIR/db. */
  home: string;
  /** Root running postgres as another user: only then may the cluster move. */
  asOtherUser: boolean;
  /** Whether the user postgres runs as may enter `folder`. */
  reachable: (folder: string) => Promise<boolean>;
  /** CLUSTERS_ROOT unless a test gives its own. */
  clustersRoot?: string;
  durable?: boolean;
}

/** The folder of DATA_DIR's relocated cluster: a hash of its real path, so one per DATA_DIR. */
export function clusterFolder(clustersRoot: string, realDataDir: string): string {
  const hash = createHash('sha256').update(realDataDir).digest('hex').slice(0, 32);
  return path.join(clustersRoot, hash);
}

/** Decides (and, when moving, prepares) where DATA_DIR's cluster lives; see the file's comment. */
export async function placeCluster(options: PlaceOptions): Promise<ClusterPlace> {
  const home = path.resolve(options.home);
  const dataDir = path.dirname(home);
  const clustersRoot = options.clustersRoot ?? CLUSTERS_ROOT;
  const recorded = await readLocation(dataDir, clustersRoot);
  if (recorded) {
    if (!options.asOtherUser) {
      throw new EmbeddedPostgresError(
        `${path.join(dataDir, LOCATION_FILE)} says this DATA_DIR's database lives in ${recorded}, which root's Codewright keeps for the user "postgres"; nothing was changed. Start Codewright as root, as before.`,
      );
    }
    const real = await fs.realpath(dataDir);
    await assertMadeFor(path.dirname(recorded), real, dataDir);
    if (!(await fs.lstat(recorded).catch(() => undefined))?.isDirectory()) {
      throw new EmbeddedPostgresError(
        `This DATA_DIR's database lived in ${recorded}, which is gone; nothing was changed. Restore it there, or remove ${path.join(dataDir, LOCATION_FILE)} to start with a new, empty database.`,
      );
    }
    return { dir: recorded, relocated: true, recorded: true };
  }
  // A db/ that is here already (a cluster, PGlite's, or anything) is judged where it is.
  if (!options.asOtherUser || (await fs.lstat(home).catch(() => undefined))) {
    return { dir: home, relocated: false, recorded: false };
  }
  await fs.mkdir(dataDir, { recursive: true });
  if (await options.reachable(path.dirname(dataDir))) {
    return { dir: home, relocated: false, recorded: false };
  }
  const real = await fs.realpath(dataDir);
  const folder = await claimFolder(clustersRoot, real, options.durable ?? true);
  return { dir: path.join(folder, 'db'), relocated: true, recorded: false };
}

/**
 * The cluster DATA_DIR/db-location names, or undefined when there is no record. The record
 * must name a `db` folder directly inside a folder of `clustersRoot`.
 */
export async function readLocation(
  dataDir: string,
  clustersRoot = CLUSTERS_ROOT,
): Promise<string | undefined> {
  const file = path.join(dataDir, LOCATION_FILE);
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return undefined;
    throw new EmbeddedPostgresError(
      `Could not read ${file} (${code ?? (err as Error).message}); nothing was changed. Fix its permissions and start again.`,
    );
  }
  const location = text.replace(/\n$/, '');
  const inside =
    path.isAbsolute(location) &&
    path.normalize(location) === location &&
    path.basename(location) === 'db' &&
    path.dirname(path.dirname(location)) === clustersRoot;
  if (!inside) {
    throw new EmbeddedPostgresError(
      `${file} names ${JSON.stringify(location)}, which is not a database folder under ${clustersRoot}; nothing was changed. Fix or remove the file and start again.`,
    );
  }
  return location;
}

/** Records in DATA_DIR where its cluster lives (once the cluster exists there). */
export async function writeLocation(dataDir: string, location: string): Promise<void> {
  await writeFileAtomic(path.join(dataDir, LOCATION_FILE), `${location}\n`);
}

/**
 * CLUSTERS_ROOT/<hash> for `realDataDir`: made (whole, with OWNER_FILE) when missing, or
 * checked to be the one made for it. Leftovers of a claim cut short (`<hash>.init-<pid>`,
 * pid dead) are removed; nothing else is.
 */
export async function claimFolder(
  clustersRoot: string,
  realDataDir: string,
  durable: boolean,
): Promise<string> {
  await ensureRootFolder(path.dirname(clustersRoot));
  await ensureRootFolder(clustersRoot);
  const folder = clusterFolder(clustersRoot, realDataDir);
  const leftover = new RegExp(`^${path.basename(folder)}\\.init-(\\d+)$`);
  for (const name of await fs.readdir(clustersRoot)) {
    const pid = Number(leftover.exec(name)?.[1] ?? 0);
    if (pid > 0 && (pid === process.pid || !isAlive(pid)))
      await fs.rm(path.join(clustersRoot, name), { recursive: true, force: true });
  }
  if (await fs.lstat(folder).catch(() => undefined)) {
    await assertMadeFor(folder, realDataDir);
    return folder;
  }
  const tmp = `${folder}.init-${process.pid}`;
  await fs.mkdir(tmp, { mode: 0o755 });
  await fs.chmod(tmp, 0o755);
  const owner = path.join(tmp, OWNER_FILE);
  await fs.writeFile(owner, `${JSON.stringify({ dataDir: realDataDir })}\n`, { mode: 0o644 });
  if (durable) await fsyncFile(owner);
  await fs.rename(tmp, folder);
  if (durable) await fsyncDir(clustersRoot);
  return folder;
}

/**
 * `folder` is ours (a directory of this user that no one else may write) and its OWNER_FILE
 * names `realDataDir`; otherwise the start stops and the folder is left as it is.
 * `dataDir` is given when DATA_DIR's record led here.
 */
export async function assertMadeFor(folder: string, realDataDir: string, dataDir?: string) {
  const notOurs = (why: string) =>
    new EmbeddedPostgresError(
      `${folder} ${why}, so Codewright did not make it for ${realDataDir} and leaves it as it is. Move it aside and start again.`,
    );
  const st = await fs.lstat(folder).catch(() => undefined);
  if (!st && dataDir) {
    throw new EmbeddedPostgresError(
      `This DATA_DIR's database lived in ${folder}, which is gone; nothing was changed. Restore it there, or remove ${path.join(dataDir, LOCATION_FILE)} to start with a new, empty database.`,
    );
  }
  if (!st?.isDirectory() || st.uid !== myUid() || (st.mode & 0o022) !== 0)
    throw notOurs('is not a folder of this user that only it may change');
  const owner = path.join(folder, OWNER_FILE);
  const ost = await fs.lstat(owner).catch(() => undefined);
  if (!ost?.isFile() || ost.uid !== myUid()) throw notOurs(`has no ${OWNER_FILE}`);
  let named: unknown;
  try {
    named = (JSON.parse(await fs.readFile(owner, 'utf8')) as { dataDir?: unknown }).dataDir;
  } catch {
    throw notOurs(`has an unreadable ${OWNER_FILE}`);
  }
  if (named === realDataDir) return;
  if (dataDir && typeof named === 'string') {
    throw new EmbeddedPostgresError(
      `${path.join(dataDir, LOCATION_FILE)} says the database lives in ${folder}, which belongs to the DATA_DIR ${named}: this one (${realDataDir}) was copied or moved from there; nothing was changed. Move it back, or, for a copy, remove its ${LOCATION_FILE} to start it with a new, empty database.`,
    );
  }
  throw notOurs(`was made for ${JSON.stringify(named)}`);
}

/** A folder of ours that no one else may write: made (0755) when missing, else checked. */
async function ensureRootFolder(dir: string) {
  if (await fs.mkdir(dir, { recursive: true, mode: 0o755 })) await fs.chmod(dir, 0o755);
  const st = await fs.lstat(dir);
  if (!st.isDirectory() || st.uid !== myUid() || (st.mode & 0o022) !== 0) {
    throw new EmbeddedPostgresError(
      `${dir} must be a folder of this user (uid ${myUid()}) that no one else may write (chmod 755); it is not, so nothing was changed.`,
    );
  }
}

const myUid = () => process.getuid?.() ?? 0;
