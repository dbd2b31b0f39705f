// Where the cluster lives (docs/decisions/036): DATA_DIR/db unless root's postgres user
// cannot enter DATA_DIR; then a folder made for that DATA_DIR alone, found again through
// DATA_DIR/db-location, and never a folder someone else made or another DATA_DIR's.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  clusterFolder,
  LOCATION_FILE,
  OWNER_FILE,
  placeCluster,
  readLocation,
  writeLocation,
} from './location.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

/** A scratch area: a clusters root (inside a folder of ours) and DATA_DIRs beside it. */
async function scratch() {
  const base = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-location-'));
  dirs.push(base);
  return {
    base,
    clustersRoot: path.join(base, 'shared', 'clusters'),
    dataDir: (name = 'data') => path.join(base, 'home', name),
  };
}

const closed = async () => false;
const open = async () => true;

function place(
  dataDir: string,
  clustersRoot: string,
  reachable = closed,
  asOtherUser = true,
): ReturnType<typeof placeCluster> {
  return placeCluster({
    home: path.join(dataDir, 'db'),
    asOtherUser,
    reachable,
    clustersRoot,
    durable: false,
  });
}

/** What placeCluster then the start do for a relocated cluster: the cluster, then the record. */
async function startRelocated(dataDir: string, clustersRoot: string) {
  const placed = await place(dataDir, clustersRoot);
  await fs.mkdir(placed.dir, { recursive: true });
  if (!placed.recorded) await writeLocation(dataDir, placed.dir);
  return placed;
}

describe('placeCluster', () => {
  it('keeps the cluster in DATA_DIR/db when not root, or when the postgres user can enter it', async () => {
    const s = await scratch();
    expect(await place(s.dataDir(), s.clustersRoot, closed, false)).toEqual({
      dir: path.join(s.dataDir(), 'db'),
      relocated: false,
      recorded: false,
    });
    expect((await place(s.dataDir(), s.clustersRoot, open)).dir).toBe(path.join(s.dataDir(), 'db'));
    // Nothing was made outside DATA_DIR.
    await expect(fs.access(path.dirname(s.clustersRoot))).rejects.toThrow();
  });

  it('moves a closed DATA_DIR to a folder made for it alone, and finds it again', async () => {
    const s = await scratch();
    const dataDir = s.dataDir();
    const placed = await place(dataDir, s.clustersRoot);
    const folder = clusterFolder(s.clustersRoot, await fs.realpath(dataDir));
    expect(placed).toEqual({ dir: path.join(folder, 'db'), relocated: true, recorded: false });
    expect((await fs.stat(folder)).mode & 0o777).toBe(0o755);
    expect((await fs.stat(s.clustersRoot)).mode & 0o777).toBe(0o755);
    expect(JSON.parse(await fs.readFile(path.join(folder, OWNER_FILE), 'utf8'))).toEqual({
      dataDir: await fs.realpath(dataDir),
    });
    // A start cut short before the record: the same folder is claimed again.
    expect((await place(dataDir, s.clustersRoot)).dir).toBe(placed.dir);

    await fs.mkdir(placed.dir);
    await writeLocation(dataDir, placed.dir);
    expect(await fs.readFile(path.join(dataDir, LOCATION_FILE), 'utf8')).toBe(`${placed.dir}\n`);
    expect(await readLocation(dataDir, s.clustersRoot)).toBe(placed.dir);
    // The record is followed even once DATA_DIR is open to the postgres user.
    expect(await place(dataDir, s.clustersRoot, open)).toEqual({
      dir: placed.dir,
      relocated: true,
      recorded: true,
    });
  });

  it('gives two DATA_DIRs two folders, and a symlink to a DATA_DIR its real one', async () => {
    const s = await scratch();
    const a = await startRelocated(s.dataDir('a'), s.clustersRoot);
    const b = await startRelocated(s.dataDir('b'), s.clustersRoot);
    expect(a.dir).not.toBe(b.dir);
    const link = path.join(s.base, 'link-to-a');
    await fs.symlink(s.dataDir('a'), link);
    expect((await place(link, s.clustersRoot)).dir).toBe(a.dir);
  });

  it('judges a db/ already in DATA_DIR where it is', async () => {
    const s = await scratch();
    await fs.mkdir(path.join(s.dataDir(), 'db'), { recursive: true });
    expect((await place(s.dataDir(), s.clustersRoot)).relocated).toBe(false);
  });

  it('refuses a folder it did not make for this DATA_DIR, and leaves it as it is', async () => {
    const s = await scratch();
    const dataDir = s.dataDir();
    await fs.mkdir(dataDir, { recursive: true });
    const folder = clusterFolder(s.clustersRoot, await fs.realpath(dataDir));
    await fs.mkdir(folder, { recursive: true });
    await fs.writeFile(path.join(folder, 'theirs'), 'keep me');
    await expect(place(dataDir, s.clustersRoot)).rejects.toThrow(
      `${folder} has no ${OWNER_FILE}, so Codewright did not make it for ${await fs.realpath(dataDir)} and leaves it as it is. Move it aside and start again.`,
    );
    await fs.writeFile(path.join(folder, OWNER_FILE), JSON.stringify({ dataDir: '/elsewhere' }));
    await expect(place(dataDir, s.clustersRoot)).rejects.toThrow(
      `${folder} was made for "/elsewhere", so Codewright did not make it for`,
    );
    await fs.writeFile(path.join(folder, OWNER_FILE), 'not json');
    await expect(place(dataDir, s.clustersRoot)).rejects.toThrow(`has an unreadable ${OWNER_FILE}`);
    await fs.writeFile(
      path.join(folder, OWNER_FILE),
      JSON.stringify({ dataDir: await fs.realpath(dataDir) }),
    );
    await fs.chmod(folder, 0o777);
    await expect(place(dataDir, s.clustersRoot)).rejects.toThrow(
      'is not a folder of this user that only it may change',
    );
    expect(await fs.readFile(path.join(folder, 'theirs'), 'utf8')).toBe('keep me');
    expect(await fs.readdir(path.dirname(folder))).toEqual([path.basename(folder)]);
  });

  it('refuses a clusters root that others may write', async () => {
    const s = await scratch();
    await fs.mkdir(s.clustersRoot, { recursive: true });
    await fs.chmod(s.clustersRoot, 0o777);
    await expect(place(s.dataDir(), s.clustersRoot)).rejects.toThrow(
      `${s.clustersRoot} must be a folder of this user`,
    );
  });

  it('refuses a copied DATA_DIR that would share the original cluster', async () => {
    const s = await scratch();
    const original = await startRelocated(s.dataDir('original'), s.clustersRoot);
    await fs.cp(s.dataDir('original'), s.dataDir('copy'), { recursive: true });
    await expect(place(s.dataDir('copy'), s.clustersRoot)).rejects.toThrow(
      `${path.join(s.dataDir('copy'), LOCATION_FILE)} says the database lives in ${path.dirname(original.dir)}, which belongs to the DATA_DIR ${await fs.realpath(s.dataDir('original'))}: this one (${await fs.realpath(s.dataDir('copy'))}) was copied or moved from there`,
    );
    // Without the record, the copy gets a new folder of its own.
    await fs.rm(path.join(s.dataDir('copy'), LOCATION_FILE));
    expect((await place(s.dataDir('copy'), s.clustersRoot)).dir).not.toBe(original.dir);
  });

  it('refuses a record whose cluster is gone, instead of making an empty one', async () => {
    const s = await scratch();
    const placed = await startRelocated(s.dataDir(), s.clustersRoot);
    await fs.rmdir(placed.dir);
    const gone = `This DATA_DIR's database lived in ${placed.dir}, which is gone; nothing was changed.`;
    await expect(place(s.dataDir(), s.clustersRoot)).rejects.toThrow(gone);
    await fs.rm(path.dirname(placed.dir), { recursive: true });
    await expect(place(s.dataDir(), s.clustersRoot)).rejects.toThrow(
      `This DATA_DIR's database lived in ${path.dirname(placed.dir)}, which is gone`,
    );
  });

  it('refuses a record outside the clusters root, and a record when not root', async () => {
    const s = await scratch();
    const placed = await startRelocated(s.dataDir(), s.clustersRoot);
    await expect(place(s.dataDir(), s.clustersRoot, closed, false)).rejects.toThrow(
      `says this DATA_DIR's database lives in ${placed.dir}, which root's Codewright keeps for the user "postgres"`,
    );
    for (const bad of ['/etc', 'relative/db', `${s.clustersRoot}/x/../y/db`, s.clustersRoot]) {
      await fs.writeFile(path.join(s.dataDir(), LOCATION_FILE), `${bad}\n`);
      await expect(place(s.dataDir(), s.clustersRoot)).rejects.toThrow(
        `which is not a database folder under ${s.clustersRoot}; nothing was changed`,
      );
    }
  });

  it('removes a claim cut short (dead pid) and keeps a live one', async () => {
    const s = await scratch();
    const dataDir = s.dataDir();
    await fs.mkdir(dataDir, { recursive: true });
    const folder = clusterFolder(s.clustersRoot, await fs.realpath(dataDir));
    await fs.mkdir(s.clustersRoot, { recursive: true, mode: 0o755 });
    await fs.chmod(path.dirname(s.clustersRoot), 0o755);
    // Above any pid_max: never a live process.
    const dead = `${path.basename(folder)}.init-99999999`;
    const live = `${path.basename(folder)}.init-1`;
    await fs.mkdir(path.join(s.clustersRoot, dead));
    await fs.mkdir(path.join(s.clustersRoot, live));
    await place(dataDir, s.clustersRoot);
    expect((await fs.readdir(s.clustersRoot)).sort()).toEqual([path.basename(folder), live].sort());
  });
});
