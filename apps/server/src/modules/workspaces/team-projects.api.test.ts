// The viewer / editor / owner matrix on project routes (db REST, every versions route, AI,
// preview, share), and what a non-member sees of a private project: nothing (docs/decisions/025).
// (Over 300 lines: one role matrix over every project route family, each test on the team() set-up
// below; servers and calls come from workspace-test-helpers.ts.)
import { describe, expect, it } from 'vitest';
import { FREE_PUBLIC_NOTICE } from '@codewright/contract';
import {
  createProject,
  errorOf,
  newUser,
  projectById,
  proUser,
  rest,
  upgrade,
} from '../db/db-test-helpers.ts';
import { versions } from '../versions/versions-test-helpers.ts';
import { call, proTeam, useTeamServers } from './workspace-test-helpers.ts';

const servers = useTeamServers(() => ({ AI_MODEL_ADVANCED: 'codewright-test-model-advanced' }));

type User = Awaited<ReturnType<typeof newUser>>;

/** A Pro owner with an editor and a viewer in their workspace, one private project, and a stranger. */
async function team() {
  const { owner, editor, viewer, stranger, wsId } = await proTeam(servers.t.app, servers.sink);
  const project = await createProject(servers.t.app, owner.token, { code: 'const a = 1;' });
  return {
    owner,
    editor,
    viewer,
    stranger,
    wsId,
    project: project as { id: string; share_token: string; visibility: string },
  };
}

/** The project `id` as `user`'s token reads it through db REST (a list of none or one). */
const readProject = (token: string, id: string) => projectById(servers.t.app, 'GET', token, id);
/** Changes the project `id` as `token`'s user through db REST; answers the rows it changed. */
const patchProject = (token: string, id: string, body: Record<string, unknown>) =>
  projectById(servers.t.app, 'PATCH', token, id, body);
const regenerate = (token: string, id: string) =>
  call(servers.t.app, 'POST', `/api/share/codewright/${id}/regenerate`, token);
const version = (...args: Tail<Parameters<typeof versions>>) => versions(servers.t.app, ...args);
type Tail<T extends unknown[]> = T extends [unknown, ...infer R] ? R : never;
const ids = (res: { json(): unknown }) => (res.json() as { id: string }[]).map((r) => r.id);

function aiText(user: User, projectId: string) {
  return call(servers.t.app, 'POST', '/api/ai/codewright/text', user.token, {
    prompt: 'Say hi',
    projectId,
  });
}
function share(token: string) {
  return servers.t.app.inject({
    method: 'GET',
    url: `/api/share/codewright?t=${encodeURIComponent(token)}`,
  });
}

describe('project matrix', () => {
  it('owner and editor read and write; viewer reads only; stranger sees nothing', async () => {
    const { owner, editor, viewer, stranger, wsId, project } = await team();
    expect(project.visibility).toBe('private');
    for (const u of [owner, editor, viewer])
      expect(ids(await readProject(u.token, project.id))).toEqual([project.id]);
    expect(ids(await readProject(stranger.token, project.id))).toEqual([]);

    // PATCH: editors change it and become "who changed it last"; viewers and strangers change nothing.
    const byEditor = await patchProject(editor.token, project.id, { code: 'const a = 2;' });
    expect(byEditor.json()).toEqual([
      expect.objectContaining({ code: 'const a = 2;', updated_by: editor.id }),
    ]);
    for (const u of [viewer, stranger]) {
      const res = await patchProject(u.token, project.id, { code: 'hacked' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual([]);
    }
    // POST into the workspace: editors may, viewers get 404 as if it did not exist.
    const made = await rest(servers.t.app, 'POST', 'projects', {
      token: editor.token,
      body: { name: 'By editor', language: 'JavaScript', workspace_id: wsId },
    });
    expect(made.statusCode).toBe(201);
    expect(made.json()).toEqual([
      expect.objectContaining({ workspace_id: wsId, user_id: editor.id, visibility: 'private' }),
    ]);
    const byViewer = await rest(servers.t.app, 'POST', 'projects', {
      token: viewer.token,
      body: { name: 'By viewer', language: 'JavaScript', workspace_id: wsId },
    });
    expect(byViewer.statusCode).toBe(404);

    // Chat: members read, only editors write.
    const msg = await rest(servers.t.app, 'POST', 'chat_messages', {
      token: editor.token,
      body: { project_id: project.id, role: 'user', content: 'hello' },
    });
    expect(msg.statusCode).toBe(201);
    expect(
      ids(
        await rest(servers.t.app, 'GET', 'chat_messages', {
          token: viewer.token,
          query: `project_id=eq.${project.id}`,
        }),
      ),
    ).toHaveLength(1);
    expect(
      ids(
        await rest(servers.t.app, 'GET', 'chat_messages', {
          token: stranger.token,
          query: `project_id=eq.${project.id}`,
        }),
      ),
    ).toEqual([]);
    const viewerMsg = await rest(servers.t.app, 'POST', 'chat_messages', {
      token: viewer.token,
      body: { project_id: project.id, role: 'user', content: 'no' },
    });
    expect(viewerMsg.statusCode).toBe(404);

    // DELETE: the viewer removes nothing; the editor may delete the one they made.
    expect((await projectById(servers.t.app, 'DELETE', viewer.token, project.id)).json()).toEqual(
      [],
    );
    const madeId = (made.json() as { id: string }[])[0]!.id;
    expect(ids(await projectById(servers.t.app, 'DELETE', editor.token, madeId))).toEqual([madeId]);
  });

  it('versions: members read the history, only owners and editors restore; strangers get 404', async () => {
    const { owner, editor, viewer, stranger, project } = await team();
    await patchProject(owner.token, project.id, { code: 'const a = 3;' });
    const list = await version('GET', project.id, viewer.token);
    expect(list.statusCode, list.body).toBe(200);
    const [latest, first] = list.json<{ versions: { id: string }[] }>().versions;
    expect(first).toBeDefined();
    expect(latest).toBeDefined();
    // A stranger on Free is refused by the plan gate, one on Pro sees no such project.
    expect((await version('GET', project.id, stranger.token)).statusCode).toBe(403);
    const proStranger = await proUser(servers.t.app);
    expect((await version('GET', project.id, proStranger.token)).statusCode).toBe(404);
    const viewerRestore = await version('POST', `${project.id}/${first!.id}/restore`, viewer.token);
    expect(viewerRestore.statusCode).toBe(404);
    // The editor is on Free, but the workspace's plan (Pro) includes version control.
    const editorRestore = await version('POST', `${project.id}/${first!.id}/restore`, editor.token);
    expect(editorRestore.statusCode, editorRestore.body).toBe(201);
    const ownerRestore = await version('POST', `${project.id}/${latest!.id}/restore`, owner.token);
    expect(ownerRestore.statusCode, ownerRestore.body).toBe(201);
  });

  it('versions: commit, diff, one version and label follow the same matrix', async () => {
    const { owner, editor, viewer, stranger, project } = await team();
    const proStranger = await proUser(servers.t.app);
    const commitBody = (code: string) => ({ code, source: 'edit' });

    // POST commit: owner and editor add versions; the viewer and strangers are told nothing exists.
    const byOwner = await version('POST', project.id, owner.token, commitBody('let b = 1;'));
    expect(byOwner.statusCode, byOwner.body).toBe(201);
    const byEditor = await version('POST', project.id, editor.token, commitBody('let b = 2;'));
    expect(byEditor.statusCode, byEditor.body).toBe(201);
    expect(byEditor.json()).toMatchObject({ authorId: editor.id, code: 'let b = 2;' });
    expect((await version('POST', project.id, viewer.token, commitBody('viewer'))).statusCode).toBe(
      404,
    );
    expect((await version('POST', project.id, proStranger.token, commitBody('x'))).statusCode).toBe(
      404,
    );
    expect((await version('POST', project.id, stranger.token, commitBody('x'))).statusCode).toBe(
      403,
    );
    const history = await version('GET', project.id, owner.token);
    const summaries = history.json<{ versions: { id: string }[] }>().versions;
    // The baseline (the code before the first commit) and the two commits; nothing by the viewer.
    expect(summaries).toHaveLength(3);
    const [latest, , first] = summaries;
    const ownerCode = await readProject(owner.token, project.id);
    expect(ownerCode.json()).toEqual([expect.objectContaining({ code: 'let b = 2;' })]);

    // GET one version and GET diff: every member reads; strangers 404 (403 on Free: the plan gate).
    const one = `${project.id}/${latest!.id}`;
    const diff = `${project.id}/diff?from=${first!.id}&to=${latest!.id}`;
    for (const u of [owner, editor, viewer]) {
      const read = await version('GET', one, u.token);
      expect(read.statusCode, read.body).toBe(200);
      expect(read.json()).toMatchObject({ id: latest!.id, code: 'let b = 2;' });
      const changes = await version('GET', diff, u.token);
      expect(changes.statusCode, changes.body).toBe(200);
    }
    for (const path of [one, diff]) {
      expect((await version('GET', path, proStranger.token)).statusCode).toBe(404);
      expect((await version('GET', path, stranger.token)).statusCode).toBe(403);
    }

    // PATCH label: owner and editor name a checkpoint; the viewer and strangers change nothing.
    const ownerLabel = await version('PATCH', one, owner.token, {
      label: 'By owner',
    });
    expect(ownerLabel.statusCode, ownerLabel.body).toBe(200);
    expect(ownerLabel.json()).toMatchObject({ id: latest!.id, label: 'By owner' });
    const editorLabel = await version('PATCH', one, editor.token, {
      label: 'By editor',
    });
    expect(editorLabel.statusCode, editorLabel.body).toBe(200);
    for (const u of [viewer, proStranger])
      expect((await version('PATCH', one, u.token, { label: 'No' })).statusCode).toBe(404);
    expect((await version('PATCH', one, stranger.token, { label: 'No' })).statusCode).toBe(403);
    const labelled = await version('GET', one, viewer.token);
    expect(labelled.json()).toMatchObject({ label: 'By editor' });
  });

  it('AI with a project: editors generate on the workspace plan; viewers 403; strangers 404', async () => {
    const { editor, viewer, stranger, project } = await team();
    const ok = await aiText(editor, project.id);
    expect(ok.statusCode, ok.body).toBe(200);
    const refused = await aiText(viewer, project.id);
    expect(refused.statusCode).toBe(403);
    const hidden = await aiText(stranger, project.id);
    expect(hidden.statusCode).toBe(404);
    // The editor is on Free, but the call was charged to the Pro workspace: their meter is untouched.
    const plan = await call(servers.t.app, 'GET', '/api/plan', editor.token);
    expect(plan.json<{ usage: { generationsUsed: number } }>().usage.generationsUsed).toBe(0);
  });

  it("a workspace's plan and usage are its owner's, shown to every member; strangers 404", async () => {
    const { owner, editor, viewer, stranger, wsId, project } = await team();
    expect((await aiText(editor, project.id)).statusCode).toBe(200);
    const ownersOwn = await call(servers.t.app, 'GET', '/api/plan', owner.token);
    const usage = ownersOwn.json<{ usage: { generationsUsed: number } }>().usage;
    // The editor's generation in the team was charged to the owner (docs/decisions/026).
    expect(usage.generationsUsed).toBe(1);
    for (const member of [owner, editor, viewer]) {
      const res = await call(servers.t.app, 'GET', `/api/workspaces/${wsId}/plan`, member.token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual(ownersOwn.json());
      expect(res.json<{ plan: string }>().plan).toBe('pro');
    }
    const hidden = await call(servers.t.app, 'GET', `/api/workspaces/${wsId}/plan`, stranger.token);
    expect(hidden.statusCode).toBe(404);
    expect(errorOf(hidden).code).toBe('NOT_FOUND');
  });

  it('preview build of a project: members only', async () => {
    const { viewer, stranger, project } = await team();
    const body = { code: 'export default function App() { return null; }', language: 'javascript' };
    const build = (user: User) =>
      call(
        servers.t.app,
        'POST',
        `/api/preview/codewright/build?projectId=${project.id}`,
        user.token,
        body,
      );
    const ok = await build(viewer);
    expect(ok.statusCode, ok.body).toBe(200);
    const hidden = await build(stranger);
    expect(hidden.statusCode).toBe(404);
  });
});

describe('public, private and share links', () => {
  it('a private project is invisible to outsiders: db REST and share page both 404, at once', async () => {
    const { owner, stranger, project } = await team();
    expect((await share(project.share_token)).statusCode).toBe(404);
    expect(project.share_token.length).toBeGreaterThanOrEqual(32);
    expect(project.share_token).not.toContain(project.id);

    const pub = await patchProject(owner.token, project.id, { visibility: 'public' });
    expect(pub.json()).toEqual([expect.objectContaining({ visibility: 'public' })]);
    const helper = await rest(servers.t.app, 'POST', 'project_files', {
      token: owner.token,
      body: { project_id: project.id, path: 'lib/b.js', content: 'export const b = 2;' },
    });
    expect(helper.statusCode, helper.body).toBe(201);
    const open = await share(project.share_token);
    expect(open.statusCode).toBe(200);
    // The tree, the main file first.
    expect(open.json()).toEqual({
      name: 'Demo',
      language: 'JavaScript',
      description: null,
      code: 'const a = 1;',
      updatedAt: expect.any(String),
      files: [
        { path: 'main.js', content: 'const a = 1;', isMain: true },
        { path: 'lib/b.js', content: 'export const b = 2;', isMain: false },
      ],
    });
    // Public does not mean listed: db REST still shows it to members only.
    expect(ids(await readProject(stranger.token, project.id))).toEqual([]);

    await patchProject(owner.token, project.id, { visibility: 'private' });
    const closed = await share(project.share_token);
    expect(closed.statusCode).toBe(404);
    expect(errorOf(closed).code).toBe('NOT_FOUND');
  });

  it('regenerating the token kills the old link; viewers may not regenerate or change visibility', async () => {
    const { owner, viewer, stranger, project } = await team();
    await patchProject(owner.token, project.id, { visibility: 'public' });
    const viewerFlip = await patchProject(viewer.token, project.id, { visibility: 'private' });
    expect(viewerFlip.json()).toEqual([]);
    expect((await regenerate(viewer.token, project.id)).statusCode).toBe(403);
    expect((await regenerate(stranger.token, project.id)).statusCode).toBe(404);
    const res = await regenerate(owner.token, project.id);
    expect(res.statusCode).toBe(200);
    const { shareToken } = res.json<{ shareToken: string }>();
    expect(shareToken).not.toBe(project.share_token);
    expect((await share(project.share_token)).statusCode).toBe(404);
    expect((await share(shareToken)).statusCode).toBe(200);
  });

  it('a Free project is always public and cannot be made private', async () => {
    const u = await newUser(servers.t.app);
    const p = await createProject(servers.t.app, u.token);
    expect(p.visibility).toBe('public');
    expect((await share(p.share_token as string)).statusCode).toBe(200);
    const patch = await patchProject(u.token, p.id as string, { visibility: 'private' });
    expect(patch.statusCode).toBe(403);
    expect(errorOf(patch)).toEqual({
      code: 'FEATURE_NOT_IN_PLAN',
      message: 'Private projects are not included in your plan. Upgrade to Pro to use them.',
    });
    const post = await rest(servers.t.app, 'POST', 'projects', {
      token: u.token,
      body: { name: 'x', language: 'JavaScript', visibility: 'private' },
    });
    expect(post.statusCode).toBe(403);
    expect(FREE_PUBLIC_NOTICE).toContain('Upgrade to Pro');
  });

  // docs/decisions/027 § Downgrades and hand-overs: nothing private is published by a plan change.
  it('private projects stay private after a downgrade to Free and in a team handed to a Free heir; Free makes no new private ones', async () => {
    const { owner, editor, stranger, project } = await team();
    expect((await upgrade(servers.t.app, owner.token, 'free')).statusCode).toBe(200);
    const afterDowngrade = await readProject(owner.token, project.id);
    expect(afterDowngrade.json()).toEqual([
      expect.objectContaining({ visibility: 'private', code: 'const a = 1;' }),
    ]);
    expect(ids(await readProject(stranger.token, project.id))).toEqual([]);
    expect((await share(project.share_token)).statusCode).toBe(404);
    // Members still edit it, and editing does not publish it.
    const edited = await patchProject(editor.token, project.id, { code: 'const a = 2;' });
    expect(edited.json()).toEqual([
      expect.objectContaining({ visibility: 'private', code: 'const a = 2;' }),
    ]);
    // Free makes nothing new private: a new project is public and cannot be made private.
    const fresh = await createProject(servers.t.app, owner.token, { name: 'After downgrade' });
    expect(fresh.visibility).toBe('public');
    const flip = await patchProject(owner.token, fresh.id as string, { visibility: 'private' });
    expect(flip.statusCode).toBe(403);
    expect(errorOf(flip).code).toBe('FEATURE_NOT_IN_PLAN');
    // Publishing the old one is the owner's choice, and on Free it is one way.
    const published = await patchProject(owner.token, project.id, { visibility: 'public' });
    expect(published.json()).toEqual([expect.objectContaining({ visibility: 'public' })]);
    expect((await share(project.share_token)).statusCode).toBe(200);
    const back = await patchProject(owner.token, project.id, { visibility: 'private' });
    expect(back.statusCode).toBe(403);

    // A Pro team whose owner deletes the account passes to its Free editor: still private.
    const second = await team();
    const gone = await call(servers.t.app, 'DELETE', '/api/auth/me', second.owner.token, {
      password: 'correct horse',
    });
    expect(gone.statusCode, gone.body).toBe(204);
    const workspaces = await call(servers.t.app, 'GET', '/api/workspaces', second.editor.token);
    expect(workspaces.json().workspaces).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: second.wsId, role: 'owner', plan: 'free' }),
      ]),
    );
    for (const member of [second.editor, second.viewer])
      expect((await readProject(member.token, second.project.id)).json()).toEqual([
        expect.objectContaining({ visibility: 'private' }),
      ]);
    expect(ids(await readProject(second.stranger.token, second.project.id))).toEqual([]);
    expect((await share(second.project.share_token)).statusCode).toBe(404);
  });

  it('an unknown or malformed token is a 404 / 400, never a 500', async () => {
    expect((await share('nope')).statusCode).toBe(404);
    const missing = await servers.t.app.inject({ method: 'GET', url: '/api/share/codewright' });
    expect(missing.statusCode).toBe(400);
    const otherApp = await servers.t.app.inject({ method: 'GET', url: '/api/share/other?t=abc' });
    expect(otherApp.statusCode).toBe(404);
  });
});
