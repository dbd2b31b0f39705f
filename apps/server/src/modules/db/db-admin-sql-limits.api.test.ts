import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { errorOf, userWithEmail } from './db-test-helpers.ts';

// Short limits so the test waits little (DESIGN §3.17).
const TIMEOUT_MS = 3000;
const LOCK_TIMEOUT_MS = 300;
const WATCHDOG_GRACE_MS = 1000;

let t: TestApp;
let token: string;
const adminEmail = `admin-${randomBytes(4).toString('hex')}@example.com`;
beforeAll(async () => {
  t = await createTestApp({
    ADMIN_EMAILS: adminEmail,
    ADMIN_SQL_TIMEOUT_MS: String(TIMEOUT_MS),
    ADMIN_SQL_LOCK_TIMEOUT_MS: String(LOCK_TIMEOUT_MS),
  });
  token = (await userWithEmail(t.app, adminEmail)).token;
});
afterAll(async () => {
  await t?.close();
});

function run(payload: object, path: 'sql' | 'batch' = 'sql') {
  return t.app.inject({
    method: 'POST',
    url: `/api/db/codewright/${path}`,
    headers: { authorization: `Bearer ${token}` },
    payload,
  });
}

async function timed(payload: object, path: 'sql' | 'batch' = 'sql') {
  const started = Date.now();
  const res = await run(payload, path);
  return { res, ms: Date.now() - started };
}

const roleSettings = async () => {
  const res = await run({
    query: `select count(*)::int as n from pg_db_role_setting
             where setrole = (select oid from pg_roles where rolname = current_user)`,
  });
  return res.json().rows[0].n as number;
};

describe('admin SQL limits', () => {
  it('stops a statement past ADMIN_SQL_TIMEOUT_MS with 400 SQL_TIMEOUT', async () => {
    const single = await timed({ query: 'select pg_sleep(10)' });
    expect(single.res.statusCode, single.res.body).toBe(400);
    expect(errorOf(single.res).code).toBe('SQL_TIMEOUT');
    expect(errorOf(single.res).message).toMatch(/ADMIN_SQL_TIMEOUT_MS/);
    // Slack for a busy test machine; the sleep asked for 10 s.
    expect(single.ms).toBeLessThan(TIMEOUT_MS + 2000);

    const batch = await timed(
      { mode: 'transaction', statements: [{ query: 'select 1' }, { query: 'select pg_sleep(5)' }] },
      'batch',
    );
    expect(batch.res.statusCode, batch.res.body).toBe(400);
    expect(errorOf(batch.res).code).toBe('SQL_TIMEOUT');
    expect(errorOf(batch.res).message).toMatch(/^statement 1: /);

    // A time-out switched off by a route the statement check cannot see is still cut off.
    const sneaky = await timed({
      query: "select set_config('statement_' || 'timeout', '0', false); select pg_sleep(10)",
    });
    expect(sneaky.res.statusCode, sneaky.res.body).toBe(400);
    expect(errorOf(sneaky.res).code).toBe('SQL_TIMEOUT');
    expect(sneaky.ms).toBeLessThan(TIMEOUT_MS + WATCHDOG_GRACE_MS + 2000);

    // The connection is usable afterwards.
    const after = await run({ query: 'select 1 as one' });
    expect(after.json().rows).toEqual([{ one: 1 }]);
  });

  it("refuses changes to the role's settings, the time-outs and the transaction", async () => {
    for (const query of [
      'ALTER ROLE current_user SET statement_timeout = 0',
      'alter user current_user set lock_timeout = 0',
      '/* x */ alter database current_database() set statement_timeout = 0',
      'set statement_timeout = 0; select pg_sleep(2)',
      'SET SESSION lock_timeout TO 0',
      "select set_config('statement_timeout', '0', false)",
      'reset all',
      'set role none',
      'commit; alter role current_user set statement_timeout = 0',
      'select 1; begin',
    ]) {
      const res = await run({ query });
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).code, query).toBe('SQL_NOT_ALLOWED');
    }
    const inBatch = await run(
      { mode: 'pipeline', statements: [{ query: 'select 1' }, { query: 'reset role' }] },
      'batch',
    );
    expect(inBatch.statusCode).toBe(400);
    expect(errorOf(inBatch).message).toMatch(/^statement 1: /);

    // Written so no statement check can see it: the transaction is refused and rolled back.
    const hidden = await run({
      query: `do $$ begin execute 'alter role ' || quote_ident(current_user) || ' set statement_' || 'timeout = 0'; end $$`,
    });
    expect(hidden.statusCode, hidden.body).toBe(400);
    expect(errorOf(hidden).code).toBe('SQL_NOT_ALLOWED');
    expect(await roleSettings()).toBe(0);

    // Words like these inside strings and comments are data, not statements.
    const data = await run({ query: "select 'commit; alter role x' as s -- reset all" });
    expect(data.statusCode, data.body).toBe(200);
    expect(data.json().rows).toEqual([{ s: 'commit; alter role x' }]);
  });

  it('gives up on a lock after ADMIN_SQL_LOCK_TIMEOUT_MS with 409 SQL_LOCK_TIMEOUT', async () => {
    const holder = await t.app.dbPool.connect();
    try {
      await holder.query('begin');
      await holder.query('lock table cta_interactions in access exclusive mode');
      const waited = await timed(
        {
          mode: 'transaction',
          statements: [{ query: 'lock table cta_interactions in access exclusive mode' }],
        },
        'batch',
      );
      expect(waited.res.statusCode, waited.res.body).toBe(409);
      expect(errorOf(waited.res).code).toBe('SQL_LOCK_TIMEOUT');
      expect(errorOf(waited.res).message).toMatch(/ADMIN_SQL_LOCK_TIMEOUT_MS/);
      // Well before the statement time-out (which would answer SQL_TIMEOUT).
      expect(waited.ms).toBeLessThan(LOCK_TIMEOUT_MS + 1500);
    } finally {
      await holder.query('rollback');
      holder.release();
    }
  });
});
