// The SDK's versions module against the real buildApp() over HTTP (CONVENTIONS §12). The
// one kind of server file allowed to import the SDK: *.sdk.api.test.ts (eslint.config.js).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { signedInClient } from '../../test/sdk-client.ts';

let t: TestApp;
let baseUrl: string;
beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

const newClient = () => signedInClient(t.app, baseUrl);

describe('client.versions', () => {
  it('lists, reads, diffs, labels, commits and restores through the real server', async () => {
    const client = await newClient();
    await client.plan.upgrade('pro');
    const [project] = await client.db
      .from('projects')
      .insert({ name: 'SDK', language: 'JavaScript', code: 'one\ntwo' });
    const id = project!.id;

    const committed = await client.versions.commit(id, {
      code: 'one\nTWO\nthree',
      source: 'edit',
      prompt: 'shout two',
    });
    expect(committed.created).toBe(true);
    expect(committed.version).toMatchObject({ number: 2, source: 'edit', prompt: 'shout two' });
    const again = await client.versions.commit(id, { code: 'one\nTWO\nthree', source: 'edit' });
    expect(again).toMatchObject({ created: false, version: { number: 2 } });

    const list = await client.versions.list(id);
    expect(list.map((v) => v.number)).toEqual([2, 1]);
    expect((await client.versions.list(id, { limit: 1 })).map((v) => v.number)).toEqual([2]);
    expect((await client.versions.get(id, list[1]!.id)).code).toBe('one\ntwo');

    const diff = await client.versions.diff(id, list[1]!.id, list[0]!.id);
    expect(diff.hunks).toEqual([
      {
        oldStart: 2,
        oldLines: 1,
        newStart: 2,
        newLines: 2,
        removed: ['two'],
        added: ['TWO', 'three'],
      },
    ]);

    expect(await client.versions.label(id, list[1]!.id, 'first')).toMatchObject({
      label: 'first',
    });
    const restored = await client.versions.restore(id, list[1]!.id);
    expect(restored).toMatchObject({ number: 3, source: 'restore', code: 'one\ntwo' });
    const [row] = await client.db.from('projects').select('code').eq('id', id);
    expect(row!.code).toBe('one\ntwo');
  });

  it('rejects with FEATURE_NOT_IN_PLAN on Free and NOT_FOUND for another user', async () => {
    const free = await newClient();
    const [project] = await free.db
      .from('projects')
      .insert({ name: 'Free', language: 'JavaScript', code: 'x' });
    await expect(free.versions.list(project!.id)).rejects.toMatchObject({
      code: 'FEATURE_NOT_IN_PLAN',
      status: 403,
      message: 'Version control is not included in your plan. Upgrade to Pro to use it.',
    });
    const other = await newClient();
    await other.plan.upgrade('pro');
    await expect(other.versions.list(project!.id)).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    });
    await expect(other.versions.restore(project!.id, 'ver_x')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
