// One owner per data directory (DESIGN §3.18, docs/decisions/034): a second server or
// `npm run admin` on a DATA_DIR in use refuses within seconds, in one line naming the
// holder's pid, and the running server keeps serving without losing a write. Runs the
// built server (apps/server/dist) on its embedded PostgreSQL; `npm test` builds it first.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  builtServerEnv,
  durableDataDir,
  httpCall as call,
  postmasterPid,
  SERVER_JS,
  startBuiltServer,
} from './test/built-server.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
// Paced writers: the first server keeps serving throughout, while the refused processes
// still get the CPU to start and refuse on a shared two-core machine.
const WRITERS = 2;
const WRITE_PAUSE_MS = 25;

let dataDir: string;
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  }
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

interface Exit {
  code: number | null;
  stderr: string;
  ms: number;
}

/** Runs a process that should refuse and exit; resolves with how it ended and how fast. */
async function runToExit(args: string[], cwd?: string): Promise<Exit> {
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    env: builtServerEnv(dataDir),
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stdout!.resume();
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  clearTimeout(timer);
  return { code, stderr, ms: Date.now() - started };
}

async function start() {
  const server = await startBuiltServer(dataDir);
  children.push(server.child);
  return server;
}

const postgresPid = () => postmasterPid(dataDir);

async function signIn(base: string, email: string, password: string) {
  const res = await call(base, 'POST', '/api/auth/signin/email', { email, password });
  expect(res.status).toBe(200);
  return (res.body as { access_token: string }).access_token;
}

async function projectIds(base: string, token: string) {
  const list = await call(
    base,
    'GET',
    '/api/db/codewright/rest/v1/projects?select=id',
    undefined,
    token,
  );
  expect(list.status).toBe(200);
  return new Set((list.body as { id: string }[]).map((r) => r.id));
}

describe('one owner per data directory', () => {
  it('refuses a second server and npm run admin while one runs, and loses nothing', async () => {
    dataDir = await durableDataDir('cw-owner-');
    const email = `owner-${Date.now()}@example.com`;
    const password = 'owner-test-password';

    const first = await start();
    expect((await call(first.url, 'POST', '/api/auth/signup', { email, password })).status).toBe(
      201,
    );
    const token = await signIn(first.url, email, password);
    expect(
      (await call(first.url, 'POST', '/api/plan/upgrade', { plan: 'pro' }, token)).status,
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
        const res = await call(
          first.url,
          'POST',
          '/api/db/codewright/rest/v1/projects',
          { id, name: 'owner', language: 'JavaScript', code: `// ${id}\n` },
          token,
        ).catch(() => undefined);
        if (res?.status === 201) acked.add(id);
        else failed++;
        await new Promise((r) => setTimeout(r, WRITE_PAUSE_MS));
      }
    };
    const writers = Array.from({ length: WRITERS }, writer);
    await new Promise((r) => setTimeout(r, 300));

    const second = await runToExit([SERVER_JS]);
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
    const present = await projectIds(first.url, token);
    expect([...acked].filter((id) => !present.has(id))).toEqual([]);
    expect(acked.size).toBeGreaterThan(10);

    // npm run admin (tsx, from source) while the server runs: refused the same way, and
    // the server still answers and writes.
    const admin = await runToExit([path.join(ROOT, 'scripts/admin.mjs'), 'list'], ROOT);
    expect(admin.code).toBe(1);
    expect(admin.ms).toBeLessThan(5_000);
    const adminLines = admin.stderr.trim().split('\n');
    expect(adminLines, admin.stderr).toHaveLength(1);
    expect(adminLines[0]).toMatch(`running Codewright server (pid ${first.child.pid})`);
    expect(adminLines[0]).toMatch(/Stop the server, run this again/);

    expect(await postgresPid()).toBe(pgPid);
    const afterAdmin = `proj_${Date.now()}_after_admin`;
    expect(
      (
        await call(
          first.url,
          'POST',
          '/api/db/codewright/rest/v1/projects',
          { id: afterAdmin, name: 'owner', language: 'JavaScript', code: '// after\n' },
          token,
        )
      ).status,
    ).toBe(201);
    acked.add(afterAdmin);

    // A lock whose holder died (kill -9) is taken over by the next start.
    const exited = new Promise((r) => first.child.once('exit', r));
    first.child.kill('SIGKILL');
    await exited;
    expect(await fs.readFile(path.join(dataDir, 'codewright.lock'), 'utf8')).toMatch(
      `${first.child.pid}\n`,
    );
    const third = await start();
    const afterTakeover = await projectIds(third.url, await signIn(third.url, email, password));
    expect([...acked].filter((id) => !afterTakeover.has(id))).toEqual([]);
    const stopped = new Promise((r) => third.child.once('exit', r));
    third.child.kill('SIGTERM');
    await stopped;
  }, 180_000);
});
