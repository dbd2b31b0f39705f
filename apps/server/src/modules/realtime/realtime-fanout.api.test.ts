// Two instances on one PostgreSQL (the way N instances run): what one keeps reaches the
// websockets of the other through LISTEN/NOTIFY, whole or, when too large to carry, by id.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { aroundTests } from '../../test/around-tests.ts';
import { call, useTeamServers } from '../workspaces/workspace-test-helpers.ts';
import type { RealtimeServerFrame } from '@codewright/contract';
import { projectById } from '../db/db-test-helpers.ts';
import {
  publishOverRest,
  realtimeTeam,
  removeMember,
  subscribedSocket,
  useSocketUrl,
} from './realtime-test-helpers.ts';

const servers = useTeamServers();
/** The first instance's websocket (on a real port too). */
const firstSocketUrl = useSocketUrl(() => servers.t.app);
/** A second instance of the same app: same database and secret, a DATA_DIR of its own. */
const second = aroundTests(
  'the second instance is',
  async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-second-'));
    const app = await buildApp({
      config: { ...servers.t.config, DATA_DIR: dataDir },
      logger: false,
    });
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, dataDir, url };
  },
  async ({ app, dataDir }) => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  },
);

describe('realtime across instances', () => {
  it('delivers a message kept on one instance to a websocket of the other', async () => {
    const { owner, viewer, channel } = await realtimeTeam(servers.t.app, servers.sink);
    const url = `${second().url.replace('http', 'ws')}/api/realtime/codewright/ws`;
    const listener = await subscribedSocket(url, viewer.token, channel);

    // Published on the first instance (REST): small enough to travel whole.
    const small = await publishOverRest(servers.t.app, owner.token, {
      channel,
      event: 'project.saved',
      payload: { name: 'Demo' },
    });
    expect(small.statusCode, small.body).toBe(201);
    expect(await listener.next((f) => f.type === 'message')).toMatchObject({
      message: { id: small.json().id, event: 'project.saved', payload: { name: 'Demo' } },
    });

    // Within the payload limit as sent, but longer than a NOTIFY carries once PostgreSQL has
    // written it out (jsonb puts a space after every comma): sent by id, read back there.
    const zeros = Array.from({ length: 2900 }, () => 0);
    const large = await publishOverRest(servers.t.app, owner.token, {
      channel,
      event: 'big',
      payload: { zeros },
    });
    expect(large.statusCode, large.body).toBe(201);
    expect(await listener.next((f) => f.type === 'message')).toMatchObject({
      message: { id: large.json().id, event: 'big', payload: { zeros } },
    });
    listener.close();
  });

  it('drops a member removed on one instance from the channels they joined on the other', async () => {
    const { owner, editor, wsId, channel } = await realtimeTeam(servers.t.app, servers.sink);
    const url = `${second().url.replace('http', 'ws')}/api/realtime/codewright/ws`;
    const member = await subscribedSocket(url, editor.token, channel);
    await removeMember(servers.t.app, owner.token, wsId, editor.id);
    expect(await member.next((f) => f.type === 'unsubscribed')).toMatchObject({
      channel,
      reason: 'You no longer have access to it.',
    });
    member.close();
  });

  it('tells the websockets of both instances about a project change', async () => {
    const { owner, viewer, channel } = await realtimeTeam(servers.t.app, servers.sink);
    const firstUrl = firstSocketUrl();
    const secondUrl = `${second().url.replace('http', 'ws')}/api/realtime/codewright/ws`;
    const here = await subscribedSocket(firstUrl, viewer.token, channel);
    const there = await subscribedSocket(secondUrl, viewer.token, channel);
    const renamed = await projectById(
      servers.t.app,
      'PATCH',
      owner.token,
      channel.slice('project:'.length),
      { name: 'Renamed' },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    for (const socket of [here, there]) {
      expect(await socket.next((f) => f.type === 'message')).toMatchObject({
        message: { event: 'project.updated', payload: { name: 'Renamed', updatedBy: owner.id } },
      });
      socket.close();
    }
  });

  it('shows who is present on either instance to both, and who left', async () => {
    const { owner, viewer, channel } = await realtimeTeam(servers.t.app, servers.sink);
    const firstUrl = firstSocketUrl();
    const secondUrl = `${second().url.replace('http', 'ws')}/api/realtime/codewright/ws`;
    const here = await subscribedSocket(firstUrl, owner.token, channel);
    const there = await subscribedSocket(secondUrl, viewer.token, channel);
    const bothPresent = (f: RealtimeServerFrame) => f.type === 'presence' && f.members.length === 2;
    for (const socket of [here, there]) {
      const frame = await socket.next(bothPresent);
      expect(frame.type === 'presence' && frame.members.map((m) => m.userId).sort()).toEqual(
        [owner.id, viewer.id].sort(),
      );
    }
    const rest = await call(
      servers.t.app,
      'GET',
      `/api/realtime/codewright/presence?channel=${channel}`,
      owner.token,
    );
    expect(rest.json().members).toHaveLength(2);

    there.close();
    expect(
      await here.next(
        (f) => f.type === 'presence' && f.members.length === 1 && f.members[0]!.userId === owner.id,
      ),
    ).toBeTruthy();
    here.close();
  });

  it('listens again after its database connection was cut', async () => {
    const { owner, viewer, channel } = await realtimeTeam(servers.t.app, servers.sink);
    const url = `${second().url.replace('http', 'ws')}/api/realtime/codewright/ws`;
    const listener = await subscribedSocket(url, viewer.token, channel);
    // Cut the realtime LISTEN connection of both instances, as a restart of PostgreSQL would.
    const cut = await servers.t.app.dbPool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen %codewright_realtime%'
          and pid <> pg_backend_pid()`,
    );
    expect(cut.rowCount).toBe(2);
    await expect
      .poll(
        async () => {
          const res = await publishOverRest(servers.t.app, owner.token, {
            channel,
            event: 'after-cut',
            payload: {},
          });
          expect(res.statusCode).toBe(201);
          return listener.frames.some((f) => f.type === 'message');
        },
        { timeout: 15_000, interval: 500 },
      )
      .toBe(true);
    listener.close();
  });
});
