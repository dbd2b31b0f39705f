import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createProject, rest } from '../db/db-test-helpers.ts';
import { commit, listVersions, proMember, readVersion } from './versions-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

/** Stores one chat message as the generator's Save does (one POST each, with its own time). */
async function message(
  token: string,
  projectId: string,
  role: 'user' | 'assistant',
  content: string,
  createdAt: string,
  codeSnapshot: string | null = null,
) {
  const res = await rest(t.app, 'POST', 'chat_messages', {
    token,
    body: {
      project_id: projectId,
      role,
      content,
      created_at: createdAt,
      code_snapshot: codeSnapshot,
    },
  });
  if (res.statusCode !== 201) throw new Error(`message failed: ${res.statusCode} ${res.body}`);
}

describe('work before the first save', () => {
  it('turns the chat snapshots into the first versions, before the save, with their prompts', async () => {
    const u = await proMember(t.app);
    // The generator saves the project first, then its chat, oldest message first.
    const id = String((await createProject(t.app, u.token, { code: 'v2 + tweak' })).id);
    await message(u.token, id, 'user', 'make a counter', ago(10));
    await message(u.token, id, 'assistant', 'Here it is.', ago(9), 'v1');
    await message(u.token, id, 'user', 'add a reset', ago(8));
    await message(u.token, id, 'assistant', 'Done.', ago(7), 'v2');
    await message(u.token, id, 'user', 'a question without code', ago(6));
    await message(u.token, id, 'assistant', 'An answer without code.', ago(5));

    const list = await listVersions(t.app, u.token, id);
    expect(list.map((v) => [v.number, v.source, v.prompt])).toEqual([
      [3, 'save', null],
      [2, 'edit', 'add a reset'],
      [1, 'generation', 'make a counter'],
    ]);
    const codes = await Promise.all(list.map((v) => readVersion(t.app, u.token, id, v.id)));
    expect(codes.map((v) => v.code)).toEqual(['v2 + tweak', 'v2', 'v1']);
    expect(new Date(list[2]!.createdAt).getTime()).toBeLessThan(
      new Date(list[0]!.createdAt).getTime(),
    );
  });

  it('takes several messages in one insert, in time order, skipping a repeated snapshot', async () => {
    const u = await proMember(t.app);
    const id = String((await createProject(t.app, u.token, { code: 'b' })).id);
    const res = await rest(t.app, 'POST', 'chat_messages', {
      token: u.token,
      body: [
        {
          project_id: id,
          role: 'assistant',
          content: 'second',
          created_at: ago(3),
          code_snapshot: 'b',
        },
        { project_id: id, role: 'user', content: 'start', created_at: ago(5) },
        {
          project_id: id,
          role: 'assistant',
          content: 'first',
          created_at: ago(4),
          code_snapshot: 'a',
        },
        {
          project_id: id,
          role: 'assistant',
          content: 'again',
          created_at: ago(2),
          code_snapshot: 'b',
        },
      ],
    });
    expect(res.statusCode).toBe(201);
    const list = await listVersions(t.app, u.token, id);
    expect(list.map((v) => [v.number, v.source, v.prompt])).toEqual([
      [3, 'save', null],
      [2, 'edit', 'start'],
      [1, 'generation', 'start'],
    ]);
  });

  it('makes no version of messages stored once the project has a later history', async () => {
    const u = await proMember(t.app);
    const id = String((await createProject(t.app, u.token, { code: 'one' })).id);
    await commit(t.app, u.token, id, { code: 'two', source: 'edit' });
    await message(u.token, id, 'assistant', 'late', ago(1), 'late snapshot');
    expect((await listVersions(t.app, u.token, id)).map((v) => v.number)).toEqual([2, 1]);
  });

  it('keeps labels and ids of versions already there when snapshots arrive', async () => {
    const u = await proMember(t.app);
    const id = String((await createProject(t.app, u.token, { code: 'saved' })).id);
    const [save] = await listVersions(t.app, u.token, id);
    await message(u.token, id, 'assistant', 'x', ago(4), 'draft');
    const list = await listVersions(t.app, u.token, id);
    expect(list.map((v) => [v.id === save!.id, v.number])).toEqual([
      [true, 2],
      [false, 1],
    ]);
    // A chat message into someone else's project is still a 404 and makes nothing.
    const other = await proMember(t.app);
    const foreign = await rest(t.app, 'POST', 'chat_messages', {
      token: other.token,
      body: { project_id: id, role: 'assistant', content: 'x', code_snapshot: 'evil' },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await listVersions(t.app, u.token, id)).toHaveLength(2);
  });
});
