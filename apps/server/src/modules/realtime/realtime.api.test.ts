// /api/realtime/{project}: publish and read back since an id, on the channels of projects and
// workspaces, with the permission table deciding who may read and who may write.
import { describe, expect, it } from 'vitest';
import {
  REALTIME_HISTORY_PER_CHANNEL,
  REALTIME_PAYLOAD_MAX_BYTES,
  RealtimeMessageListSchema,
  RealtimeMessageSchema,
} from '@codewright/contract';
import { errorOf } from '../db/db-test-helpers.ts';
import { call, useTeamServers } from '../workspaces/workspace-test-helpers.ts';
import { realtimeTeam, removeMember } from './realtime-test-helpers.ts';

const servers = useTeamServers();
const BASE = '/api/realtime/codewright';

const publish = (token: string | undefined, body: unknown) =>
  call(servers.t.app, 'POST', `${BASE}/publish`, token, body);
const messages = (token: string | undefined, query: string) =>
  call(servers.t.app, 'GET', `${BASE}/messages?${query}`, token);

/** A Pro team (owner, editor, viewer, stranger) with one private project of the owner's. */
async function team() {
  const { channel, ...members } = await realtimeTeam(servers.t.app, servers.sink);
  return { ...members, projectChannel: channel };
}

describe('realtime channels', () => {
  it('keeps what the owner and an editor publish; every member reads it back in order', async () => {
    const { owner, editor, viewer, projectChannel } = await team();
    const first = await publish(owner.token, {
      channel: projectChannel,
      event: 'project.saved',
      payload: { name: 'Demo', by: 'owner' },
    });
    expect(first.statusCode, first.body).toBe(201);
    const kept = RealtimeMessageSchema.parse(first.json());
    expect(kept).toMatchObject({
      channel: projectChannel,
      event: 'project.saved',
      payload: { name: 'Demo', by: 'owner' },
      senderId: owner.id,
    });
    const second = await publish(editor.token, {
      channel: projectChannel,
      event: 'cursor',
      payload: { line: 3, text: 'héllo ✓' },
    });
    expect(second.statusCode, second.body).toBe(201);

    for (const reader of [owner, editor, viewer]) {
      const all = await messages(reader.token, `channel=${projectChannel}`);
      expect(all.statusCode, all.body).toBe(200);
      const list = RealtimeMessageListSchema.parse(all.json()).messages;
      expect(list.map((m) => m.event)).toEqual(['project.saved', 'cursor']);
      expect(list[1]!.payload).toEqual({ line: 3, text: 'héllo ✓' });
    }
    // Since an id: only what came after it.
    const after = await messages(viewer.token, `channel=${projectChannel}&since=${kept.id}`);
    expect(after.json().messages.map((m: { event: string }) => m.event)).toEqual(['cursor']);
  });

  it('a viewer reads but may not publish; a stranger and a signed-out caller get nothing', async () => {
    const { viewer, stranger, wsId, projectChannel } = await team();
    const refused = await publish(viewer.token, {
      channel: projectChannel,
      event: 'x',
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused).code).toBe('FORBIDDEN');
    const viewerOnWorkspace = await publish(viewer.token, {
      channel: `workspace:${wsId}`,
      event: 'x',
      payload: {},
    });
    expect(viewerOnWorkspace.statusCode).toBe(403);

    for (const channel of [projectChannel, `workspace:${wsId}`]) {
      const read = await messages(stranger.token, `channel=${channel}`);
      expect(read.statusCode).toBe(404);
      expect(errorOf(read)).toEqual({
        code: 'NOT_FOUND',
        message: `Channel ${channel} not found.`,
      });
      const write = await publish(stranger.token, { channel, event: 'x', payload: {} });
      expect(write.statusCode).toBe(404);
    }
    expect((await messages(undefined, `channel=${projectChannel}`)).statusCode).toBe(401);
    expect(
      (await publish(undefined, { channel: projectChannel, event: 'x', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('a workspace channel: members read, editors and the owner publish, a removed member is out at once', async () => {
    const { owner, editor, wsId } = await team();
    const channel = `workspace:${wsId}`;
    const sent = await publish(editor.token, {
      channel,
      event: 'note',
      payload: { id: 'p1' },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    // After the server's own message for the team's project (project.created), the editor's.
    const read = (await messages(editor.token, `channel=${channel}`)).json().messages;
    expect(read.map((m: { event: string }) => m.event)).toEqual(['project.created', 'note']);

    await removeMember(servers.t.app, owner.token, wsId, editor.id);
    expect((await messages(editor.token, `channel=${channel}`)).statusCode).toBe(404);
    expect((await publish(editor.token, { channel, event: 'x', payload: {} })).statusCode).toBe(
      404,
    );
    expect((await messages(owner.token, `channel=${channel}`)).statusCode).toBe(200);
  });

  it(`keeps the last ${REALTIME_HISTORY_PER_CHANNEL} messages of a channel`, async () => {
    const { owner, projectChannel } = await team();
    const total = REALTIME_HISTORY_PER_CHANNEL + 5;
    for (let i = 0; i < total; i += 1) {
      const res = await publish(owner.token, {
        channel: projectChannel,
        event: 'tick',
        payload: { i },
      });
      expect(res.statusCode).toBe(201);
    }
    const list = (await messages(owner.token, `channel=${projectChannel}&limit=100`)).json()
      .messages as { payload: { i: number } }[];
    expect(list).toHaveLength(REALTIME_HISTORY_PER_CHANNEL);
    expect(list[0]!.payload.i).toBe(5);
    expect(list.at(-1)!.payload.i).toBe(total - 1);
  });

  it('refuses bad input with a 4xx that says what to fix, and keeps nothing of it', async () => {
    const { owner, projectChannel } = await team();
    const big = { text: 'x'.repeat(REALTIME_PAYLOAD_MAX_BYTES) };
    const tooLarge = await publish(owner.token, {
      channel: projectChannel,
      event: 'big',
      payload: big,
    });
    expect(tooLarge.statusCode).toBe(413);
    expect(errorOf(tooLarge).code).toBe('PAYLOAD_TOO_LARGE');
    expect(errorOf(tooLarge).message).toContain(`at most ${REALTIME_PAYLOAD_MAX_BYTES} bytes`);

    for (const [body, says] of [
      [{ channel: 'general', event: 'x', payload: {} }, 'channel must be'],
      [{ channel: `${projectChannel}/x`, event: 'x', payload: {} }, 'channel must be'],
      [{ channel: projectChannel, event: 'has space', payload: {} }, 'event must be'],
      [{ channel: projectChannel, event: 'x', payload: [1, 2] }, 'payload must be a JSON object'],
      [{ channel: projectChannel, event: 'x', payload: 'text' }, 'payload must be a JSON object'],
      [{ channel: projectChannel, event: 'x', payload: {}, extra: 1 }, 'extra'],
    ] as const) {
      const res = await publish(owner.token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).message, JSON.stringify(body)).toContain(says);
    }
    for (const [query, says] of [
      [`channel=${projectChannel}&since=abc`, 'since must be'],
      [`channel=${projectChannel}&since=-1`, 'since must be'],
      [`channel=${projectChannel}&limit=0`, 'limit must be at least 1'],
      [`channel=${projectChannel}&limit=101`, 'limit must be at most 100'],
      ['channel=', 'channel must be'],
      ['', 'channel'],
    ] as const) {
      const res = await messages(owner.token, query);
      expect(res.statusCode, query).toBe(400);
      expect(errorOf(res).message, query).toContain(says);
    }
    expect((await messages(owner.token, `channel=${projectChannel}`)).json().messages).toEqual([]);
  });

  it('answers 404 for a channel of a project that does not exist', async () => {
    const { owner } = await team();
    const res = await messages(owner.token, 'channel=project:does-not-exist');
    expect(res.statusCode).toBe(404);
    expect(errorOf(res).code).toBe('NOT_FOUND');
  });
});
