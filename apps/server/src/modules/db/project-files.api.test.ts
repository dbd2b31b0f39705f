// /api/db/{project}/rest/v1/project_files (issue 45): a project is a tree of files whose main
// file is its code. Files follow their project's permissions; paths are checked field by field;
// the plan's file count and size hold; the main file and projects.code stay equal both ways.
import { describe, expect, it } from 'vitest';
import { PROJECT_FILE_LIMITS, ProjectFileRowSchema } from '@codewright/contract';
import { listVersions } from '../versions/versions-test-helpers.ts';
import { useTeamServers, proTeam } from '../workspaces/workspace-test-helpers.ts';
import { createProject, errorOf, newUser, projectById, rest } from './db-test-helpers.ts';

const servers = useTeamServers();
const app = () => servers.t.app;

const files = (token: string, projectId: string) =>
  rest(app(), 'GET', 'project_files', { token, query: `project_id=eq.${projectId}&order=path` });
const addFile = (token: string, body: unknown) =>
  rest(app(), 'POST', 'project_files', { token, body });
const fileById = (method: 'PATCH' | 'DELETE', token: string, id: string, body?: unknown) =>
  rest(app(), method, 'project_files', { token, query: `id=eq.${id}`, body });

async function listed(token: string, projectId: string) {
  const res = await files(token, projectId);
  expect(res.statusCode, res.body).toBe(200);
  return ProjectFileRowSchema.array().parse(res.json());
}

describe('project files', () => {
  it('a new project is a one-file tree; files are added, renamed and deleted; the main file is its code', async () => {
    const { owner, editor, viewer, stranger, wsId } = await proTeam(app(), servers.sink);
    const project = await createProject(app(), owner.token, {
      workspace_id: wsId,
      language: 'TypeScript',
      code: 'export const a = 1;',
    });
    const id = String(project.id);
    const [main] = await listed(viewer.token, id);
    expect(main).toMatchObject({ path: 'main.ts', content: 'export const a = 1;', is_main: true });

    // An editor adds a helper and renames it into a folder.
    const added = await addFile(editor.token, {
      project_id: id,
      path: 'helper.ts',
      content: 'export const two = 2;',
    });
    expect(added.statusCode, added.body).toBe(201);
    const helper = added.json()[0] as { id: string; user_id: string; is_main: boolean };
    expect(helper).toMatchObject({ user_id: editor.id, is_main: false });
    const moved = await fileById('PATCH', editor.token, helper.id, { path: 'lib/helper.ts' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await listed(owner.token, id)).map((f) => f.path)).toEqual([
      'lib/helper.ts',
      'main.ts',
    ]);

    // The same path twice is a conflict that names the field.
    const twice = await addFile(owner.token, { project_id: id, path: 'main.ts' });
    expect(twice.statusCode).toBe(409);
    expect(errorOf(twice).message).toMatch(/^path: /);

    // Each change of the tree was a version: created (1), helper added (2), moved (3).
    expect((await listVersions(app(), owner.token, id)).map((v) => v.number)).toEqual([3, 2, 1]);

    // The main file's content and projects.code are one: either way, and it becomes a version.
    const edited = await fileById('PATCH', editor.token, main!.id, {
      content: 'export const a = 3;',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const read = await projectById(app(), 'GET', owner.token, id);
    expect(read.json()[0]).toMatchObject({ code: 'export const a = 3;', updated_by: editor.id });
    expect((await listVersions(app(), owner.token, id))[0]).toMatchObject({ number: 4 });
    const saved = await projectById(app(), 'PATCH', owner.token, id, {
      code: 'export const a = 4;',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await listed(owner.token, id)).find((f) => f.is_main)!.content).toBe(
      'export const a = 4;',
    );

    // The main file is not deleted (the project is); another file is, by an editor.
    const mainGone = await fileById('DELETE', editor.token, main!.id);
    expect(mainGone.statusCode).toBe(400);
    expect(errorOf(mainGone).message).toMatch(/main file/);
    const gone = await fileById('DELETE', editor.token, helper.id);
    expect(gone.statusCode, gone.body).toBe(200);
    expect(gone.json()).toHaveLength(1);

    // A viewer reads but changes nothing; a stranger sees nothing.
    const viewerAdds = await addFile(viewer.token, { project_id: id, path: 'x.ts' });
    expect(viewerAdds.statusCode).toBe(404);
    const viewerEdits = await fileById('PATCH', viewer.token, main!.id, { content: 'x' });
    expect(viewerEdits.statusCode, viewerEdits.body).toBe(200);
    expect(viewerEdits.json()).toEqual([]);
    expect(await listed(stranger.token, id)).toEqual([]);
    const strangerAdds = await addFile(stranger.token, { project_id: id, path: 'y.ts' });
    expect(strangerAdds.statusCode).toBe(404);

    // Deleting the project deletes its files.
    await projectById(app(), 'DELETE', owner.token, id);
    expect(await listed(owner.token, id)).toEqual([]);
  });

  it('refuses a bad path with what is wrong with it, and writes nothing', async () => {
    const user = await newUser(app());
    const id = String((await createProject(app(), user.token)).id);
    const cases: Array<[unknown, RegExp]> = [
      ['../secret.js', /\. or \.\. segments/],
      ['a/./b.js', /\. or \.\. segments/],
      ['/etc/passwd', /relative/],
      ['a\\b.js', /use \//],
      ['a//b.js', /empty folder name/],
      ['dir/', /empty folder name/],
      ['', /must not be empty/],
      ['bell\u0007.js', /control characters/],
      [`${'x'.repeat(201)}`, /at most 200 characters/],
      [42, /path/],
    ];
    for (const [path, message] of cases) {
      const res = await addFile(user.token, { project_id: id, path });
      expect(res.statusCode, String(path)).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
      expect(errorOf(res).message).toMatch(/path/);
      expect(errorOf(res).message, String(path)).toMatch(message);
    }
    const [main] = await listed(user.token, id);
    const rename = await fileById('PATCH', user.token, main!.id, { path: '../up.js' });
    expect(rename.statusCode).toBe(400);
    const frozen = await fileById('PATCH', user.token, main!.id, { is_main: false });
    expect(frozen.statusCode).toBe(400);
    expect((await listed(user.token, id)).map((f) => f.path)).toEqual(['main.js']);
  });

  it("holds the plan's file count and size per project, all or nothing", async () => {
    const user = await newUser(app());
    const id = String((await createProject(app(), user.token, { code: '' })).id);
    const { maxFiles, maxBytes } = PROJECT_FILE_LIMITS.free;
    const many = Array.from({ length: maxFiles }, (_, i) => ({
      project_id: id,
      path: `src/f${i}.js`,
    }));
    // With the main file, one too many: refused, and none of them kept.
    const over = await addFile(user.token, many);
    expect(over.statusCode).toBe(402);
    expect(errorOf(over)).toMatchObject({ code: 'FILE_LIMIT_REACHED' });
    expect(errorOf(over).message).toContain(`at most ${maxFiles} files`);
    expect(await listed(user.token, id)).toHaveLength(1);
    const fits = await addFile(user.token, many.slice(1));
    expect(fits.statusCode, fits.body).toBe(201);

    // Size: files that each fit, together over the plan's bytes.
    const other = String((await createProject(app(), user.token, { code: '' })).id);
    const part = 'x'.repeat(Math.ceil(maxBytes / 4) + 10);
    for (const path of ['a.txt', 'b.txt', 'c.txt']) {
      const kept = await addFile(user.token, { project_id: other, path, content: part });
      expect(kept.statusCode, kept.body).toBe(201);
    }
    const fourth = await addFile(user.token, { project_id: other, path: 'd.txt', content: part });
    expect(fourth.statusCode).toBe(413);
    expect(errorOf(fourth)).toMatchObject({ code: 'PROJECT_TOO_LARGE' });
    expect(errorOf(fourth).message).toContain(`at most ${maxBytes / 1024 / 1024} MB`);
    const grow = await rest(app(), 'PATCH', 'project_files', {
      token: user.token,
      query: `project_id=eq.${other}&path=eq.a.txt`,
      // As large as one file may be: with the other two, just over the plan's size.
      body: { content: 'x'.repeat(1024 * 1024) },
    });
    expect(grow.statusCode).toBe(413);
    expect((await listed(user.token, other)).map((f) => [f.path, f.content.length])).toEqual([
      ['a.txt', part.length],
      ['b.txt', part.length],
      ['c.txt', part.length],
      ['main.js', 0],
    ]);
  });
});
