// As root, `npm start` works wherever the clone is (docs/decisions/036): a DATA_DIR inside a
// folder closed to other users (a clone under /root, 0700) keeps its cluster in a folder
// of root's that the postgres user can enter, says so at start, keeps its writes across a
// restart, and stays one owner's. Runs the built server (apps/server/dist); root only.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  clusterFolder,
  CLUSTERS_ROOT,
  LOCATION_FILE,
  OWNER_FILE,
  readLocation,
} from './db/embedded/location.ts';
import { postmasterPid, runToExit, startBuiltServer, stopChild } from './test/built-server.ts';

const isRoot = process.getuid?.() === 0;

let closedDir: string | undefined;
let dataDir: string;
const children: ChildProcess[] = [];

afterAll(async () => {
  for (const child of children) await stopChild(child);
  if (!closedDir) return;
  // The relocated folder this test's DATA_DIR made (found by its hash, so even a start cut
  // short before the record is cleaned up), and only if its owner file names this DATA_DIR.
  const real = await fs.realpath(dataDir).catch(() => undefined);
  if (real) {
    const folder = clusterFolder(CLUSTERS_ROOT, real);
    const owner = await fs.readFile(path.join(folder, OWNER_FILE), 'utf8').catch(() => '{}');
    const named = (JSON.parse(owner) as { dataDir?: string }).dataDir;
    if (named === real) await fs.rm(folder, { recursive: true });
  }
  await fs.rm(closedDir, { recursive: true, force: true });
});

const start = () => startBuiltServer(dataDir, children);

describe.skipIf(!isRoot)('a DATA_DIR closed to the postgres user (root)', () => {
  it('keeps its cluster in a folder of root’s, says where, survives a restart and stays one owner’s', async () => {
    closedDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-closed-'));
    await fs.chmod(closedDir, 0o700);
    dataDir = path.join(closedDir, 'data');
    const email = `closed-${Date.now()}@example.com`;
    const password = 'closed-test-password';

    const first = await start();
    const location = await readLocation(dataDir);
    expect(location).toMatch(new RegExp(`^${CLUSTERS_ROOT}/[0-9a-f]{32}/db$`));
    const line = `embedded database: ${dataDir}'s database lives in ${location}, a folder the user "postgres" can enter (recorded in ${path.join(dataDir, LOCATION_FILE)})`;
    expect(first.output).toContain(JSON.stringify(line).slice(1, -1));
    // The cluster is postgres's (0700) inside root's folder (0755); DATA_DIR has no db/.
    const folder = path.dirname(location!);
    const [folderStat, clusterStat] = await Promise.all([fs.stat(folder), fs.stat(location!)]);
    expect([folderStat.uid, folderStat.mode & 0o777]).toEqual([0, 0o755]);
    expect(clusterStat.uid).not.toBe(0);
    expect(clusterStat.mode & 0o777).toBe(0o700);
    await expect(fs.access(path.join(dataDir, 'db'))).rejects.toThrow();
    expect((await fs.stat(closedDir)).mode & 0o777).toBe(0o700);

    expect((await first.http.call('GET', '/api/health')).status).toBe(200);
    await first.http.signUp(email, password);
    const token = await first.http.signIn(email, password);
    const created = await first.http.createProject(token, {
      name: 'kept across a restart',
      language: 'JavaScript',
      code: '// kept\n',
    });
    expect(created.status).toBe(201);

    // A second server on the same DATA_DIR refuses; the first keeps its database.
    const pgPid = await postmasterPid(dataDir);
    expect(pgPid).toBeGreaterThan(0);
    const second = await runToExit(dataDir, children);
    expect(second.code).toBe(1);
    const lines = second.stderr.trim().split('\n');
    expect(lines, second.stderr).toHaveLength(1);
    expect(lines[0]).toMatch(`in use by another Codewright server (pid ${first.child.pid})`);
    expect(await postmasterPid(dataDir)).toBe(pgPid);
    expect((await first.http.call('GET', '/api/health')).status).toBe(200);

    await stopChild(first.child);
    const again = await start();
    expect(again.output).toContain(JSON.stringify(line).slice(1, -1));
    expect(again.output).not.toContain('creating a PostgreSQL');
    expect(await readLocation(dataDir)).toBe(location);
    expect((await again.http.call('GET', '/api/health')).status).toBe(200);
    const names = await again.http.projectColumn(await again.http.signIn(email, password), 'name');
    expect(names).toContain('kept across a restart');
    await stopChild(again.child);
  }, 180_000);
});
