import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { PROJECT_CODE_MAX_LENGTH, SERVER_ERROR_MESSAGES } from '@codewright/contract';
import { useTestApp } from '../../test/test-app.ts';
import {
  createProject,
  errorOf,
  newUser,
  projectById,
  projectRow,
  proUser,
  rest,
} from './db-test-helpers.ts';

const t = useTestApp();

type Row = Record<string, unknown>;

describe('projects: create, read, update, delete', () => {
  it('creates a project owned by the caller whatever user_id it sent, with server ids and times', async () => {
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const res = await rest(t.app, 'POST', 'projects', {
      token: a.token,
      body: projectRow({
        user_id: b.id,
        description: 'first prompt',
        created_at: '2001-01-01T00:00:00Z',
      }),
    });
    expect(res.statusCode).toBe(201);
    const [row] = res.json<Row[]>();
    expect(row).toMatchObject({
      user_id: a.id,
      name: 'Demo',
      language: 'JavaScript',
      description: 'first prompt',
    });
    expect(row!.id).toMatch(/^proj_\d+_[A-Za-z0-9_-]{6,}$/);
    expect(Date.parse(row!.created_at as string)).toBeGreaterThan(Date.parse('2020-01-01'));
    expect(row!.updated_at).toBe(row!.created_at);
    expect(Object.keys(row!).sort()).toEqual([
      'code',
      'created_at',
      'description',
      'id',
      'language',
      'name',
      'share_token',
      'updated_at',
      'updated_by',
      'user_id',
      'visibility',
      'workspace_id',
    ]);
  });

  it('accepts a well-formed client id, refuses a bare timestamp id, and answers a clash with 409', async () => {
    const a = await newUser(t.app);
    const b = await newUser(t.app);
    const id = `proj_${Date.now()}_${randomBytes(6).toString('hex')}`;
    expect((await createProject(t.app, a.token, { id })).id).toBe(id);

    const bare = await rest(t.app, 'POST', 'projects', {
      token: a.token,
      body: projectRow({ id: `proj_${Date.now()}` }),
    });
    expect(bare.statusCode).toBe(400);
    expect(errorOf(bare).message).toMatch(/id: must look like proj_<timestamp>_<random/);

    // Another user reusing the id neither overwrites nor learns anything but the clash.
    const clash = await rest(t.app, 'POST', 'projects', {
      token: b.token,
      body: projectRow({ id, name: 'Hijack' }),
    });
    expect(clash.statusCode).toBe(409);
    expect(errorOf(clash).code).toBe('CONFLICT');
    const mine = await projectById(t.app, 'GET', a.token, id);
    expect(mine.json<Row[]>()[0]).toMatchObject({ name: 'Demo', user_id: a.id });
  });

  it('selects columns, orders, limits and offsets', async () => {
    const u = await proUser(t.app);
    for (const name of ['b', 'a', 'd', 'c']) await createProject(t.app, u.token, { name });
    const res = await rest(t.app, 'GET', 'projects', {
      token: u.token,
      query: 'select=id,name&order=name.desc&limit=2&offset=1',
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json<Row[]>();
    expect(rows.map((r) => r.name)).toEqual(['c', 'b']);
    expect(Object.keys(rows[0]!).sort()).toEqual(['id', 'name']);
    const newest = await rest(t.app, 'GET', 'projects', {
      token: u.token,
      query: 'order=created_at.desc,name.asc&limit=1',
    });
    expect(newest.json<Row[]>()[0]!.name).toBe('c');
  });

  it('filters with every operator', async () => {
    const u = await proUser(t.app);
    const made: Row[] = [];
    for (const [name, description] of [
      ['alpha', 'x'],
      ['beta', null],
      ['gamma', 'y'],
      ['Delta', null],
      ['epsilon, the fifth', 'z'],
    ] as const)
      made.push(await createProject(t.app, u.token, { name, description }));
    const names = async (query: string) => {
      const res = await rest(t.app, 'GET', 'projects', {
        token: u.token,
        query: `${query}&order=name.asc&select=name`,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<Row[]>().map((r) => r.name);
    };
    expect(await names('name=eq.beta')).toEqual(['beta']);
    expect(await names('name=neq.beta')).toEqual(['Delta', 'alpha', 'epsilon, the fifth', 'gamma']);
    expect(await names('name=gt.beta')).toEqual(['epsilon, the fifth', 'gamma']);
    expect(await names('name=gte.beta')).toEqual(['beta', 'epsilon, the fifth', 'gamma']);
    expect(await names('name=lt.beta')).toEqual(['Delta', 'alpha']);
    expect(await names('name=lte.beta')).toEqual(['Delta', 'alpha', 'beta']);
    expect(await names('name=like.*lph*')).toEqual(['alpha']);
    expect(await names(`name=like.${encodeURIComponent('%amm%')}`)).toEqual(['gamma']);
    expect(await names('name=like.DELTA')).toEqual([]);
    expect(await names('name=ilike.DEL*')).toEqual(['Delta']);
    expect(await names(`name=in.(alpha,"epsilon, the fifth",nope)`)).toEqual([
      'alpha',
      'epsilon, the fifth',
    ]);
    expect(await names('name=in.()')).toEqual([]);
    expect(await names('description=is.null')).toEqual(['Delta', 'beta']);
    expect(await names('description=not.is.null')).toEqual([
      'alpha',
      'epsilon, the fifth',
      'gamma',
    ]);
    expect(await names('name=not.in.(alpha,beta,gamma)')).toEqual(['Delta', 'epsilon, the fifth']);
    // Two filters on one column combine with AND.
    expect(await names('name=gte.b&name=lt.g')).toEqual(['beta', 'epsilon, the fifth']);
    const since = made[2]!.created_at as string;
    expect(await names(`created_at=gte.${encodeURIComponent(since)}`)).toEqual([
      'Delta',
      'epsilon, the fifth',
      'gamma',
    ]);
    // A timestamp read back matches eq. exactly (stored at millisecond precision).
    expect(
      await names(`created_at=eq.${encodeURIComponent(made[0]!.created_at as string)}`),
    ).toEqual(['alpha']);
  });

  it('updates by id: returns changed rows, sets updated_at itself, refuses ownership fields', async () => {
    const u = await newUser(t.app);
    const p = await createProject(t.app, u.token);
    await new Promise((r) => setTimeout(r, 5));
    const res = await projectById(t.app, 'PATCH', u.token, p.id, {
      name: 'Renamed',
      code: 'x',
      language: 'Python',
      updated_at: '2001-01-01T00:00:00.000Z',
    });
    expect(res.statusCode).toBe(200);
    const [row] = res.json<Row[]>();
    expect(row).toMatchObject({
      id: p.id,
      name: 'Renamed',
      code: 'x',
      language: 'Python',
      created_at: p.created_at,
    });
    expect(Date.parse(row!.updated_at as string)).toBeGreaterThan(
      Date.parse(p.updated_at as string),
    );

    for (const field of ['user_id', 'id', 'created_at']) {
      const refused = await projectById(t.app, 'PATCH', u.token, p.id, {
        [field]: 'usr_other',
        name: 'x',
      });
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused).message).toBe(`${field} cannot be changed.`);
    }
  });

  it('deletes by id and returns the deleted rows; the project’s chat messages go with it', async () => {
    const u = await newUser(t.app);
    const p = await createProject(t.app, u.token);
    const msg = await rest(t.app, 'POST', 'chat_messages', {
      token: u.token,
      body: [
        { project_id: p.id, role: 'user', content: 'make a counter' },
        { project_id: p.id, role: 'assistant', content: 'here', code_snapshot: 'let n = 0' },
      ],
    });
    expect(msg.statusCode).toBe(201);
    const del = await projectById(t.app, 'DELETE', u.token, p.id);
    expect(del.statusCode).toBe(200);
    expect(del.json<Row[]>().map((r) => r.id)).toEqual([p.id]);
    const left = await rest(t.app, 'GET', 'chat_messages', {
      token: u.token,
      query: `project_id=eq.${p.id}`,
    });
    expect(left.json()).toEqual([]);
    const again = await projectById(t.app, 'DELETE', u.token, p.id);
    expect(again.json()).toEqual([]);
  });

  it('takes a 1 MiB code and refuses one character more', async () => {
    const u = await newUser(t.app);
    const ok = await rest(t.app, 'POST', 'projects', {
      token: u.token,
      body: projectRow({ code: 'a'.repeat(PROJECT_CODE_MAX_LENGTH) }),
      query: 'select=id',
    });
    expect(ok.statusCode).toBe(201);
    const tooLong = await rest(t.app, 'POST', 'projects', {
      token: u.token,
      body: projectRow({ code: 'a'.repeat(PROJECT_CODE_MAX_LENGTH + 1) }),
    });
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong).message).toMatch(/code: must be at most 1048576 characters/);
    const huge = await rest(t.app, 'POST', 'projects', {
      token: u.token,
      raw: `"${'a'.repeat(5 * 1024 * 1024)}"`,
    });
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).message).toMatch(/4 MB/);
  });
});

describe('project cap (DESIGN §3.4)', () => {
  it('lets exactly three of five parallel creates through on a fresh Free account', async () => {
    const u = await newUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        rest(t.app, 'POST', 'projects', { token: u.token, body: projectRow({ name: `p${i}` }) }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 402, 402]);
    const refused = results.find((r) => r.statusCode === 402)!;
    expect(errorOf(refused)).toEqual({
      code: 'PROJECT_LIMIT_REACHED',
      message: SERVER_ERROR_MESSAGES.PROJECT_LIMIT_REACHED,
    });
    const rows = await rest(t.app, 'GET', 'projects', { token: u.token, query: 'select=id' });
    expect(rows.json()).toHaveLength(3);
  });

  it('inserts nothing from an array that would cross the cap', async () => {
    const u = await newUser(t.app);
    await createProject(t.app, u.token);
    const res = await rest(t.app, 'POST', 'projects', {
      token: u.token,
      body: [projectRow(), projectRow(), projectRow()],
    });
    expect(res.statusCode).toBe(402);
    expect((await rest(t.app, 'GET', 'projects', { token: u.token })).json()).toHaveLength(1);
    // After deleting one, there is room again.
    const two = await rest(t.app, 'POST', 'projects', {
      token: u.token,
      body: [projectRow(), projectRow()],
    });
    expect(two.statusCode).toBe(201);
  });
});
