import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnListening, stopChild } from './test/built-server.ts';

// The real process (src/server.ts through tsx) on its embedded PostgreSQL: signals,
// in-flight requests, and the database server stopped with it.
const SERVER_TS = fileURLToPath(new URL('./server.ts', import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

function start(dataDir: string) {
  return spawnListening(['--import', 'tsx', SERVER_TS], {
    ...process.env,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // The embedded PostgreSQL, whatever the shell that runs the tests has set.
    DATABASE_URL: '',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  });
}

/** True when a postgres process serves the cluster in DATA_DIR/db (Linux /proc). */
async function postgresRunningIn(dataDir: string): Promise<boolean> {
  const cluster = path.join(dataDir, 'db');
  for (const pid of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    if (cmdline.split('\0').includes(cluster)) return true;
  }
  return false;
}

const post = (url: string, body: unknown) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('server process', () => {
  it('on SIGTERM finishes requests in flight, stops its PostgreSQL and exits 0', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-proc-'));
    dirs.push(dataDir);
    const first = await start(dataDir);
    const email = `proc-${Date.now()}@example.com`;
    const signup = post(`${first.url}/api/auth/signup`, { email, password: 'password1' });
    // Let the request reach the server (argon2 keeps it busy for a while).
    await new Promise((r) => setTimeout(r, 20));
    const exited = stopChild(first.child);
    const status = (await signup).status;
    expect([201, 503]).toContain(status);
    expect(await exited).toBe(0);
    expect(first.output()).toContain('shutdown complete');
    expect(await postgresRunningIn(dataDir)).toBe(false);

    // The data directory opens again and kept the finished work.
    const second = await start(dataDir);
    try {
      const health = await fetch(`${second.url}/api/health`);
      expect(health.status).toBe(200);
      expect(await health.json()).toMatchObject({ database: { status: 'ok', kind: 'embedded' } });
      if (status === 201) {
        expect(
          (await post(`${second.url}/api/auth/signin/email`, { email, password: 'password1' }))
            .status,
        ).toBe(200);
      }
    } finally {
      expect(await stopChild(second.child, 'SIGINT')).toBe(0);
    }
  }, 120_000);
});
