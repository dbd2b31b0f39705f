// Versions keep the whole tree (issue 45): each change of a project's files is a version of all of
// them; a version reads back with its files; a diff names changed, added, removed and renamed
// files with hunks per file; a restore brings the whole tree back, as a new version.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type VersionDiff, VersionDiffSchema, VersionSchema } from '@codewright/contract';
import { useTestApp } from '../../test/test-app.ts';
import { createProject, rest } from '../db/db-test-helpers.ts';
import { writeProjectZip } from '../db/files-zip.ts';
import { listVersions, proMember, readVersion, versions } from './versions-test-helpers.ts';

const t = useTestApp();

const MAIN_V1 = "import { two } from './helper.js';\nimport './style.css';\nconsole.log(two);";
const MAIN_V2 = "import { two } from './lib/util.js';\nimport './style.css';\nconsole.log(two);";
const HELPER = 'export const two = 2;\n';
const STYLE = 'body { color: teal; }\n';

async function tree(token: string, projectId: string) {
  const res = await rest(t.app, 'GET', 'project_files', {
    token,
    query: `project_id=eq.${projectId}&order=path&select=path,content,is_main`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Array<{ path: string; content: string; is_main: boolean }>>();
}

async function write(
  method: 'POST' | 'PATCH' | 'DELETE',
  token: string,
  body?: unknown,
  query?: string,
) {
  const res = await rest(t.app, method, 'project_files', { token, body, query });
  expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
  return res.json<Array<{ id: string }>>();
}

async function diff(token: string, projectId: string, from: string, to: string) {
  const res = await versions(t.app, 'GET', `${projectId}/diff?from=${from}&to=${to}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return VersionDiffSchema.parse(res.json()) as VersionDiff;
}

describe('versions of a tree', () => {
  it('records, reads, diffs (with a rename) and restores the whole tree', async () => {
    const user = await proMember(t.app);
    const id = String((await createProject(t.app, user.token, { code: MAIN_V1 })).id);
    const [helper] = await write('POST', user.token, {
      project_id: id,
      path: 'helper.js',
      content: HELPER,
    });
    const [style] = await write('POST', user.token, {
      project_id: id,
      path: 'style.css',
      content: STYLE,
    });
    const third = (await listVersions(t.app, user.token, id))[0]!;
    expect(third).toMatchObject({ number: 3, source: 'save' });
    const read = VersionSchema.parse(await readVersion(t.app, user.token, id, third.id));
    expect(read).toMatchObject({ code: MAIN_V1, mainPath: 'main.js' });
    expect(read.files).toEqual([
      { path: 'helper.js', content: HELPER },
      { path: 'main.js', content: MAIN_V1 },
      { path: 'style.css', content: STYLE },
    ]);

    // The helper moves into lib/ as util.js and the import follows it: two versions.
    await write('PATCH', user.token, { path: 'lib/util.js' }, `id=eq.${helper!.id}`);
    const saved = await rest(t.app, 'PATCH', 'projects', {
      token: user.token,
      query: `id=eq.${id}`,
      body: { code: MAIN_V2 },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const fifth = (await listVersions(t.app, user.token, id))[0]!;
    expect(fifth.number).toBe(5);

    const moved = await diff(user.token, id, third.id, fifth.id);
    expect(moved.files).toEqual([
      {
        status: 'renamed',
        path: 'lib/util.js',
        oldPath: 'helper.js',
        hunks: [],
        added: 0,
        removed: 0,
      },
      {
        status: 'changed',
        path: 'main.js',
        hunks: [
          {
            oldStart: 1,
            oldLines: 1,
            newStart: 1,
            newLines: 1,
            removed: ["import { two } from './helper.js';"],
            added: ["import { two } from './lib/util.js';"],
          },
        ],
        added: 1,
        removed: 1,
      },
    ]);
    expect(moved).toMatchObject({ added: 1, removed: 1 });

    // A deleted file is `removed` with all its lines; the other way round it is `added`.
    await write('DELETE', user.token, undefined, `id=eq.${style!.id}`);
    const sixth = (await listVersions(t.app, user.token, id))[0]!;
    const removed = await diff(user.token, id, fifth.id, sixth.id);
    expect(removed.files).toEqual([
      {
        status: 'removed',
        path: 'style.css',
        hunks: [
          {
            oldStart: 1,
            oldLines: 2,
            newStart: 0,
            newLines: 0,
            removed: ['body { color: teal; }', ''],
            added: [],
          },
        ],
        added: 0,
        removed: 2,
      },
    ]);
    expect((await diff(user.token, id, sixth.id, fifth.id)).files).toMatchObject([
      { status: 'added', path: 'style.css', added: 2, removed: 0 },
    ]);

    // Restoring version 3 brings back its three files and its code, as version 7.
    const restored = await versions(t.app, 'POST', `${id}/${third.id}/restore`, user.token);
    expect(restored.statusCode, restored.body).toBe(201);
    expect(restored.json()).toMatchObject({ number: 7, source: 'restore', code: MAIN_V1 });
    expect(await tree(user.token, id)).toEqual([
      { path: 'helper.js', content: HELPER, is_main: false },
      { path: 'main.js', content: MAIN_V1, is_main: true },
      { path: 'style.css', content: STYLE, is_main: false },
    ]);
    const seventh = await readVersion(t.app, user.token, id, restored.json<{ id: string }>().id);
    expect(seventh.files).toEqual(read.files);
    expect((await diff(user.token, id, third.id, seventh.id)).files).toEqual([]);

    // Nothing was lost: version 5 still reads with its own tree.
    expect((await readVersion(t.app, user.token, id, fifth.id)).files!.map((f) => f.path)).toEqual([
      'lib/util.js',
      'main.js',
      'style.css',
    ]);
  });

  it('a write that changes nothing makes no version; a rename of the main file is kept', async () => {
    const user = await proMember(t.app);
    const id = String((await createProject(t.app, user.token, { code: 'print(1)\n' })).id);
    const [main] = await tree(user.token, id);
    const mainId = (
      await rest(t.app, 'GET', 'project_files', {
        token: user.token,
        query: `project_id=eq.${id}&is_main=eq.true&select=id`,
      })
    ).json<Array<{ id: string }>>()[0]!.id;
    await write('PATCH', user.token, { content: main!.content }, `id=eq.${mainId}`);
    expect(await listVersions(t.app, user.token, id)).toHaveLength(1);

    await write('PATCH', user.token, { path: 'src/app.js' }, `id=eq.${mainId}`);
    const [renamed, first] = await listVersions(t.app, user.token, id);
    expect(renamed!.number).toBe(2);
    expect(await readVersion(t.app, user.token, id, renamed!.id)).toMatchObject({
      mainPath: 'src/app.js',
      files: [{ path: 'src/app.js', content: 'print(1)\n' }],
    });
    // Restoring version 1 moves the main file back.
    const back = await versions(t.app, 'POST', `${id}/${first!.id}/restore`, user.token);
    expect(back.statusCode, back.body).toBe(201);
    expect(await tree(user.token, id)).toEqual([
      { path: 'main.js', content: 'print(1)\n', is_main: true },
    ]);
  });

  it('a version made before trees is the main file alone; the next change records the whole tree', async () => {
    const user = await proMember(t.app);
    const id = String((await createProject(t.app, user.token, { code: 'old' })).id);
    // As a version saved before migration 0011 is stored: no tree, no main path.
    await t.app.db.execute(
      sql`update project_versions set main_path = null where project_id = ${id}`,
    );
    await t.app.db.execute(sql`delete from project_version_files where project_id = ${id}`);
    const [legacy] = await listVersions(t.app, user.token, id);
    expect(await readVersion(t.app, user.token, id, legacy!.id)).toMatchObject({
      code: 'old',
      mainPath: 'main.js',
      files: [{ path: 'main.js', content: 'old' }],
    });

    await write('POST', user.token, { project_id: id, path: 'b.js', content: 'b' });
    const [next] = await listVersions(t.app, user.token, id);
    expect((await readVersion(t.app, user.token, id, next!.id)).files).toEqual([
      { path: 'b.js', content: 'b' },
      { path: 'main.js', content: 'old' },
    ]);
    expect((await diff(user.token, id, legacy!.id, next!.id)).files).toMatchObject([
      { status: 'added', path: 'b.js' },
    ]);
    // Restoring it restores the code and leaves the other files be.
    const back = await versions(t.app, 'POST', `${id}/${legacy!.id}/restore`, user.token);
    expect(back.statusCode, back.body).toBe(201);
    expect(await tree(user.token, id)).toEqual([
      { path: 'b.js', content: 'b', is_main: false },
      { path: 'main.js', content: 'old', is_main: true },
    ]);
  });

  it('a .zip upload is one version of source upload', async () => {
    const user = await proMember(t.app);
    const id = String((await createProject(t.app, user.token, { code: 'a' })).id);
    const zip = await writeProjectZip([
      { path: 'main.js', content: 'b', updatedAt: '2026-01-01T00:00:00Z' },
      { path: 'one.js', content: '1', updatedAt: '2026-01-01T00:00:00Z' },
      { path: 'two.js', content: '2', updatedAt: '2026-01-01T00:00:00Z' },
    ]);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/db/codewright/projects/${id}/files.zip`,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/zip' },
      payload: zip,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [latest] = await listVersions(t.app, user.token, id);
    const version = await readVersion(t.app, user.token, id, latest!.id);
    expect(version).toMatchObject({ source: 'upload', code: 'b' });
    expect(version.files!.map((f) => f.path)).toEqual(['main.js', 'one.js', 'two.js']);
  });
});
