import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { createProject, errorOf, newUser, rest, userWithEmail } from './db-test-helpers.ts';

const adminEmail = `admin-${randomBytes(4).toString('hex')}@example.com`;
const t = useTestApp({ ADMIN_EMAILS: ` Other@example.com , ${adminEmail.toUpperCase()}` });

describe('admin SQL', () => {
  it('refuses /sql and /batch to users (403) and to visitors (401)', async () => {
    const u = await newUser(t.app);
    const body = { query: 'select 1 as one' };
    const auth = { authorization: `Bearer ${u.token}` };
    for (const path of ['sql', 'batch']) {
      const payload = path === 'sql' ? body : { statements: [body] };
      const asUser = await t.app.inject({
        method: 'POST',
        url: `/api/db/codewright/${path}`,
        headers: auth,
        payload,
      });
      expect(asUser.statusCode).toBe(403);
      expect(errorOf(asUser).code).toBe('FORBIDDEN');
      const anon = await t.app.inject({
        method: 'POST',
        url: `/api/db/codewright/${path}`,
        payload,
      });
      expect(anon.statusCode).toBe(401);
    }
  });

  it('runs SQL with parameters for the admin, and answers database errors with 400', async () => {
    const admin = await userWithEmail(t.app, adminEmail);
    const auth = { authorization: `Bearer ${admin.token}` };
    const run = (payload: unknown, path = 'sql') =>
      t.app.inject({
        method: 'POST',
        url: `/api/db/codewright/${path}`,
        headers: auth,
        payload: payload as object,
      });

    const one = await run({ query: 'select $1::int + 1 as n, $2::text as s', params: [41, 'hi'] });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json()).toMatchObject({ rows: [{ n: 42, s: 'hi' }], rowCount: 1 });

    // Values JSON cannot hold as such come back as text; several statements run without params.
    const odd = await run({
      query: "select 9007199254740993::bigint as big, '\\x00ff'::bytea as b",
    });
    expect(odd.statusCode, odd.body).toBe(200);
    expect(odd.json().rows).toEqual([{ big: '9007199254740993', b: '\\x00ff' }]);
    const several = await run({ query: 'select 1 as a; select 2 as b' });
    expect(several.json().rows).toEqual([{ b: 2 }]);

    const broken = await run({ query: 'select * from no_such_table' });
    expect(broken.statusCode).toBe(400);
    expect(errorOf(broken).message).toMatch(/no_such_table/);

    const tag = `batch_${randomBytes(4).toString('hex')}`;
    // The statements of the batches below: a row with the tag, and the count of those rows.
    const insertTagged = (n: number) => ({
      query: 'insert into cta_interactions (id, cta_name, page) values ($1, $2, $3)',
      params: [`cta_${n}_${tag}`, tag, '/'],
    });
    const countTagged = {
      query: 'select count(*)::int as n from cta_interactions where cta_name = $1',
      params: [tag],
    };
    const rolledBack = await run(
      {
        mode: 'transaction',
        statements: [insertTagged(1), { query: 'select 1/0' }],
      },
      'batch',
    );
    expect(rolledBack.statusCode).toBe(400);
    expect(errorOf(rolledBack).message).toMatch(/^statement 1: .*division by zero/);
    const count = await run(countTagged);
    expect(count.json().rows[0].n).toBe(0);

    // A change made through admin SQL is seen by the next REST read (no stale cached answer).
    const owner = await newUser(t.app);
    const project = await createProject(t.app, owner.token, { name: 'before' });
    const list = () => rest(t.app, 'GET', 'projects', { token: owner.token, query: 'select=name' });
    expect((await list()).json()).toEqual([{ name: 'before' }]);
    await run({
      query: 'update projects set name = $1 where id = $2',
      params: ['after', project.id],
    });
    expect((await list()).json()).toEqual([{ name: 'after' }]);

    const pipeline = await run(
      {
        mode: 'pipeline',
        statements: [insertTagged(2), { query: 'select 1/0' }, countTagged],
      },
      'batch',
    );
    expect(pipeline.statusCode).toBe(200);
    const results = pipeline.json().results;
    expect(results[0].rowCount).toBe(1);
    expect(results[1].error.message).toMatch(/division by zero/);
    expect(results[2].rows[0].n).toBe(1);
  });
});
