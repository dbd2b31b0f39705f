// One owner per data directory (DESIGN §3.18): a second comer is refused at once with the
// holder's pid, and a lock whose holder died is taken over.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DataDirInUseError, LOCK_FILE, lockDataDir } from './data-dir-lock.ts';

const HOLDER = fileURLToPath(new URL('../test/fixtures/lock-holder.ts', import.meta.url));
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function tempDataDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-lock-'));
  dirs.push(dir);
  return path.join(dir, 'data');
}

/** Another process that takes and holds the lock. */
async function startHolder(dataDir: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let out = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('locked')) resolve();
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}:\n${out}`)));
  });
  return child;
}

describe('lockDataDir', () => {
  it('refuses a second owner at once, naming the holder and what to do', async () => {
    const dataDir = await tempDataDir();
    const holder = await startHolder(dataDir);
    const started = Date.now();
    const refused = await lockDataDir(dataDir, 'server').catch((err: unknown) => err);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(refused).toBeInstanceOf(DataDirInUseError);
    const { message, pid } = refused as DataDirInUseError;
    expect(pid).toBe(holder.pid);
    expect(message).toMatch(
      new RegExp(`in use by another Codewright server \\(pid ${holder.pid}\\)`),
    );
    expect(message).toMatch(/stop it first/);
    expect(message).not.toContain('\n');
    holder.kill('SIGKILL');
  }, 30_000);

  it('takes over the lock of a process killed with SIGKILL', async () => {
    const dataDir = await tempDataDir();
    const holder = await startHolder(dataDir);
    const file = path.join(dataDir, LOCK_FILE);
    expect(await fs.readFile(file, 'utf8')).toBe(`${holder.pid}\nserver\n`);
    holder.kill('SIGKILL');
    await new Promise((r) => holder.once('exit', r));
    // The dead holder's pid is still written there; the kernel lock went with it.
    expect(await fs.readFile(file, 'utf8')).toBe(`${holder.pid}\nserver\n`);
    const lock = await lockDataDir(dataDir, 'admin');
    expect(await fs.readFile(file, 'utf8')).toBe(`${process.pid}\nadmin\n`);
    // Held by this process now (where taking it again only counts): another process is
    // refused, and told the holder is npm run admin.
    const refused = await startHolder(dataDir).catch((err: unknown) => err);
    expect((refused as Error).message).toContain(`npm run admin (pid ${process.pid})`);
    lock.release();
    const again = await lockDataDir(dataDir, 'server');
    again.release();
    // The file stays (deleting a lock file others may hold open is unsafe); it is emptied.
    expect(await fs.readFile(file, 'utf8')).toBe('');
  }, 30_000);
});
