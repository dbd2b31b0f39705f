import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { createProject, errorOf, newUser, projectRow, rest } from './db-test-helpers.ts';

const t = useTestApp();

describe('bad requests answer 400 with what is wrong, never 500', () => {
  let token: string;
  let projectId: string;
  beforeAll(async () => {
    const u = await newUser(t.app);
    token = u.token;
    projectId = (await createProject(t.app, token)).id as string;
  });

  const cases: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, string, unknown, RegExp][] = [
    ['unknown table', 'GET', 'users', '', undefined, /Unknown table "users"/],
    [
      'unknown column in a filter',
      'GET',
      'projects',
      'password=eq.x',
      undefined,
      /Unknown column "password" in filter/,
    ],
    [
      'unknown column in select',
      'GET',
      'projects',
      'select=id,secret',
      undefined,
      /Unknown column "secret" in select/,
    ],
    ['empty select entry', 'GET', 'projects', 'select=id,,name', undefined, /select must be/],
    [
      'unknown column in order',
      'GET',
      'projects',
      'order=nope.desc',
      undefined,
      /Unknown column "nope" in order/,
    ],
    [
      'bad order direction',
      'GET',
      'projects',
      'order=name.sideways',
      undefined,
      /Bad order "name.sideways"/,
    ],
    [
      'unknown operator',
      'GET',
      'projects',
      'name=between.a',
      undefined,
      /Unknown operator "between"/,
    ],
    ['operator without value', 'GET', 'projects', 'name=eq', undefined, /needs a value/],
    ['negative limit', 'GET', 'projects', 'limit=-1', undefined, /limit must be a whole number/],
    ['text limit', 'GET', 'projects', 'limit=ten', undefined, /limit must be a whole number/],
    ['huge limit', 'GET', 'projects', 'limit=100000', undefined, /from 0 to 1000/],
    ['bad offset', 'GET', 'projects', 'offset=1.5', undefined, /offset must be a whole number/],
    ['repeated limit', 'GET', 'projects', 'limit=1&limit=2', undefined, /only once/],
    ['is.true on text', 'GET', 'projects', 'name=is.true', undefined, /boolean columns only/],
    ['is with a value', 'GET', 'projects', 'name=is.foo', undefined, /is\. takes null/],
    ['bad timestamp', 'GET', 'projects', 'created_at=gt.yesterday', undefined, /ISO 8601/],
    [
      'like on a timestamp',
      'GET',
      'projects',
      'created_at=like.2020*',
      undefined,
      /text columns only/,
    ],
    ['unclosed in list', 'GET', 'projects', 'id=in.(a,"b', undefined, /in\.\(a,b\)|Unclosed quote/],
    [
      'columns naming no column',
      'POST',
      'projects',
      'columns=%22name%22,%22owner%22',
      { name: 'x', language: 'Go' },
      /columns names "owner", which is not a column/,
    ],
    [
      'blank name',
      'POST',
      'projects',
      '',
      { name: '   ', language: 'JavaScript' },
      /name: must not be blank/,
    ],
    [
      'long name',
      'POST',
      'projects',
      '',
      { name: 'x'.repeat(101), language: 'Go' },
      /name: must be at most 100/,
    ],
    [
      'unknown language',
      'POST',
      'projects',
      '',
      { name: 'x', language: 'Cobol' },
      /language: must be one of JavaScript/,
    ],
    ['missing language', 'POST', 'projects', '', { name: 'x' }, /language is required/],
    [
      'unknown field',
      'POST',
      'projects',
      '',
      { name: 'x', language: 'Go', stars: 5 },
      /unknown field\(s\) stars/,
    ],
    ['NUL in a value', 'POST', 'projects', '', { name: 'a\u0000b', language: 'Go' }, /NUL/],
    ['a string body', 'POST', 'projects', '', 'hello', /must be a JSON object/],
    ['an empty array', 'POST', 'projects', '', [], /non-empty array/],
    [
      'bad chat role',
      'POST',
      'chat_messages',
      '',
      { project_id: 'p', role: 'system', content: 'x' },
      /role: must be 'user' or 'assistant'/,
    ],
    ['PATCH without filter', 'PATCH', 'projects', '', { name: 'x' }, /PATCH needs a filter/],
    ['PATCH with an array', 'PATCH', 'projects', 'id=eq.x', [{ name: 'x' }], /one JSON object/],
    ['PATCH with nothing to change', 'PATCH', 'projects', 'id=eq.x', {}, /at least one field/],
    [
      'PATCH a bad value',
      'PATCH',
      'projects',
      'id=eq.x',
      { language: 'Klingon' },
      /language: must be one of/,
    ],
    ['DELETE without filter', 'DELETE', 'projects', '', undefined, /DELETE needs a filter/],
    [
      'DELETE with only select',
      'DELETE',
      'projects',
      'select=id',
      undefined,
      /DELETE needs a filter/,
    ],
  ];
  it.each(cases)('%s', async (_name, method, table, query, body, message) => {
    const res = await rest(t.app, method, table, { token, query, body });
    expect(res.statusCode, res.body).toBe(400);
    expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    expect(errorOf(res).message).toMatch(message);
  });

  it('refuses malformed JSON', async () => {
    const res = await rest(t.app, 'POST', 'projects', { token, raw: '{"name": ' });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toBe('The request body is not valid JSON.');
  });

  it('inserts nothing from a half-valid array and names the bad row', async () => {
    const before = await rest(t.app, 'GET', 'projects', { token, query: 'select=id' });
    const res = await rest(t.app, 'POST', 'projects', {
      token,
      body: [projectRow({ name: 'ok' }), projectRow({ language: 'Cobol' })],
    });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).message).toMatch(/^row 1: language/);
    const after = await rest(t.app, 'GET', 'projects', { token, query: 'select=id' });
    expect(after.json()).toEqual(before.json());
  });

  it('leaves the row alone after a refused PATCH', async () => {
    await rest(t.app, 'PATCH', 'projects', {
      token,
      query: `id=eq.${projectId}`,
      body: { name: '' },
    });
    const res = await rest(t.app, 'GET', 'projects', {
      token,
      query: `id=eq.${projectId}&select=name`,
    });
    expect(res.json()).toEqual([{ name: 'Demo' }]);
  });

  it('answers 404 for another project id and 401 without a token', async () => {
    const other = await rest(t.app, 'GET', 'projects', { token, project: 'someone-else' });
    expect(other.statusCode).toBe(404);
    const anon = await rest(t.app, 'GET', 'projects');
    expect(anon.statusCode).toBe(401);
    const anonPost = await rest(t.app, 'POST', 'projects', { body: projectRow() });
    expect(anonPost.statusCode).toBe(401);
  });
});
