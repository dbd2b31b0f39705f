// `npm run admin -- backup` while 20 clients write, then `restore` into a fresh DATA_DIR: every
// write acknowledged before the backup began is there, the server starts on it, and the files
// match. Runs the built server (apps/server/dist) on its embedded PostgreSQL and the admin
// command as an operator would (scripts/admin.mjs).
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import {
  durableDataDir,
  type HttpClient,
  startBuiltServer,
  stopChild,
} from '../../test/built-server.ts';

const ADMIN = fileURLToPath(new URL('../../../../../scripts/admin.mjs', import.meta.url));
const WRITERS = 20;
const children: ChildProcess[] = [];
const folders: string[] = [];

afterAll(async () => {
  await Promise.all(children.map((c) => stopChild(c, 'SIGKILL')));
  await Promise.all(folders.map((f) => fs.rm(f, { recursive: true, force: true })));
});

async function tempFolder(prefix: string) {
  const dir = await durableDataDir(prefix);
  folders.push(dir);
  return dir;
}

/** `npm run admin -- …args` on DATA_DIR `dataDir`: exit code and everything it printed. */
async function admin(dataDir: string, ...args: string[]) {
  const child = spawn(process.execPath, [ADMIN, ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function upload(base: string, token: string, key: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append('path', key);
  form.append('file', new Blob([bytes]), path.basename(key));
  return fetch(`${base}/api/storage/codewright/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
}

async function download(base: string, token: string, key: string) {
  const res = await fetch(
    `${base}/api/storage/codewright/download?path=${encodeURIComponent(key)}`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

interface Acked {
  projects: Map<string, number>;
  files: Map<string, { at: number; sha256: string }>;
}

/** Writers that create projects and upload files until `stop()`; each write's time of acknowledgement. */
function startWriters(base: string, http: HttpClient, token: string, userId: string) {
  const acked: Acked = { projects: new Map(), files: new Map() };
  let stopped = false;
  let sequence = 0;
  const writer = async (w: number) => {
    while (!stopped) {
      const n = sequence++;
      try {
        if (n % 2 === 0) {
          const id = `proj_${Date.now()}_w${w}n${n.toString(36).padStart(6, '0')}`;
          const res = await http.createProject(token, {
            id,
            name: `backup ${n}`,
            language: 'JavaScript',
            code: `// ${id}\n`,
          });
          if (res.status === 201) acked.projects.set(id, Date.now());
        } else {
          const key = `uploads/${userId}/w${w}/f${n}.txt`;
          const bytes = new TextEncoder().encode(`${key} ${randomBytes(200 + n).toString('hex')}`);
          const res = await upload(base, token, key, bytes);
          if (res.status === 201) {
            acked.files.set(key, { at: Date.now(), sha256: sha256(bytes) });
          }
        }
      } catch {
        // not acknowledged
      }
    }
  };
  const running = Promise.all(Array.from({ length: WRITERS }, (_, w) => writer(w)));
  return {
    acked,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

describe('backup and restore', () => {
  it('keeps every write acknowledged before the backup, while 20 clients write', async () => {
    const dataDir = await tempFolder('cw-backup-src-');
    const restoredDir = await tempFolder('cw-backup-dst-');
    const backupDir = path.join(await tempFolder('cw-backup-out-'), 'b1');
    const email = `backup-${Date.now()}@example.com`;
    const password = 'backup-test-password';

    const source = await startBuiltServer(dataDir, children);
    await source.http.signUp(email, password);
    const token = await source.http.signIn(email, password);
    expect(
      (await source.http.call('POST', '/api/plan/upgrade', { plan: 'pro' }, token)).status,
    ).toBe(200);
    const me = await source.http.call('GET', '/api/auth/me', undefined, token);
    const userId = (me.body as { id: string }).id;

    const writers = startWriters(source.url, source.http, token, userId);
    await new Promise((r) => setTimeout(r, 1500));
    const backupBegan = Date.now();
    const made = await admin(dataDir, 'backup', backupDir);
    await new Promise((r) => setTimeout(r, 300));
    await writers.stop();
    expect(made.output).toContain('is running: backing up while it serves');
    expect(made.code, made.output).toBe(0);
    await stopChild(source.child);

    const before = {
      projects: [...writers.acked.projects].filter(([, at]) => at < backupBegan).map(([id]) => id),
      files: [...writers.acked.files].filter(([, f]) => f.at < backupBegan),
    };
    // The writers were busy on both sides of the backup's moment.
    expect(before.projects.length).toBeGreaterThan(20);
    expect(before.files.length).toBeGreaterThan(20);
    expect(writers.acked.projects.size).toBeGreaterThan(before.projects.length);

    const restored = await admin(restoredDir, 'restore', backupDir);
    expect(restored.code, restored.output).toBe(0);
    expect(restored.output).toContain('every file matches its checksum');

    const server = await startBuiltServer(restoredDir, children);
    // The secret came back too: the session made before the backup still holds.
    expect((await server.http.call('GET', '/api/auth/me', undefined, token)).status).toBe(200);
    const again = await server.http.signIn(email, password);
    const ids = new Set(await server.http.projectColumn(again, 'id'));
    expect(before.projects.filter((id) => !ids.has(id))).toEqual([]);
    for (const [key, file] of before.files) {
      const got = await download(server.url, again, key);
      expect(got.status, key).toBe(200);
      expect(sha256(got.bytes), key).toBe(file.sha256);
    }
    // A new project after the restore gets on with ids and plans as before.
    const next = await server.http.createProject(again, {
      id: `proj_${Date.now()}_after0`,
      name: 'after',
      language: 'JavaScript',
      code: '//\n',
    });
    expect(next.status).toBe(201);
    const ontoRunning = await admin(restoredDir, 'restore', backupDir);
    expect(ontoRunning.code).toBe(1);
    expect(ontoRunning.output).toContain(
      `${restoredDir} is in use by a Codewright server (pid ${server.child.pid}). Restore only into a DATA_DIR no server uses`,
    );
    await stopChild(server.child);

    // Refusals: a backup into a folder that holds something, a restore into a DATA_DIR that
    // does, and a damaged backup.
    const intoFull = await admin(dataDir, 'backup', backupDir);
    expect(intoFull.code).toBe(1);
    expect(intoFull.output).toContain('is not empty: back up into a new folder');
    const ontoData = await admin(dataDir, 'restore', backupDir);
    expect(ontoData.code).toBe(1);
    expect(ontoData.output).toMatch(/already holds stored files|is not empty/);

    const damaged = path.join(path.dirname(backupDir), 'damaged');
    await fs.cp(backupDir, damaged, { recursive: true });
    const [key] = before.files[0]!;
    const victim = path.join(damaged, 'files', key);
    const bytes = await fs.readFile(victim);
    bytes[0] = bytes[0]! ^ 0xff;
    await fs.writeFile(victim, bytes);
    const fresh = await tempFolder('cw-backup-fresh-');
    const refused = await admin(fresh, 'restore', damaged);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain(`files/${key} in ${damaged} does not match its checksum`);
    expect(await fs.readdir(fresh)).not.toContain('db');
  }, 240_000);
});
