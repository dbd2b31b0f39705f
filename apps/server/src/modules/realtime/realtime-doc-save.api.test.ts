// Shared documents' Save and sizes over the websocket (issue 47, docs/decisions/050): `doc-save`
// writes the text at once as one version of the sender with its source and prompt, after what
// that connection typed before; a viewer's is FORBIDDEN and one before `doc-join` NOT_SUBSCRIBED,
// and both leave the connection open. A `doc` frame may carry up to 96 KB (a 40,000-character
// insert), any other frame 16 KB. A write of the file from outside — a REST write, an AI edit, a
// commit, a restore — reaches the open document at once, merged with what was typed.
import { describe, expect, it } from 'vitest';
import { rest } from '../db/db-test-helpers.ts';
import { commit, listVersions, versions } from '../versions/versions-test-helpers.ts';
import { useTeamServers } from '../workspaces/workspace-test-helpers.ts';
import { connectSocket, joinDoc, realtimeTeam, useSocketUrl } from './realtime-test-helpers.ts';

const servers = useTeamServers();
const wsUrl = useSocketUrl(() => servers.t.app);
const MAIN = 'main.js';
const app = () => servers.t.app;

/** A team's project whose main file holds `code`. */
async function teamProject(code: string) {
  const team = await realtimeTeam(app(), servers.sink);
  const projectId = team.channel.slice('project:'.length);
  const set = await rest(app(), 'PATCH', 'projects', {
    token: team.owner.token,
    query: `id=eq.${projectId}`,
    body: { code },
  });
  expect(set.statusCode, set.body).toBe(200);
  return { team, projectId };
}

/** The main file's content and id, read through db REST. */
async function mainFile(token: string, projectId: string) {
  const res = await rest(app(), 'GET', 'project_files', {
    token,
    query: `project_id=eq.${projectId}&path=eq.${MAIN}&select=id,content`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Array<{ id: string; content: string }>>()[0]!;
}

describe('doc-save', () => {
  it('writes the text at once as one version of the sender, with its source and prompt', async () => {
    const { team, projectId } = await teamProject('let a = 1;\n');
    const ownerSocket = await connectSocket(wsUrl(), team.owner.token);
    const editorSocket = await connectSocket(wsUrl(), team.editor.token);
    const owner = await joinDoc(ownerSocket, projectId);
    const editor = await joinDoc(editorSocket, projectId);
    await editor.settles('let a = 1;\n');

    // Typed and saved at once: the save comes after the update on that connection.
    editor.text.insert(10, ' // edited');
    editorSocket.send({
      type: 'doc-save',
      projectId,
      path: MAIN,
      source: 'edit',
      prompt: 'add a comment',
      ref: 's1',
    });
    expect(await editorSocket.next((f) => f.type === 'doc-saved' || f.type === 'error')).toEqual({
      type: 'doc-saved',
      projectId,
      path: MAIN,
      ref: 's1',
    });
    expect((await mainFile(team.owner.token, projectId)).content).toBe('let a = 1; // edited\n');
    const [edit] = await listVersions(app(), team.owner.token, projectId);
    expect(edit).toMatchObject({
      source: 'edit',
      prompt: 'add a comment',
      authorId: team.editor.id,
    });

    // The owner saves what the editor typed: written as the owner, as a save.
    editor.text.insert(0, '// top\n');
    await owner.settles('// top\nlet a = 1; // edited\n');
    ownerSocket.send({ type: 'doc-save', projectId, path: MAIN });
    expect(await ownerSocket.next((f) => f.type === 'doc-saved')).toEqual({
      type: 'doc-saved',
      projectId,
      path: MAIN,
    });
    const [save] = await listVersions(app(), team.owner.token, projectId);
    expect(save).toMatchObject({ source: 'save', prompt: null, authorId: team.owner.id });
    expect((await mainFile(team.owner.token, projectId)).content).toBe(
      '// top\nlet a = 1; // edited\n',
    );
    // Nothing changed since: no version, still answered.
    ownerSocket.send({ type: 'doc-save', projectId, path: MAIN, ref: 's2' });
    await ownerSocket.next((f) => f.type === 'doc-saved' && f.ref === 's2');
    expect((await listVersions(app(), team.owner.token, projectId))[0]!.id).toBe(save!.id);

    // A viewer may not save, and one who has not joined is told to; both stay connected.
    const viewerSocket = await connectSocket(wsUrl(), team.viewer.token);
    await joinDoc(viewerSocket, projectId);
    viewerSocket.send({ type: 'doc-save', projectId, path: MAIN, ref: 'v' });
    expect(await viewerSocket.next((f) => f.type === 'error')).toMatchObject({
      code: 'FORBIDDEN',
      ref: 'v',
    });
    viewerSocket.send({ type: 'ping', ref: 'p' });
    await viewerSocket.next((f) => f.type === 'pong');
    const other = await connectSocket(wsUrl(), team.editor.token);
    other.send({ type: 'doc-save', projectId, path: MAIN, ref: 'n' });
    expect(await other.next((f) => f.type === 'error')).toMatchObject({
      code: 'NOT_SUBSCRIBED',
      ref: 'n',
    });
    other.send({ type: 'ping' });
    await other.next((f) => f.type === 'pong');
    for (const s of [ownerSocket, editorSocket, viewerSocket, other]) s.close();
  });

  it('a doc frame carries up to 96 KB (a 40,000-character insert); any other frame 16 KB', async () => {
    const { team, projectId } = await teamProject('');
    const socket = await connectSocket(wsUrl(), team.editor.token);
    const editor = await joinDoc(socket, projectId);
    await editor.settles('');
    const long = 'x'.repeat(40_000);
    editor.text.insert(0, long);
    socket.send({ type: 'doc-save', projectId, path: MAIN, ref: 'big' });
    expect(await socket.next((f) => f.type === 'doc-saved' || f.type === 'error')).toMatchObject({
      type: 'doc-saved',
      ref: 'big',
    });
    expect((await mainFile(team.owner.token, projectId)).content).toBe(long);

    // Over 96 KB, even as a doc frame: 1009.
    socket.send({ type: 'doc', projectId, path: MAIN, data: 'A'.repeat(100 * 1024) });
    expect((await socket.closed).code).toBe(1009);
    // A 40 KB frame that is not a doc frame: 1009 too.
    const other = await connectSocket(wsUrl(), team.editor.token);
    other.send({ type: 'doc-save', projectId, path: MAIN, prompt: 'p', pad: long });
    expect((await other.closed).code).toBe(1009);
  });
});

describe('a write from outside', () => {
  it('reaches an open document at once, merged with what was typed and not yet written', async () => {
    const { team, projectId } = await teamProject('a\nb\nc\nd\ne\n');
    const token = team.owner.token;
    const socket = await connectSocket(wsUrl(), team.editor.token);
    const editor = await joinDoc(socket, projectId);
    await editor.settles('a\nb\nc\nd\ne\n');
    editor.text.insert(0, 'typed\n');

    // Each path writes the file as it is (without the typing, which waits 5 s to be written);
    // the member sees the change within 1 s (expect.poll's time), merged with the typing.
    const file = await mainFile(token, projectId);
    const patched = await rest(app(), 'PATCH', 'project_files', {
      token,
      query: `id=eq.${file.id}`,
      body: { content: file.content.replace('b\n', 'B\n') },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    await editor.settles('typed\na\nB\nc\nd\ne\n');

    const changes = await app().inject({
      method: 'POST',
      url: `/api/db/codewright/projects/${projectId}/files/changes`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: JSON.stringify({
        source: 'edit',
        changes: [
          {
            path: MAIN,
            content: (await mainFile(token, projectId)).content.replace('c\n', 'C\n'),
          },
        ],
      }),
    });
    expect(changes.statusCode, changes.body).toBe(200);
    await editor.settles('typed\na\nB\nC\nd\ne\n');

    const committed = await commit(app(), token, projectId, {
      code: (await mainFile(token, projectId)).content.replace('d\n', 'D\n'),
      source: 'fix',
    });
    await editor.settles('typed\na\nB\nC\nD\ne\n');

    const code = await rest(app(), 'PATCH', 'projects', {
      token,
      query: `id=eq.${projectId}`,
      body: { code: (await mainFile(token, projectId)).content.replace('e\n', 'E\n') },
    });
    expect(code.statusCode, code.body).toBe(200);
    await editor.settles('typed\na\nB\nC\nD\nE\n');

    // A restore of the commit's version takes the last line back.
    const restored = await versions(app(), 'POST', `${projectId}/${committed.id}/restore`, token);
    expect(restored.statusCode, restored.body).toBe(201);
    await editor.settles('typed\na\nB\nC\nD\ne\n');
    socket.close();
  });
});
