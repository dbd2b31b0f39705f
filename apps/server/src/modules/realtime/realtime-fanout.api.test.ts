// Two instances on one PostgreSQL (the way N instances run): what one keeps reaches the
// websockets of the other through LISTEN/NOTIFY, whole or, when too large to carry, by id.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { aroundTests } from '../../test/around-tests.ts';
import { useTeamServers } from '../workspaces/workspace-test-helpers.ts';
import { publishOverRest, realtimeTeam, subscribedSocket } from './realtime-test-helpers.ts';

const servers = useTeamServers();
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

  it('listens again after its database connection was cut', async () => {
    const { owner, viewer, channel } = await realtimeTeam(servers.t.app, servers.sink);
    const url = `${second().url.replace('http', 'ws')}/api/realtime/codewright/ws`;
    const listener = await subscribedSocket(url, viewer.token, channel);
    // Cut every LISTEN connection of this database, as a restart of PostgreSQL would.
    const cut = await servers.t.app.dbPool.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query ilike 'listen %' and pid <> pg_backend_pid()`,
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
