import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { errorOf, userWithEmail } from './db-test-helpers.ts';

// Admin SQL never runs as a superuser (DESIGN §3.10, docs/operations.md "Admin SQL"):
// the test databases belong to a superuser, so the app provisions its restricted role.
let t: TestApp;
let token: string;
const adminEmail = `admin-${randomBytes(4).toString('hex')}@example.com`;

beforeAll(async () => {
  t = await createTestApp({ ADMIN_EMAILS: adminEmail });
  token = (await userWithEmail(t.app, adminEmail)).token;
});
afterAll(async () => {
  await t?.close();
});

function run(query: string, params?: unknown[]) {
  return t.app.inject({
    method: 'POST',
    url: '/api/db/codewright/sql',
    headers: { authorization: `Bearer ${token}` },
    payload: params ? { query, params } : { query },
  });
}

function batch(statements: { query: string }[], mode: 'transaction' | 'pipeline') {
  return t.app.inject({
    method: 'POST',
    url: '/api/db/codewright/batch',
    headers: { authorization: `Bearer ${token}` },
    payload: { statements, mode },
  });
}

/** The app's own database role, a superuser here. */
async function appRole(): Promise<{ name: string; superuser: boolean }> {
  const result = await t.app.dbPool.query<{ name: string; superuser: boolean }>(
    'select current_user as name, rolsuper as superuser from pg_roles where rolname = current_user',
  );
  return result.rows[0]!;
}

describe('admin SQL on PostgreSQL', () => {
  it('runs as a role that is no superuser, which RESET ROLE and set_config cannot change', async () => {
    const app = await appRole();
    expect(app.superuser).toBe(true);

    const who = await run(
      'select current_user as name, rolsuper as superuser from pg_roles where rolname = current_user',
    );
    expect(who.statusCode, who.body).toBe(200);
    const [role] = who.json().rows;
    expect(role.name).not.toBe(app.name);
    expect(role.superuser).toBe(false);

    // RESET is refused outright (it would also undo the time-outs, DESIGN §3.17).
    const reset = await run('reset role; select current_user as name, session_user as session');
    expect(reset.statusCode, reset.body).toBe(400);
    expect(errorOf(reset).code).toBe('SQL_NOT_ALLOWED');

    const become = await run('select set_config($1, $2, false)', ['role', app.name]);
    expect(become.statusCode).toBe(400);
    const setRole = await run(`set role ${app.name}`);
    expect(setRole.statusCode).toBe(400);

    const inBatch = await batch(
      [
        { query: 'select current_user as name' },
        { query: "select set_config('role', 'none', true)" },
      ],
      'transaction',
    );
    expect(inBatch.statusCode, inBatch.body).toBe(400);
    expect(errorOf(inBatch).code).toBe('SQL_NOT_ALLOWED');
  });

  it('refuses COPY … TO PROGRAM and reading server files with a 400, on /sql and /batch', async () => {
    const program = await run("copy (select 1) to program 'true'");
    expect(program.statusCode).toBe(400);
    expect(errorOf(program).message).toMatch(/permission denied|must be superuser|privileges/i);

    const file = await run("select pg_read_file('PG_VERSION')");
    expect(file.statusCode).toBe(400);

    const transaction = await batch(
      [{ query: "copy (select 1) to program 'true'" }],
      'transaction',
    );
    expect(transaction.statusCode).toBe(400);
    const pipeline = await batch([{ query: "copy (select 1) to program 'true'" }], 'pipeline');
    expect(pipeline.statusCode).toBe(200);
    expect(pipeline.json().results[0].error.message).toMatch(
      /permission denied|must be superuser/i,
    );

    // No role, database or extension either.
    expect((await run('create role cw_should_not_exist superuser')).statusCode).toBe(400);
    expect((await run('create database cw_should_not_exist')).statusCode).toBe(400);
  });

  it('still reads and writes the app’s tables, including those with a sequence', async () => {
    const tag = `role_${randomBytes(4).toString('hex')}`;
    const insert = await run(
      'insert into cta_interactions (id, cta_name, page) values ($1, $2, $3) returning cta_name',
      [`cta_${tag}`, tag, '/'],
    );
    expect(insert.statusCode, insert.body).toBe(200);
    expect(insert.json().rows).toEqual([{ cta_name: tag }]);
    const count = await run('select count(*)::int as n from users');
    expect(count.statusCode, count.body).toBe(200);
    expect(count.json().rows[0].n).toBeGreaterThan(0);
    const serial = await run(
      'insert into auth_attempts (email, created_at) values ($1, now()) returning id',
      [`${tag}@example.com`],
    );
    expect(serial.statusCode, serial.body).toBe(200);
    const removed = await run('delete from auth_attempts where email = $1', [`${tag}@example.com`]);
    expect(removed.json().rowCount).toBe(1);
  });

  it('answers 503 ADMIN_SQL_UNAVAILABLE while its role cannot log in, and recovers without a restart', async () => {
    const name = (await run('select current_user as name')).json().rows[0].name as string;
    await t.app.dbPool.query(`alter role ${name} nologin`);
    const refused = await run('select 1 as one');
    expect(refused.statusCode, refused.body).toBe(503);
    expect(errorOf(refused).code).toBe('ADMIN_SQL_UNAVAILABLE');
    expect(errorOf(refused).message).toContain(name);
    expect(errorOf(refused).message).toMatch(/pg_hba\.conf/);
    // Never the app's own (superuser) connection instead.
    const again = await run('select current_user as name');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().rows).toEqual([{ name }]);
  });

  it.each([
    {
      given: 'membership in another role',
      grant: (role: string) => `grant pg_read_all_data to ${role}`,
      revoke: (role: string) => `revoke pg_read_all_data from ${role}`,
    },
    {
      // PostgreSQL 14's default; its functions there could run with the app's rights.
      given: 'CREATE on schema public',
      grant: () => 'grant create on schema public to public',
      revoke: () => 'revoke create on schema public from public',
    },
  ])('refuses a restricted role that was given $given, logging a warning at start', async (c) => {
    const name = (await run('select current_user as name')).json().rows[0].name as string;
    await t.app.dbPool.query(c.grant(name));
    try {
      // A second instance on the same database starts while the role is too strong.
      const lines: { level: number; msg: string }[] = [];
      const stream = new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(JSON.parse(chunk.toString()));
          done();
        },
      });
      const second = await buildApp({ config: t.config, logger: { level: 'warn', stream } });
      try {
        await second.ready();
        const warning = lines.find((l) => l.level === 40 && l.msg.includes(name));
        expect(warning?.msg).toContain('Admin SQL is unavailable');
        expect(warning?.msg).toContain(c.given);
      } finally {
        await second.close();
      }
      const refused = await run('select 1 as one');
      expect(refused.statusCode, refused.body).toBe(503);
      expect(errorOf(refused).code).toBe('ADMIN_SQL_UNAVAILABLE');
      expect(errorOf(refused).message).toContain(c.given);
    } finally {
      await t.app.dbPool.query(c.revoke(name));
    }
    expect((await run('select 1 as one')).statusCode).toBe(200);
  });
});
