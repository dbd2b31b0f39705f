// Live project changes (docs/decisions/046): whatever changes a project — db REST, an accepted
// edit, a restore, a delete — is kept on its workspace's channel and its own, says who did it,
// and reaches the websockets subscribed there; a touch that changes nothing visible does not.
import { describe, expect, it } from 'vitest';
import { RealtimeMessageListSchema, type RealtimeServerFrame } from '@codewright/contract';
import { createProject, projectById } from '../db/db-test-helpers.ts';
import { commit, listVersions, versions } from '../versions/versions-test-helpers.ts';
import { call, proTeam, useTeamServers } from '../workspaces/workspace-test-helpers.ts';
import { subscribedSocket, useSocketUrl } from './realtime-test-helpers.ts';

const servers = useTeamServers();
const wsUrl = useSocketUrl(() => servers.t.app);

async function kept(token: string, channel: string, since?: string) {
  const res = await call(
    servers.t.app,
    'GET',
    `/api/realtime/codewright/messages?channel=${channel}${since ? `&since=${since}` : ''}`,
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return RealtimeMessageListSchema.parse(res.json()).messages;
}

describe('live project changes', () => {
  it('keeps each visible change on the workspace and project channels, with who made it', async () => {
    const { owner, editor, viewer, stranger, wsId } = await proTeam(servers.t.app, servers.sink);
    const project = await createProject(servers.t.app, editor.token, {
      name: 'Board',
      workspace_id: wsId,
    });
    const id = String(project.id);
    const renamed = await projectById(servers.t.app, 'PATCH', editor.token, id, {
      name: 'Board v2',
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    // updated_at alone changes nothing anyone sees: no message.
    const touched = await projectById(servers.t.app, 'PATCH', editor.token, id, {
      updated_at: '2020-01-01T00:00:00.000Z',
    });
    expect(touched.statusCode, touched.body).toBe(200);
    await commit(servers.t.app, owner.token, id, { code: 'let saved = 2', source: 'edit' });
    const first = (await listVersions(servers.t.app, owner.token, id)).at(-1);
    const restored = await versions(
      servers.t.app,
      'POST',
      `${id}/${first!.id}/restore`,
      editor.token,
    );
    expect(restored.statusCode, restored.body).toBe(201);

    const onWorkspace = await kept(viewer.token, `workspace:${wsId}`);
    expect(
      onWorkspace.map((m) => [m.event, m.payload.name, m.payload.updatedBy, m.payload.codeChanged]),
    ).toEqual([
      ['project.created', 'Board', editor.id, false],
      ['project.updated', 'Board v2', editor.id, false],
      ['project.updated', 'Board v2', owner.id, true],
      ['project.updated', 'Board v2', editor.id, true],
    ]);
    expect(onWorkspace[2]!.payload).toMatchObject({
      projectId: id,
      workspaceId: wsId,
      updatedByName: owner.email.split('@')[0],
    });
    expect(onWorkspace.every((m) => m.senderId === null)).toBe(true);
    // The project's own channel has the changes, not the creation.
    const onProject = await kept(viewer.token, `project:${id}`);
    expect(onProject.map((m) => m.event)).toEqual([
      'project.updated',
      'project.updated',
      'project.updated',
    ]);

    const removed = await projectById(servers.t.app, 'DELETE', owner.token, id);
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await kept(editor.token, `workspace:${wsId}`, onWorkspace.at(-1)!.id);
    expect(after.map((m) => [m.event, m.payload.projectId])).toEqual([['project.deleted', id]]);

    // Someone outside the workspace reads none of it.
    const outside = await call(
      servers.t.app,
      'GET',
      `/api/realtime/codewright/messages?channel=workspace:${wsId}`,
      stranger.token,
    );
    expect(outside.statusCode).toBe(404);
  });

  it('delivers a teammate’s save live, and says where the channel stood when joined', async () => {
    const { owner, editor, wsId } = await proTeam(servers.t.app, servers.sink);
    const project = await createProject(servers.t.app, owner.token, { workspace_id: wsId });
    const id = String(project.id);
    const before = await kept(owner.token, `workspace:${wsId}`);

    const socket = await subscribedSocket(wsUrl(), owner.token, `workspace:${wsId}`);
    const joined = socket.frames.find((f) => f.type === 'subscribed') as Extract<
      RealtimeServerFrame,
      { type: 'subscribed' }
    >;
    expect(joined.lastId).toBe(before.at(-1)!.id);

    const saved = await projectById(servers.t.app, 'PATCH', editor.token, id, {
      code: 'console.log("team")',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const live = await socket.next((f) => f.type === 'message');
    expect(live).toMatchObject({
      type: 'message',
      message: {
        channel: `workspace:${wsId}`,
        event: 'project.updated',
        payload: { projectId: id, updatedBy: editor.id, codeChanged: true },
      },
    });
    socket.close();
  });
});
