import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadJwtSecret } from './secret.ts';

const dirs: string[] = [];
async function tempDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-secret-'));
  dirs.push(dir);
  return dir;
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((d) => fs.rm(d, { recursive: true, force: true })));
});

describe('loadJwtSecret', () => {
  it('uses JWT_SECRET when set and writes nothing', async () => {
    const dir = await tempDir();
    expect(await loadJwtSecret('x'.repeat(40), dir)).toBe('x'.repeat(40));
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('generates one secret into DATA_DIR/secret (mode 0600) and reads it back on the next start', async () => {
    const dir = await tempDir();
    const first = await loadJwtSecret(undefined, dir);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(await loadJwtSecret(undefined, dir)).toBe(first);
    const st = await fs.stat(path.join(dir, 'secret'));
    expect(st.mode & 0o777).toBe(0o600);
    // Nothing but the secret: no temp files left behind.
    expect(await fs.readdir(dir)).toEqual(['secret']);
  });

  it('replaces a 0-byte or torn secret (what a power cut leaves) instead of failing to start', async () => {
    for (const leftover of ['', 'abc\n']) {
      const dir = await tempDir();
      await fs.writeFile(path.join(dir, 'secret'), leftover);
      const secret = await loadJwtSecret(undefined, dir);
      expect(secret.length).toBeGreaterThanOrEqual(32);
      expect((await fs.readFile(path.join(dir, 'secret'), 'utf8')).trim()).toBe(secret);
    }
  });

  it('gives every process starting at once the same secret', async () => {
    const dir = await tempDir();
    const secrets = await Promise.all(
      Array.from({ length: 8 }, () => loadJwtSecret(undefined, dir)),
    );
    expect(new Set(secrets).size).toBe(1);
  });
});
