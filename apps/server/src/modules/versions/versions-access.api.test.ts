import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createProject, errorOf, newUser, rest, upgrade } from '../db/db-test-helpers.ts';
import { rowsOf } from '../../db/query.ts';
import { commit, listVersions, proMember, versions } from './versions-test-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  // A long read cache, so a stale project read after a restore would show.
  t = await createTestApp({ DB_READ_CACHE_MS: '60000' });
});
afterAll(async () => {
  await t?.close();
});

async function storedVersions(projectId: string): Promise<number> {
  const [row] = rowsOf<{ n: number }>(
    await t.app.db.execute(
      sql`select count(*)::int as n from project_versions where project_id = ${projectId}`,
    ),
  );
  return row!.n;
}

/** Every versions route for one project and version. */
function everyRoute(projectId: string, versionId: string, token: string) {
  return Promise.all([
    versions(t.app, 'GET', projectId, token),
    versions(t.app, 'GET', `${projectId}/${versionId}`, token),
    versions(t.app, 'GET', `${projectId}/diff?from=${versionId}&to=${versionId}`, token),
    versions(t.app, 'POST', `${projectId}/${versionId}/restore`, token),
    versions(t.app, 'PATCH', `${projectId}/${versionId}`, token, { label: 'x' }),
    versions(t.app, 'POST', projectId, token, { code: 'stolen', source: 'edit' }),
  ]);
}

describe('who may use version control', () => {
  it('answers a Free user 403 FEATURE_NOT_IN_PLAN naming Version control, on every route', async () => {
    const free = await newUser(t.app);
    const id = String((await createProject(t.app, free.token, { code: 'free code' })).id);
    // The history is kept on Free too (shown after an upgrade), but no route serves it.
    expect(await storedVersions(id)).toBe(1);
    for (const res of await everyRoute(id, 'ver_any', free.token)) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: {
          code: 'FEATURE_NOT_IN_PLAN',
          message: 'Version control is not included in your plan. Upgrade to Pro to use it.',
        },
      });
    }
    // Also for a project that does not exist: the plan is checked first, nothing leaks.
    expect((await versions(t.app, 'GET', 'proj_1_nothere', free.token)).statusCode).toBe(403);
    expect(await upgrade(t.app, free.token, 'enterprise')).toHaveProperty('statusCode', 200);
    expect((await listVersions(t.app, free.token, id)).map((v) => v.source)).toEqual(['save']);
  });

  it('answers another user 404 on list, read, diff, restore, label and commit, and changes nothing', async () => {
    const owner = await proMember(t.app);
    const other = await proMember(t.app);
    const id = String((await createProject(t.app, owner.token, { code: 'mine' })).id);
    const [v] = await listVersions(t.app, owner.token, id);
    for (const res of await everyRoute(id, v!.id, other.token)) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res)).toEqual({ code: 'NOT_FOUND', message: `Project ${id} not found.` });
    }
    expect(await listVersions(t.app, owner.token, id)).toEqual([v]);
    const rows = await rest(t.app, 'GET', 'projects', { token: owner.token, query: `id=eq.${id}` });
    expect(rows.json<{ code: string }[]>()[0]!.code).toBe('mine');
  });

  it('answers 404 for a version of another project, and for an unknown one', async () => {
    const u = await proMember(t.app);
    const a = String((await createProject(t.app, u.token, { code: 'a' })).id);
    const b = String((await createProject(t.app, u.token, { code: 'b' })).id);
    const [ofB] = await listVersions(t.app, u.token, b);
    for (const versionId of [ofB!.id, 'ver_unknown']) {
      const read = await versions(t.app, 'GET', `${a}/${versionId}`, u.token);
      expect(read.statusCode).toBe(404);
      expect(errorOf(read).message).toBe(`Version ${versionId} not found.`);
      const restore = await versions(t.app, 'POST', `${a}/${versionId}/restore`, u.token);
      expect(restore.statusCode).toBe(404);
    }
    const otherApp = await t.app.inject({
      method: 'GET',
      url: `/api/versions/other-app/${a}`,
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(otherApp.statusCode).toBe(404);
  });

  it('needs a Bearer token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/versions/codewright/proj_1_x' });
    expect(res.statusCode).toBe(401);
  });

  it("removes a project's versions with the project", async () => {
    const u = await proMember(t.app);
    const id = String((await createProject(t.app, u.token, { code: '1' })).id);
    await commit(t.app, u.token, id, { code: '2', source: 'edit' });
    expect(await storedVersions(id)).toBe(2);
    const del = await rest(t.app, 'DELETE', 'projects', { token: u.token, query: `id=eq.${id}` });
    expect(del.statusCode).toBe(200);
    expect(await storedVersions(id)).toBe(0);
    expect((await versions(t.app, 'GET', id, u.token)).statusCode).toBe(404);
  });

  it('a restore is seen at once by a project read, even with the read cache on', async () => {
    const u = await proMember(t.app);
    const id = String((await createProject(t.app, u.token, { code: 'first' })).id);
    await commit(t.app, u.token, id, { code: 'second', source: 'edit' });
    const read = () =>
      rest(t.app, 'GET', 'projects', { token: u.token, query: `id=eq.${id}&select=code` });
    expect((await read()).json()).toEqual([{ code: 'second' }]);
    const first = (await listVersions(t.app, u.token, id)).at(-1)!;
    await versions(t.app, 'POST', `${id}/${first.id}/restore`, u.token);
    expect((await read()).json()).toEqual([{ code: 'first' }]);
  });
});
