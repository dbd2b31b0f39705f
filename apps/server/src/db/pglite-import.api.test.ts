// An install from before the embedded PostgreSQL (docs/decisions/011) keeps everything:
// its PGlite database in DATA_DIR/db, on an older migration, is imported on the first start.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { parseEnv } from '../env.ts';
import { hashPassword } from '../modules/auth/password.ts';
import { MIGRATIONS_DIR } from '../paths.ts';
import { CLUSTER_MARKER, clusterVersion } from './embedded-postgres.ts';

const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

/** The migrations folder as an earlier release had it: only the first `count` migrations. */
async function olderMigrations(count: number): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-old-migrations-'));
  dirs.push(dir);
  await fs.cp(MIGRATIONS_DIR, dir, { recursive: true });
  const journalFile = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalFile, 'utf8')) as { entries: unknown[] };
  journal.entries = journal.entries.slice(0, count);
  await fs.writeFile(journalFile, JSON.stringify(journal));
  return dir;
}

async function makePgliteInstall(dataDir: string, email: string, password: string) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  const db = await PGlite.create({ dataDir: path.join(dataDir, 'db') });
  try {
    await migrate(drizzle({ client: db }), { migrationsFolder: await olderMigrations(3) });
    const hash = await hashPassword(password);
    await db.query(
      `insert into users (id, email, password_hash, display_name) values ('usr_old', $1, $2, 'Old Timer')`,
      [email, hash],
    );
    await db.query(
      `insert into user_plans (user_id, plan, generations_used) values ('usr_old', 'pro', 7)`,
    );
    for (let i = 0; i < 3; i++) {
      await db.query(
        `insert into projects (id, user_id, name, language, code, updated_at)
         values ($1, 'usr_old', $2, 'TypeScript', $3, now() - make_interval(days => $4))`,
        [`proj_old_${i}`, `Project ${i}`, `export const n = ${i};\n`, i],
      );
    }
    await db.query(`insert into auth_attempts (email) values ($1), ($1)`, [email]);
  } finally {
    await db.close();
  }
}

async function start(dataDir: string): Promise<FastifyInstance> {
  const config = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'web-dist'),
  });
  const app = await buildApp({ config, logger: false });
  await app.ready();
  return app;
}

describe('PGlite import', () => {
  it('moves users, plans and projects into the embedded PostgreSQL once, keeping the old files', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-pglite-import-'));
    await fs.chmod(dataDir, 0o755);
    dirs.push(dataDir);
    const email = `old-${randomBytes(4).toString('hex')}@example.com`;
    const password = 'an old password';
    await makePgliteInstall(dataDir, email, password);
    expect(await clusterVersion(path.join(dataDir, 'db'))).toBe('18');
    await expect(fs.access(path.join(dataDir, 'db', CLUSTER_MARKER))).rejects.toThrow();

    for (const round of [1, 2]) {
      const app = await start(dataDir);
      try {
        const health = await app.inject({ method: 'GET', url: '/api/health' });
        expect(health.json()).toMatchObject({ database: { kind: 'embedded', status: 'ok' } });
        // The imported password hash signs in; the plan and its counter came along.
        const signIn = await app.inject({
          method: 'POST',
          url: '/api/auth/signin/email',
          payload: { email, password },
        });
        expect(signIn.statusCode).toBe(200);
        const token = signIn.json<{ access_token: string }>().access_token;
        const auth = { authorization: `Bearer ${token}` };
        const plan = await app.inject({ method: 'GET', url: '/api/plan', headers: auth });
        expect(plan.json()).toMatchObject({ plan: 'pro', usage: { generationsUsed: 7 } });
        const projects = await app.inject({
          method: 'GET',
          url: '/api/db/codewright/rest/v1/projects?select=id,name&order=updated_at.desc',
          headers: auth,
        });
        // Imported once: the second start finds the same three, not six.
        expect(projects.json()).toEqual([
          { id: 'proj_old_0', name: 'Project 0' },
          { id: 'proj_old_1', name: 'Project 1' },
          { id: 'proj_old_2', name: 'Project 2' },
        ]);
        // Identity columns carry on after the imported rows: a failed sign-in records one.
        const wrong = await app.inject({
          method: 'POST',
          url: '/api/auth/signin/email',
          payload: { email, password: `wrong password ${round}` },
        });
        expect(wrong.statusCode).toBe(401);
      } finally {
        await app.close();
      }
    }
    expect(await clusterVersion(path.join(dataDir, 'db'))).toBe('18');
    expect(await clusterVersion(path.join(dataDir, 'db-pglite-imported'))).toBe('18');
    await fs.access(path.join(dataDir, 'db', CLUSTER_MARKER));
    await expect(fs.access(path.join(dataDir, 'db-pglite'))).rejects.toThrow();
  }, 120_000);
});
