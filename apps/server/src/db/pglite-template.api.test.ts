import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count, sql } from 'drizzle-orm';
import { openDatabase } from './client.ts';
import { users } from './schema.ts';
import { templatePath, writeTemplate } from './pglite-template.ts';

// A brand-new on-disk DATA_DIR/db starts as a copy of a template directory
// (what build.mjs writes: initialised, migrated, closed cleanly).
describe('PGlite template directory', () => {
  let base: string;
  let templateDir: string;

  beforeAll(async () => {
    base = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-template-'));
    const tarball = await templatePath(path.join(os.tmpdir(), 'codewright-test-cache'));
    await fs.access(tarball).catch(() => writeTemplate(tarball));
    // Made the way build.mjs makes it: a cluster on disk, migrated, then closed.
    templateDir = path.join(base, 'template');
    const made = await openDatabase({ pgliteDataDir: templateDir, pgliteTemplateFile: tarball });
    await made.close();
  }, 120_000);

  afterAll(async () => {
    await fs.rm(base, { recursive: true, force: true });
  });

  async function userCount(dataDir: string) {
    const handle = await openDatabase({ pgliteDataDir: dataDir, pgliteTemplateFile: templateDir });
    try {
      const [row] = await handle.db.select({ n: count() }).from(users);
      return { n: row!.n, timings: handle.timings };
    } finally {
      await handle.close();
    }
  }

  it('copies it into a new data dir that opens migrated, and leaves the template untouched', async () => {
    const dataDir = path.join(base, 'fresh', 'db');
    const first = await userCount(dataDir);
    expect(first.n).toBe(0);
    expect(first.timings).toHaveProperty('copyTemplate');
    await expect(fs.access(path.join(dataDir, 'PG_VERSION'))).resolves.toBeUndefined();

    // Written data stays in the copy, not in the template.
    const handle = await openDatabase({ pgliteDataDir: dataDir, pgliteTemplateFile: templateDir });
    await handle.db.execute(
      sql`insert into users (id, email) values ('usr_template_test', 'copy@example.com')`,
    );
    await handle.close();
    const again = await userCount(dataDir);
    expect(again.n).toBe(1);
    expect(again.timings).not.toHaveProperty('copyTemplate');
    expect((await userCount(path.join(base, 'other', 'db'))).n).toBe(0);
  }, 60_000);

  it('redoes a copy that was cut short (no PG_VERSION yet)', async () => {
    const dataDir = path.join(base, 'cut', 'db');
    await fs.cp(templateDir, dataDir, { recursive: true });
    await fs.rm(path.join(dataDir, 'PG_VERSION'));
    await fs.rm(path.join(dataDir, 'global'), { recursive: true });
    const opened = await userCount(dataDir);
    expect(opened.n).toBe(0);
    expect(opened.timings).toHaveProperty('copyTemplate');
  }, 60_000);
});
