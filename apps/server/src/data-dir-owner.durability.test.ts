// One owner per data directory (DESIGN §3.18, docs/decisions/034): a second server or
// `npm run admin` on a DATA_DIR in use refuses within seconds, in one line naming the
// holder's pid, and the running server keeps serving without losing a write. Runs the
// built server (apps/server/dist) on its embedded PostgreSQL; `npm test` builds it first.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  durableDataDir,
  type HttpClient,
  postmasterPid,
  runToExit,
  startBuiltServer,
  stopChild,
} from './test/built-server.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// Paced writers: the first server keeps serving throughout, while the refused processes
// still get the CPU to start and refuse on a shared two-core machine.
const WRITERS = 2;
const WRITE_PAUSE_MS = 25;

let dataDir: string;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) await stopChild(child);
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

const start = () => startBuiltServer(dataDir, children);

const postgresPid = () => postmasterPid(dataDir);

async function projectIds(server: { http: HttpClient }, token: string) {
  return new Set(await server.http.projectColumn(token, 'id'));
}

describe('one owner per data directory', () => {
  it('refuses a second server and npm run admin while one runs, and loses nothing', async () => {
    dataDir = await durableDataDir('cw-owner-');
    const email = `owner-${Date.now()}@example.com`;
    const password = 'owner-test-password';

    const first = await start();
    await first.http.signUp(email, password);
    const token = await first.http.signIn(email, password);
    expect(
      (await first.http.call('POST', '/api/plan/upgrade', { plan: 'pro' }, token)).status,
    ).toBe(200);
    const pgPid = await postgresPid();
    expect(pgPid).toBeGreaterThan(0);

    const acked = new Set<string>();
    let failed = 0;
    let stop = false;
    let sequence = 0;
    const writer = async () => {
      while (!stop) {
        const id = `proj_${Date.now()}_${(sequence++).toString(36).padStart(6, '0')}`;
        const res = await first.http
          .createProject(token, {
            id,
            name: 'owner',
            language: 'JavaScript',
            code: `// ${id}\n`,
          })
          .catch(() => undefined);
        if (res?.status === 201) acked.add(id);
        else failed++;
        await new Promise((r) => setTimeout(r, WRITE_PAUSE_MS));
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    await new Promise((r) => setTimeout(r, 300));

    const second = await runToExit(dataDir, children);
    expect(second.code).toBe(1);
    expect(second.ms).toBeLessThan(5_000);
    await new Promise((r) => setTimeout(r, 300));
    stop = true;
    await Promise.all(writers);
    const secondLines = second.stderr.trim().split('\n');
    expect(secondLines, second.stderr).toHaveLength(1);
    expect(secondLines[0]).toMatch(`in use by another Codewright server (pid ${first.child.pid})`);
    expect(secondLines[0]).toMatch(/stop it first/);

    // The first server kept its database and every write.
    expect(failed).toBe(0);
    expect(await postgresPid()).toBe(pgPid);
    const present = await projectIds(first, token);
    expect([...acked].filter((id) => !present.has(id))).toEqual([]);
    expect(acked.size).toBeGreaterThan(10);

    // npm run admin (tsx, from source) while the server runs: refused the same way, and
    // the server still answers and writes.
    const admin = await runToExit(
      dataDir,
      children,
      [path.join(ROOT, 'scripts/admin.mjs'), 'list'],
      ROOT,
    );
    expect(admin.code).toBe(1);
    expect(admin.ms).toBeLessThan(5_000);
    const adminLines = admin.stderr.trim().split('\n');
    expect(adminLines, admin.stderr).toHaveLength(1);
    expect(adminLines[0]).toMatch(`running Codewright server (pid ${first.child.pid})`);
    expect(adminLines[0]).toMatch(/Stop the server, run this again/);

    expect(await postgresPid()).toBe(pgPid);
    const afterAdmin = `proj_${Date.now()}_after_admin`;
    const written = await first.http.createProject(token, {
      id: afterAdmin,
      name: 'owner',
      language: 'JavaScript',
      code: '// after\n',
    });
    expect(written.status).toBe(201);
    acked.add(afterAdmin);

    // A lock whose holder died (kill -9) is taken over by the next start.
    await stopChild(first.child, 'SIGKILL');
    expect(await fs.readFile(path.join(dataDir, 'codewright.lock'), 'utf8')).toMatch(
      `${first.child.pid}\n`,
    );
    const third = await start();
    const afterTakeover = await projectIds(third, await third.http.signIn(email, password));
    expect([...acked].filter((id) => !afterTakeover.has(id))).toEqual([]);
    await stopChild(third.child);
  }, 180_000);
});
