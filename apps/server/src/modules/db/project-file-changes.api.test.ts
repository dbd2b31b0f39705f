// POST /api/db/{project}/projects/{id}/files/changes (issue 46): the files of an accepted AI edit
// across a project written whole or deleted, all or nothing, as one version of source edit/fix
// with the request as its prompt; a bad path, a path twice, a delete of a missing or the main
// file is a 400 naming it and writes nothing; a viewer or a stranger changes nothing. An edit
// through the scripted model, applied with the contract's engine, is one version of three files.
import { describe, expect, it } from 'vitest';
import { applyTreeAnswer, buildTreePrompt, selectTreeContext } from '@codewright/contract';
import { usageOf } from '../../test/ai-helpers.ts';
import { proTeam, useTeamServers } from '../workspaces/workspace-test-helpers.ts';
import { createProject, errorOf, rest } from './db-test-helpers.ts';

const servers = useTeamServers();
const app = () => servers.t.app;

const change = (token: string, id: string, body: unknown) =>
  app().inject({
    method: 'POST',
    url: `/api/db/codewright/projects/${id}/files/changes`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

async function tree(token: string, id: string) {
  const res = await rest(app(), 'GET', 'project_files', {
    token,
    query: `project_id=eq.${id}&order=path&select=path,content`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    res.json<Array<{ path: string; content: string }>>().map((f) => [f.path, f.content]),
  );
}

async function versions(token: string, id: string) {
  const res = await app().inject({
    method: 'GET',
    url: `/api/versions/codewright/${id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    versions: Array<{ id: string; number: number; source: string; prompt: string | null }>;
  }>().versions;
}

async function teamProject() {
  const team = await proTeam(app(), servers.sink);
  const id = String(
    (
      await createProject(app(), team.owner.token, {
        workspace_id: team.wsId,
        language: 'JavaScript',
        code: "import { a } from './util.js';\nconsole.log(a);",
      })
    ).id,
  );
  for (const [path, content] of [
    ['util.js', 'export const a = 1;'],
    ['old.css', 'body { color: red; }'],
  ]) {
    const res = await rest(app(), 'POST', 'project_files', {
      token: team.owner.token,
      body: { project_id: id, path, content },
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  return { ...team, id };
}

describe('files changed by an accepted AI edit', () => {
  it('writes, adds and deletes files as one version of the edit, with its prompt and a diff of each file', async () => {
    const { editor, id } = await teamProject();
    const before = await versions(editor.token, id);
    const res = await change(editor.token, id, {
      source: 'edit',
      prompt: 'Double a and add a footer',
      changes: [
        { path: 'main.js', content: "import { a } from './util.js';\nconsole.log(a * 2);" },
        { path: 'util.js', content: 'export const a = 2;' },
        { path: 'lib/footer.js', content: "export const footer = 'bye';" },
        { path: 'old.css', delete: true },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 1, changed: 2, deleted: 1 });
    expect(await tree(editor.token, id)).toEqual({
      'lib/footer.js': "export const footer = 'bye';",
      'main.js': "import { a } from './util.js';\nconsole.log(a * 2);",
      'util.js': 'export const a = 2;',
    });
    // The project's code is the main file's.
    const project = await rest(app(), 'GET', 'projects', {
      token: editor.token,
      query: `id=eq.${id}&select=code`,
    });
    expect(project.json()[0].code).toBe("import { a } from './util.js';\nconsole.log(a * 2);");

    const after = await versions(editor.token, id);
    expect(after).toHaveLength(before.length + 1);
    expect(after[0]).toMatchObject({ source: 'edit', prompt: 'Double a and add a footer' });
    const diff = await app().inject({
      method: 'GET',
      url: `/api/versions/codewright/${id}/diff?from=${before[0]!.id}&to=${after[0]!.id}`,
      headers: { authorization: `Bearer ${editor.token}` },
    });
    expect(diff.statusCode, diff.body).toBe(200);
    expect(
      diff
        .json<{ files: Array<{ status: string; path: string }> }>()
        .files.map((f) => [f.status, f.path]),
    ).toEqual([
      ['added', 'lib/footer.js'],
      ['changed', 'main.js'],
      ['removed', 'old.css'],
      ['changed', 'util.js'],
    ]);

    // The same files again change nothing and make no version.
    const again = await change(editor.token, id, {
      source: 'edit',
      changes: [{ path: 'util.js', content: 'export const a = 2;' }],
    });
    expect(again.json()).toEqual({ created: 0, changed: 0, deleted: 0 });
    expect(await versions(editor.token, id)).toHaveLength(after.length);
  });

  it('an edit through the model that changes two files and adds one is one version with three changed files, and one edit', async () => {
    const { owner, editor, id } = await teamProject();
    const used = await usageOf(app(), owner.token);
    const files = new Map(Object.entries(await tree(editor.token, id)));
    const request = 'Log twice [[also:util.js]] [[add:lib/log.js]]';
    const prompt = buildTreePrompt({
      language: 'JavaScript',
      request,
      files,
      mainPath: 'main.js',
      context: selectTreeContext({ files, openPath: 'main.js' }),
    });
    const asked = await app().inject({
      method: 'POST',
      url: '/api/ai/codewright/text',
      headers: { authorization: `Bearer ${editor.token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ prompt, meter: 'edit', projectId: id, stream: false }),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    // One request is one edit of the workspace's plan, whatever the number of files it touches.
    expect(await usageOf(app(), owner.token)).toMatchObject({
      editsUsed: used.editsUsed + 1,
      generationsUsed: used.generationsUsed,
    });
    const answer = applyTreeAnswer({
      files,
      mainPath: 'main.js',
      language: 'JavaScript',
      ...asked.json<{ text: string; finishReason: string }>(),
    });
    if (answer.status !== 'ready') throw new Error(`the answer is ${answer.status}`);
    const changes = [...answer.files]
      .filter(([path, content]) => files.get(path) !== content)
      .map(([path, content]) => ({ path, content }));

    const before = await versions(editor.token, id);
    const res = await change(editor.token, id, { source: 'edit', prompt: request, changes });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ created: 1, changed: 2, deleted: 0 });
    const after = await versions(editor.token, id);
    expect(after).toHaveLength(before.length + 1);
    const diff = await app().inject({
      method: 'GET',
      url: `/api/versions/codewright/${id}/diff?from=${before[0]!.id}&to=${after[0]!.id}`,
      headers: { authorization: `Bearer ${editor.token}` },
    });
    expect(
      diff.json<{ files: Array<{ status: string; path: string; added: number }> }>().files,
    ).toEqual([
      expect.objectContaining({ status: 'added', path: 'lib/log.js', added: 1 }),
      expect.objectContaining({ status: 'changed', path: 'main.js', added: 1 }),
      expect.objectContaining({ status: 'changed', path: 'util.js', added: 1 }),
    ]);
    expect((await tree(editor.token, id))['util.js']).toBe(
      'export const a = 1;\n// edited: Log twice',
    );
  });

  it('refuses a bad path, a path twice, a delete of a missing or the main file — naming it, writing nothing', async () => {
    const { owner, id } = await teamProject();
    const start = await tree(owner.token, id);
    const cases: Array<[unknown, string]> = [
      [
        { source: 'edit', changes: [{ path: '../x.js', content: 'x' }] },
        'must not contain . or .. segments',
      ],
      [
        {
          source: 'edit',
          changes: [
            { path: 'util.js', content: 'export const a = 3;' },
            { path: 'util.js', delete: true },
          ],
        },
        'util.js: the changes name this file more than once; send each file once.',
      ],
      [
        {
          source: 'fix',
          changes: [
            { path: 'util.js', content: 'export const a = 3;' },
            { path: 'gone.js', delete: true },
          ],
        },
        'gone.js: the project has no such file to delete.',
      ],
      [
        { source: 'edit', changes: [{ path: 'main.js', delete: true }] },
        "main.js is the project's main file (its code) and cannot be deleted.",
      ],
      [
        { source: 'edit', changes: [{ path: 'a.js', content: 'x', delete: true }] },
        'give either content (the whole new file) or delete: true, not both',
      ],
      [
        { source: 'upload', changes: [{ path: 'a.js', content: 'x' }] },
        'must be generation, edit, fix or save',
      ],
      [{ source: 'edit', changes: [] }, 'must hold at least one change'],
      [
        { source: 'edit', changes: [{ path: 'nul.js', content: 'a\u0000b' }] },
        'changes.0.content must not contain NUL characters',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await change(owner.token, id, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
      expect(errorOf(res).message).toContain(message);
    }
    expect(await tree(owner.token, id)).toEqual(start);
  });

  it('refuses a file where another file needs a folder, by any write, and writes nothing', async () => {
    const { owner, id } = await teamProject();
    const start = await tree(owner.token, id);
    // util.js exists: a file inside "util.js/" would need a folder of that name.
    const inside = await change(owner.token, id, {
      source: 'edit',
      changes: [{ path: 'util.js/inner.js', content: 'x' }],
    });
    expect(inside.statusCode, inside.body).toBe(409);
    expect(errorOf(inside)).toEqual({
      code: 'CONFLICT',
      message:
        'util.js is a file, and util.js/inner.js needs a folder of that name; rename one of them.',
    });
    const byRest = await rest(app(), 'POST', 'project_files', {
      token: owner.token,
      body: [
        { project_id: id, path: 'lib/a.js', content: 'a' },
        { project_id: id, path: 'lib', content: 'b' },
      ],
    });
    expect(byRest.statusCode, byRest.body).toBe(409);
    expect(errorOf(byRest).message).toBe(
      'lib is a file, and lib/a.js needs a folder of that name; rename one of them.',
    );
    expect(await tree(owner.token, id)).toEqual(start);
  });

  it('a viewer and a stranger change nothing', async () => {
    const { owner, viewer, stranger, id } = await teamProject();
    const start = await tree(owner.token, id);
    const body = { source: 'edit', changes: [{ path: 'util.js', content: 'export const a = 9;' }] };
    const byViewer = await change(viewer.token, id, body);
    // As for every file write: a project one may not change is answered as not there.
    expect(byViewer.statusCode, byViewer.body).toBe(404);
    const byStranger = await change(stranger.token, id, body);
    expect(byStranger.statusCode, byStranger.body).toBe(404);
    expect(await tree(owner.token, id)).toEqual(start);
  });
});
