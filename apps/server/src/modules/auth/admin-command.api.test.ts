import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionResponse, User } from '@codewright/contract';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { getMe, signIn, signUp, uniqueEmail } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// `npm run admin -- grant|revoke|list` (scripts/admin.mjs), run for real against a real
// database with the server's configuration; the role is then checked through the API.
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url));
const password = 'correct horse';
// Each run starts Node, loads the server's TypeScript and opens the database (~2 s).
const SCRIPT_TIMEOUT_MS = 120_000;

interface Ran {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the operator command as `npm run admin -- …` does, with these variables. */
function admin(args: string[], env: Record<string, string>): Promise<Ran> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/admin.mjs'), ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('exit', (code) => resolve({ code, stdout: stdout.trim(), stderr: stderr.trim() }));
  });
}

async function roleAfterSignIn(app: FastifyInstance, email: string) {
  const res = await signIn(app, { email, password });
  expect(res.statusCode, res.body).toBe(200);
  const session = res.json<SessionResponse>();
  const me = await getMe(app, session.access_token);
  const sql = await app.inject({
    method: 'POST',
    url: '/api/db/codewright/sql',
    headers: { authorization: `Bearer ${session.access_token}` },
    payload: { query: 'select 1 as one' },
  });
  return { signIn: session.user.role, me: me.json<User>().role, sql: sql.statusCode };
}

const ADMIN = { signIn: 'admin', me: 'admin', sql: 200 };
const USER = { signIn: 'user', me: 'user', sql: 403 };

describe('npm run admin, with DATABASE_URL (the server may keep running)', () => {
  let t: TestApp;
  const listed = uniqueEmail('listed');
  let env: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: listed });
    env = {
      DATABASE_URL: t.config.DATABASE_URL!,
      DATA_DIR: t.config.DATA_DIR,
      ADMIN_EMAILS: listed,
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it(
    'grants, lists and revokes the stored admin role, and the API reports it',
    async () => {
      const email = uniqueEmail('operator');
      expect((await signUp(t.app, { email, password })).statusCode).toBe(201);
      expect(await roleAfterSignIn(t.app, email)).toEqual(USER);

      const granted = await admin(['grant', ` ${email.toUpperCase()} `], env);
      expect(granted, granted.stderr).toMatchObject({ code: 0 });
      expect(granted.stdout).toMatch(new RegExp(`^Granted admin to ${email} \\(usr_`));
      // No ADMIN_EMAILS entry and no verified email needed: the grant is the role.
      expect(await roleAfterSignIn(t.app, email)).toEqual(ADMIN);

      const again = await admin(['grant', email], env);
      expect(again).toMatchObject({
        code: 0,
        stdout: `${email} is already an admin (granted before).`,
      });

      const list = await admin(['list'], env);
      expect(list.code, list.stderr).toBe(0);
      expect(list.stdout.split('\n')).toEqual([
        `${email}  granted (email not verified)`,
        `${listed}  ADMIN_EMAILS, no account yet`,
      ]);

      const revoked = await admin(['revoke', email], env);
      expect(revoked.code, revoked.stderr).toBe(0);
      expect(revoked.stdout).toMatch(new RegExp(`^Revoked admin from ${email} \\(usr_`));
      expect(await roleAfterSignIn(t.app, email)).toEqual(USER);
    },
    SCRIPT_TIMEOUT_MS,
  );

  it(
    'fails with a message and a non-zero exit for an unknown email or a bad command',
    async () => {
      const unknown = uniqueEmail('nobody');
      const [missing, revokeMissing, bad, unknownCommand] = await Promise.all([
        admin(['grant', unknown], env),
        admin(['revoke', unknown], env),
        admin(['grant', 'not-an-email'], env),
        admin(['promote', unknown], env),
      ]);
      expect(missing.code).toBe(1);
      expect(missing.stdout).toBe('');
      expect(missing.stderr).toBe(
        `No account has the email ${unknown}. Sign up with it first, then run this again.`,
      );
      expect(revokeMissing.code).toBe(1);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toBe('Not an email address: "not-an-email".');
      expect(unknownCommand.code).toBe(2);
      expect(unknownCommand.stderr).toMatch(
        /^Unknown command "promote .*"\.\nUsage: npm run admin/,
      );
    },
    SCRIPT_TIMEOUT_MS,
  );
});

describe('npm run admin, with the embedded database (the server must be stopped)', () => {
  let dataDir: string;
  let app: FastifyInstance | undefined;
  const env = () => ({ DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAILS: '' });
  const start = async () => {
    app = await buildApp({
      config: parseEnv({
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('base64url'),
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: path.join(dataDir, 'web-dist'),
      }),
      logger: false,
    });
    await app.ready();
    return app;
  };
  const stop = async () => {
    await app?.close();
    app = undefined;
  };
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-admin-cmd-'));
    // As root, PostgreSQL runs as another user, which must reach the cluster through this.
    await fs.chmod(dataDir, 0o755);
  });
  afterAll(async () => {
    await stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it(
    'refuses while the server holds the database, and grants once it is stopped',
    async () => {
      const email = uniqueEmail('embedded');
      const running = await start();
      expect((await signUp(running, { email, password })).statusCode).toBe(201);

      const refused = await admin(['grant', email], env());
      expect(refused.code).toBe(1);
      // This test process runs the server, so it holds DATA_DIR's lock (docs/decisions/034).
      expect(refused.stderr).toMatch(
        new RegExp(
          `in use by a running Codewright server \\(pid ${process.pid}\\).*Stop the server`,
        ),
      );
      // The running server was left alone.
      expect((await getMe(running, 'x')).statusCode).toBe(401);
      expect(await roleAfterSignIn(running, email)).toEqual(USER);

      await stop();
      const granted = await admin(['grant', email], env());
      expect(granted.code, granted.stderr).toBe(0);
      expect(granted.stdout).toMatch(new RegExp(`^Granted admin to ${email} `));

      expect(await roleAfterSignIn(await start(), email)).toEqual(ADMIN);
    },
    SCRIPT_TIMEOUT_MS,
  );
});
