import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { parseEnv } from '../../env.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { adminSqlRoleName } from './admin-sql-role.ts';
import { userWithEmail } from './db-test-helpers.ts';

// Where admin SQL runs when the app does NOT connect as a superuser (docs/operations.md
// "Admin SQL"): a plain role runs it itself; a CREATEROLE role (which could grant itself
// server-program rights on PostgreSQL before 16) still provisions the restricted role.
let host: TestApp;
let superuser: pg.Client;
const made: { roles: string[]; databases: string[]; dirs: string[]; apps: FastifyInstance[] } = {
  roles: [],
  databases: [],
  dirs: [],
  apps: [],
};

beforeAll(async () => {
  host = await createTestApp();
  superuser = new pg.Client({ connectionString: host.config.DATABASE_URL });
  await superuser.connect();
});
afterAll(async () => {
  for (const app of made.apps) await app.close();
  for (const db of made.databases) {
    await superuser.query(`drop database if exists ${db} with (force)`);
    made.roles.push(adminSqlRoleName(db));
  }
  for (const role of made.roles) await superuser.query(`drop role if exists ${role}`);
  await superuser?.end();
  for (const dir of made.dirs) await fs.rm(dir, { recursive: true, force: true });
  await host?.close();
});

/** The app on a new database owned by a new role with these attributes, connected as that role. */
async function appAs(attributes: string) {
  const tag = randomBytes(5).toString('hex');
  const role = `cw_app_${tag}`;
  const database = `cw_app_db_${tag}`;
  await superuser.query(`create role ${role} login ${attributes}`);
  made.roles.push(role);
  await superuser.query(`create database ${database} owner ${role}`);
  made.databases.push(database);
  const url = new URL(host.config.DATABASE_URL!);
  url.username = role;
  url.password = '';
  url.pathname = `/${database}`;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-app-role-'));
  made.dirs.push(dataDir);
  const adminEmail = `admin-${tag}@example.com`;
  const config = parseEnv({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    DATABASE_URL: url.toString(),
    JWT_SECRET: randomBytes(32).toString('base64url'),
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'web-dist'),
    ADMIN_EMAILS: adminEmail,
  });
  /** One more server instance on this database, with the same configuration. */
  const instance = async () => {
    const app = await buildApp({ config, logger: false });
    made.apps.push(app);
    await app.ready();
    return app;
  };
  const app = await instance();
  const { token } = await userWithEmail(app, adminEmail);
  const sqlOn = (on: FastifyInstance) => (query: string) =>
    on.inject({
      method: 'POST',
      url: '/api/db/codewright/sql',
      headers: { authorization: `Bearer ${token}` },
      payload: { query },
    });
  return { role, database, sql: sqlOn(app), instance, sqlOn };
}

describe('admin SQL when the app’s own role is not a superuser', () => {
  it('runs as the app’s role when that role has no CREATEROLE', async () => {
    const { role, sql } = await appAs('nosuperuser nocreaterole');
    const who = await sql('select current_user as name');
    expect(who.statusCode, who.body).toBe(200);
    expect(who.json().rows).toEqual([{ name: role }]);
    expect((await sql("copy (select 1) to program 'true'")).statusCode).toBe(400);
  });

  it('runs as the restricted role when the app’s role has CREATEROLE', async () => {
    const { database, sql, instance, sqlOn } = await appAs('nosuperuser createrole');
    const who = await sql(
      'select current_user as name, rolcreaterole as createrole from pg_roles where rolname = current_user',
    );
    expect(who.statusCode, who.body).toBe(200);
    expect(who.json().rows).toEqual([{ name: adminSqlRoleName(database), createrole: false }]);
    const rows = await sql('select count(*)::int as n from users');
    expect(rows.statusCode, rows.body).toBe(200);
    expect((await sql("copy (select 1) to program 'true'")).statusCode).toBe(400);

    // A second instance updates the same role (same password, from the shared secret);
    // both keep working.
    const second = await instance();
    for (const on of [sql, sqlOn(second)]) {
      const again = await on('select current_user as name');
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().rows).toEqual([{ name: adminSqlRoleName(database) }]);
    }
  });
});
