// Shared documents over the realtime websocket (issue 47, docs/decisions/050), over real TCP
// with real Yjs clients: what one member types reaches the other; a viewer reads live, and its
// change is refused with an error frame that ends its connection; someone outside the team is
// told the project does not exist; the last one out writes the file as one version.
import { describe, expect, it } from 'vitest';
import {
  COEDIT_MESSAGES_PER_10S,
  REALTIME_CLOSE,
  REALTIME_MAX_SUBSCRIPTIONS,
} from '@codewright/contract';
import { rest } from '../db/db-test-helpers.ts';
import { listVersions } from '../versions/versions-test-helpers.ts';
import { useTeamServers } from '../workspaces/workspace-test-helpers.ts';
import { connectSocket, joinDoc, realtimeTeam, useSocketUrl } from './realtime-test-helpers.ts';

const servers = useTeamServers();
const wsUrl = useSocketUrl(() => servers.t.app);
const MAIN = 'main.js';

describe('shared documents over the websocket', () => {
  it('an editor’s typing reaches the owner and a viewer; the last one out writes one version', async () => {
    const team = await realtimeTeam(servers.t.app, servers.sink);
    const projectId = team.channel.slice('project:'.length);
    const set = await rest(servers.t.app, 'PATCH', 'projects', {
      token: team.owner.token,
      query: `id=eq.${projectId}`,
      body: { code: 'let a = 1;\n' },
    });
    expect(set.statusCode, set.body).toBe(200);
    const before = (await listVersions(servers.t.app, team.owner.token, projectId)).length;

    const ownerSocket = await connectSocket(wsUrl(), team.owner.token);
    const editorSocket = await connectSocket(wsUrl(), team.editor.token);
    const viewerSocket = await connectSocket(wsUrl(), team.viewer.token);
    const owner = await joinDoc(ownerSocket, projectId);
    const editor = await joinDoc(editorSocket, projectId);
    const viewer = await joinDoc(viewerSocket, projectId);
    expect(owner.joined).toMatchObject({ type: 'doc-joined', canWrite: true, ref: 'j' });
    expect(viewer.joined).toMatchObject({ type: 'doc-joined', canWrite: false });
    await owner.settles('let a = 1;\n');
    await editor.settles('let a = 1;\n');
    await viewer.settles('let a = 1;\n');

    editor.text.insert(10, ' // by the editor');
    owner.text.insert(0, '// by the owner\n');
    const both = '// by the owner\nlet a = 1; // by the editor\n';
    await owner.settles(both);
    await editor.settles(both);
    await viewer.settles(both);

    // The viewer's own change is refused, and its connection ends with the reason.
    viewer.text.insert(0, 'sneaky ');
    expect(await viewerSocket.next((f) => f.type === 'error')).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect((await viewerSocket.closed).code).toBe(REALTIME_CLOSE.badDocument);

    editorSocket.close();
    ownerSocket.send({ type: 'doc-leave', projectId, path: MAIN, ref: 'l' });
    await ownerSocket.next((f) => f.type === 'doc-left');
    await expect
      .poll(async () => {
        const res = await rest(servers.t.app, 'GET', 'projects', {
          token: team.owner.token,
          query: `id=eq.${projectId}&select=code`,
        });
        return (res.json() as Array<{ code: string }>)[0]?.code;
      })
      .toBe(both);
    const versions = await listVersions(servers.t.app, team.owner.token, projectId);
    expect(versions.length).toBe(before + 1);
    expect(versions[0]).toMatchObject({ source: 'save' });
    ownerSocket.close();
  });

  it('someone outside the team, or a file that is not there, is told so; a bad message ends the connection', async () => {
    const team = await realtimeTeam(servers.t.app, servers.sink);
    const projectId = team.channel.slice('project:'.length);
    const stranger = await connectSocket(wsUrl(), team.stranger.token);
    stranger.send({ type: 'doc-join', projectId, path: MAIN });
    expect(await stranger.next((f) => f.type === 'error')).toMatchObject({ code: 'NOT_FOUND' });
    stranger.send({ type: 'doc', projectId, path: MAIN, data: 'AAA=' });
    expect(await stranger.next((f) => f.type === 'error')).toMatchObject({
      code: 'NOT_SUBSCRIBED',
    });
    stranger.send({ type: 'doc-join', projectId, path: '../x.js' });
    stranger.close();

    const owner = await connectSocket(wsUrl(), team.owner.token);
    owner.send({ type: 'doc-join', projectId, path: 'missing.js' });
    expect(await owner.next((f) => f.type === 'error')).toMatchObject({ code: 'NOT_FOUND' });
    await joinDoc(owner, projectId);
    owner.send({
      type: 'doc',
      projectId,
      path: MAIN,
      data: Buffer.from([0, 2, 200]).toString('base64'),
    });
    expect(await owner.next((f) => f.type === 'error')).toMatchObject({ code: 'BAD_FRAME' });
    expect((await owner.closed).code).toBe(REALTIME_CLOSE.badDocument);

    // A connection holds at most 50 documents.
    const many = await rest(servers.t.app, 'POST', 'project_files', {
      token: team.owner.token,
      body: Array.from({ length: REALTIME_MAX_SUBSCRIPTIONS }, (_, i) => ({
        project_id: projectId,
        path: `f${i}.js`,
        content: '',
      })),
    });
    expect(many.statusCode, many.body).toBe(201);
    const holder = await connectSocket(wsUrl(), team.owner.token);
    for (let i = 0; i < REALTIME_MAX_SUBSCRIPTIONS; i++) {
      holder.send({ type: 'doc-join', projectId, path: `f${i}.js` });
      await holder.next((f) => f.type === 'doc-joined');
    }
    holder.send({ type: 'doc-join', projectId, path: MAIN });
    expect(await holder.next((f) => f.type === 'error')).toMatchObject({
      code: 'SUBSCRIPTION_LIMIT_REACHED',
    });
    holder.close();

    // More document messages than 600 in 10 s end the connection.
    const flood = await connectSocket(wsUrl(), team.owner.token);
    const frame = JSON.stringify({ type: 'doc', projectId, path: MAIN, data: 'AAA=' });
    for (let i = 0; i <= COEDIT_MESSAGES_PER_10S; i++) flood.send(frame);
    expect((await flood.closed).code).toBe(REALTIME_CLOSE.tooManyFrames);
  });
});
