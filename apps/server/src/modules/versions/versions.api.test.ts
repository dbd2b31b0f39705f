import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VersionSchema, VersionListSchema } from '@codewright/contract';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createProject, errorOf, rest } from '../db/db-test-helpers.ts';
import { commit, listVersions, proMember, readVersion, versions } from './versions-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const file = (n: number, tag = 'v') =>
  Array.from({ length: n }, (_, i) => `const ${tag}${i} = ${i};`).join('\n');

describe('versions of a saved project', () => {
  it('makes a version for each source, newest first, each with the code it had', async () => {
    const u = await proMember(t.app);
    const project = await createProject(t.app, u.token, { code: 'let a = 1;' });
    const id = String(project.id);
    // A save through the db REST API (the generator's Save / Update).
    const patched = await rest(t.app, 'PATCH', 'projects', {
      token: u.token,
      query: `id=eq.${id}`,
      body: { code: 'let a = 2;' },
    });
    expect(patched.statusCode).toBe(200);
    await commit(t.app, u.token, id, {
      code: 'let a = 3;',
      source: 'generation',
      prompt: 'make a',
    });
    await commit(t.app, u.token, id, { code: 'let a = 4;', source: 'edit', prompt: 'bump a' });
    await commit(t.app, u.token, id, { code: 'let a = 5;', source: 'fix', prompt: 'fix a' });
    await commit(t.app, u.token, id, { code: 'let a = 6;', source: 'upload' });
    const first = (await listVersions(t.app, u.token, id)).at(-1)!;
    const restored = await versions(t.app, 'POST', `${id}/${first.id}/restore`, u.token);
    expect(restored.statusCode).toBe(201);

    const list = await listVersions(t.app, u.token, id);
    expect(VersionListSchema.parse({ versions: list })).toBeTruthy();
    expect(Object.keys(list[0]!).sort()).toEqual(
      ['authorId', 'createdAt', 'id', 'label', 'number', 'prompt', 'source'].sort(),
    );
    expect(list.map((v) => [v.number, v.source, v.prompt])).toEqual([
      [7, 'restore', null],
      [6, 'upload', null],
      [5, 'fix', 'fix a'],
      [4, 'edit', 'bump a'],
      [3, 'generation', 'make a'],
      [2, 'save', null],
      [1, 'save', null],
    ]);
    expect(list.every((v) => v.authorId === u.id && !('code' in v))).toBe(true);
    expect(list.every((v) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/.test(v.createdAt))).toBe(
      true,
    );
    const codes = await Promise.all(list.map((v) => readVersion(t.app, u.token, id, v.id)));
    expect(codes.map((v) => v.code)).toEqual([
      'let a = 1;',
      'let a = 6;',
      'let a = 5;',
      'let a = 4;',
      'let a = 3;',
      'let a = 2;',
      'let a = 1;',
    ]);
    expect(VersionSchema.parse(codes[0])).toBeTruthy();
  });

  it('a restore adds a version, deletes none, and becomes the project code', async () => {
    const u = await proMember(t.app);
    const id = String((await createProject(t.app, u.token, { code: 'one' })).id);
    await commit(t.app, u.token, id, { code: 'two', source: 'edit' });
    const [two, one] = await listVersions(t.app, u.token, id);
    const res = await versions(t.app, 'POST', `${id}/${one!.id}/restore`, u.token);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ number: 3, source: 'restore', code: 'one', authorId: u.id });
    const after = await listVersions(t.app, u.token, id);
    expect(after.map((v) => v.id)).toEqual([res.json<{ id: string }>().id, two!.id, one!.id]);
    const rows = await rest(t.app, 'GET', 'projects', { token: u.token, query: `id=eq.${id}` });
    expect(rows.json<{ code: string }[]>()[0]!.code).toBe('one');
    // Restoring the code the project already has still adds a version.
    const again = await versions(t.app, 'POST', `${id}/${one!.id}/restore`, u.token);
    expect(again.json()).toMatchObject({ number: 4, source: 'restore' });
  });

  it('two parallel saves give two versions in a defined order; none is lost', async () => {
    const u = await proMember(t.app);
    const id = String((await createProject(t.app, u.token, { code: 'base' })).id);
    const save = (code: string) =>
      rest(t.app, 'PATCH', 'projects', { token: u.token, query: `id=eq.${id}`, body: { code } });
    const results = await Promise.all([save('tab one'), save('tab two')]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    const list = await listVersions(t.app, u.token, id);
    expect(list.map((v) => v.number)).toEqual([3, 2, 1]);
    const [latest, middle] = await Promise.all(
      list.slice(0, 2).map((v) => readVersion(t.app, u.token, id, v.id)),
    );
    expect([latest!.code, middle!.code].sort()).toEqual(['tab one', 'tab two']);
    const rows = await rest(t.app, 'GET', 'projects', { token: u.token, query: `id=eq.${id}` });
    expect(rows.json<{ code: string }[]>()[0]!.code).toBe(latest!.code);

    // Parallel commits from two tabs as well: ten at once, ten versions, numbers 4..13.
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        commit(t.app, u.token, id, { code: `c${i}`, source: 'edit' }),
      ),
    );
    const after = await listVersions(t.app, u.token, id);
    expect(after.map((v) => v.number)).toEqual(Array.from({ length: 13 }, (_, i) => 13 - i));
  });

  it('makes no version when a write leaves the code as it was', async () => {
    const u = await proMember(t.app);
    const id = String((await createProject(t.app, u.token, { code: 'same' })).id);
    await rest(t.app, 'PATCH', 'projects', {
      token: u.token,
      query: `id=eq.${id}`,
      body: { name: 'Renamed' },
    });
    await rest(t.app, 'PATCH', 'projects', {
      token: u.token,
      query: `id=eq.${id}`,
      body: { code: 'same' },
    });
    const unchanged = await versions(t.app, 'POST', id, u.token, { code: 'same', source: 'edit' });
    expect(unchanged.statusCode).toBe(200);
    expect(unchanged.json()).toMatchObject({ number: 1, source: 'save', code: 'same' });
    expect(await listVersions(t.app, u.token, id)).toHaveLength(1);
    // A project saved empty has no version until code arrives.
    const empty = String((await createProject(t.app, u.token, { code: '' })).id);
    expect(await listVersions(t.app, u.token, empty)).toEqual([]);
  });

  it('gives each project of a multi-row insert its first version, except a blank one', async () => {
    const u = await proMember(t.app);
    const res = await rest(t.app, 'POST', 'projects', {
      token: u.token,
      body: ['a', 'b', ' '].map((code, i) => ({ name: `P${i}`, language: 'Go', code })),
    });
    expect(res.statusCode).toBe(201);
    const ids = res.json<{ id: string }[]>().map((r) => r.id);
    const lists = await Promise.all(ids.map((id) => listVersions(t.app, u.token, id)));
    expect(lists.map((l) => l.map((v) => [v.number, v.source]))).toEqual([
      [[1, 'save']],
      [[1, 'save']],
      [],
    ]);
    expect((await readVersion(t.app, u.token, ids[1]!, lists[1]![0]!.id)).code).toBe('b');
  });

  it('rebuilds every version exactly across many small edits of a large file', async () => {
    const u = await proMember(t.app);
    let code = file(400);
    const id = String((await createProject(t.app, u.token, { code })).id);
    const expected = [code];
    for (let i = 0; i < 60; i++) {
      const lines = code.split('\n');
      lines[(i * 37) % lines.length] = `// edit ${i}`;
      if (i % 7 === 0) lines.splice(i, 0, `// inserted ${i}`);
      if (i % 11 === 0) lines.splice(200, 2);
      code = lines.join('\n');
      expected.push(code);
      await commit(t.app, u.token, id, { code, source: 'edit', prompt: `edit ${i}` });
    }
    const list = await listVersions(t.app, u.token, id);
    expect(list).toHaveLength(61);
    for (const v of list)
      expect((await readVersion(t.app, u.token, id, v.id)).code).toBe(expected[v.number - 1]);
  });

  it('labels a version as a checkpoint, clears it, and pages the list', async () => {
    const u = await proMember(t.app);
    const id = String((await createProject(t.app, u.token, { code: '1' })).id);
    for (const code of ['2', '3', '4']) await commit(t.app, u.token, id, { code, source: 'edit' });
    const [, third] = await listVersions(t.app, u.token, id);
    const labelled = await versions(t.app, 'PATCH', `${id}/${third!.id}`, u.token, {
      label: '  Works  ',
    });
    expect(labelled.statusCode).toBe(200);
    expect(labelled.json()).toMatchObject({ id: third!.id, label: 'Works', number: 3 });
    expect((await listVersions(t.app, u.token, id))[1]!.label).toBe('Works');
    const cleared = await versions(t.app, 'PATCH', `${id}/${third!.id}`, u.token, { label: null });
    expect(cleared.json()).toMatchObject({ label: null });
    const page = await versions(t.app, 'GET', `${id}?limit=2&before=4`, u.token);
    expect(page.json<{ versions: { number: number }[] }>().versions.map((v) => v.number)).toEqual([
      3, 2,
    ]);
  });

  it('diffs two versions: both codes and the hunks between them', async () => {
    const u = await proMember(t.app);
    const id = String((await createProject(t.app, u.token, { code: 'a\nb\nc' })).id);
    await commit(t.app, u.token, id, { code: 'a\nB\nc\nd', source: 'edit' });
    const [to, from] = await listVersions(t.app, u.token, id);
    const res = await versions(t.app, 'GET', `${id}/diff?from=${from!.id}&to=${to!.id}`, u.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      from: { id: from!.id, code: 'a\nb\nc' },
      to: { id: to!.id, code: 'a\nB\nc\nd' },
      hunks: [
        { oldStart: 2, oldLines: 1, newStart: 2, newLines: 1, removed: ['b'], added: ['B'] },
        { oldStart: 4, oldLines: 0, newStart: 4, newLines: 1, removed: [], added: ['d'] },
      ],
      added: 2,
      removed: 1,
    });
  });

  it('refuses bad input with 400 and a message that names the field', async () => {
    const u = await proMember(t.app);
    const id = String((await createProject(t.app, u.token, { code: 'x' })).id);
    const [v] = await listVersions(t.app, u.token, id);
    const cases = [
      await versions(t.app, 'POST', id, u.token, { code: 'y', source: 'restore' }),
      await versions(t.app, 'POST', id, u.token, { code: 'y', source: 'edit', extra: 1 }),
      await versions(t.app, 'PATCH', `${id}/${v!.id}`, u.token, { label: '   ' }),
      await versions(t.app, 'PATCH', `${id}/${v!.id}`, u.token, { label: 'x'.repeat(101) }),
      await versions(t.app, 'GET', `${id}?limit=0`, u.token),
      await versions(t.app, 'GET', `${id}/diff?from=${v!.id}`, u.token),
    ];
    for (const res of cases) {
      expect(res.statusCode).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    }
    expect(errorOf(cases[0]!).message).toMatch(/source/);
    expect(errorOf(cases[2]!).message).toMatch(/label/);
  });
});
