// GET /api/realtime/{project}/ws over real TCP: sign-in by the first frame, channels the role
// table allows, presence, live delivery of what is published (by websocket or REST), the drop of
// a removed member, and every refusal as an error frame, never a crash.
import { describe, expect, it } from 'vitest';
import {
  REALTIME_CLOSE,
  REALTIME_MAX_SUBSCRIPTIONS,
  type RealtimeServerFrame,
} from '@codewright/contract';
import { aroundTests } from '../../test/around-tests.ts';
import { createTestApp } from '../../test/test-app.ts';
import { newUser, projectRow, rest } from '../db/db-test-helpers.ts';
import { call, useTeamServers } from '../workspaces/workspace-test-helpers.ts';
import {
  claimsOf,
  connectSocket,
  publishOverRest,
  realtimeTeam,
  removeMember,
  useSocketUrl,
} from './realtime-test-helpers.ts';

const servers = useTeamServers();
const wsUrl = useSocketUrl(() => servers.t.app);
const is =
  <T extends RealtimeServerFrame['type']>(type: T, extra: Record<string, unknown> = {}) =>
  (f: RealtimeServerFrame) =>
    f.type === type &&
    Object.entries(extra).every(([k, v]) => (f as Record<string, unknown>)[k] === v);

const team = () => realtimeTeam(servers.t.app, servers.sink);

describe('the realtime websocket', () => {
  it('refuses a connection that does not sign in first, or signs in with a bad token', async () => {
    const early = await connectSocket(wsUrl());
    early.send({ type: 'subscribe', channel: 'project:x' });
    expect(await early.next(is('error'))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await early.closed).code).toBe(REALTIME_CLOSE.unauthorized);

    const bad = await connectSocket(wsUrl());
    bad.send({ type: 'auth', token: 'not-a-token' });
    expect(await bad.next(is('error'))).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await bad.closed).code).toBe(REALTIME_CLOSE.unauthorized);

    // A token past its lifetime, for a real session.
    const user = await newUser(servers.t.app);
    const claims = claimsOf(user.token);
    const expired = await servers.t.app.accessTokens.sign(
      claims,
      Math.floor(Date.now() / 1000) - 3600,
    );
    const late = await connectSocket(wsUrl());
    late.send({ type: 'auth', token: expired });
    expect(await late.next(is('error'))).toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect((await late.closed).code).toBe(REALTIME_CLOSE.unauthorized);
  });

  it('ends a connection when its token expires, unless a fresh one came first', async () => {
    const user = await newUser(servers.t.app);
    const claims = claimsOf(user.token);
    const ttl = servers.t.app.accessTokens.ttlSeconds;
    // Tokens that expire in 2 to 3 seconds (whole seconds): time to sign in and renew first.
    const shortLived = () =>
      servers.t.app.accessTokens.sign(claims, Math.floor(Date.now() / 1000) - ttl + 3);
    const ending = await connectSocket(wsUrl(), await shortLived());
    const renewed = await connectSocket(wsUrl(), await shortLived());
    renewed.send({ type: 'auth', token: user.token, ref: 'fresh' });
    await renewed.next(is('ready', { ref: 'fresh' }));
    expect(await ending.next(is('error'), 8_000)).toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect((await ending.closed).code).toBe(REALTIME_CLOSE.unauthorized);
    renewed.send({ type: 'ping', ref: 'after' });
    expect(await renewed.next(is('pong'))).toEqual({ type: 'pong', ref: 'after' });
    renewed.close();
  });

  it('delivers what members publish to everyone on the channel, with presence', async () => {
    const { owner, editor, viewer, channel } = await team();
    const a = await connectSocket(wsUrl(), owner.token);
    const b = await connectSocket(wsUrl(), viewer.token);
    a.send({ type: 'subscribe', channel, ref: 's1' });
    expect(await a.next(is('subscribed'))).toEqual({
      type: 'subscribed',
      channel,
      lastId: null,
      ref: 's1',
    });
    b.send({ type: 'subscribe', channel });
    await b.next(is('subscribed'));
    const both = (await a.next((f) => f.type === 'presence' && f.members.length === 2)) as Extract<
      RealtimeServerFrame,
      { type: 'presence' }
    >;
    expect(both.members.map((m) => m.userId).sort()).toEqual([owner.id, viewer.id].sort());
    expect(both.members[0]!.color).toMatch(/^#[0-9a-f]{6}$/);

    b.send({ type: 'presence', channel, meta: { state: 'viewing' }, ref: 't' });
    expect(await b.next(is('tracked'))).toEqual({ type: 'tracked', channel, ref: 't' });
    const seen = (await a.next(
      (f) => f.type === 'presence' && f.members.some((m) => m.meta.state === 'viewing'),
    )) as Extract<RealtimeServerFrame, { type: 'presence' }>;
    expect(seen.members.find((m) => m.userId === viewer.id)?.meta).toEqual({ state: 'viewing' });
    const present = await call(
      servers.t.app,
      'GET',
      `/api/realtime/codewright/presence?channel=${channel}`,
      editor.token,
    );
    expect(present.statusCode, present.body).toBe(200);
    expect(present.json().members).toHaveLength(2);

    a.send({ type: 'publish', channel, event: 'cursor', payload: { line: 4 }, ref: 'p1' });
    expect(await a.next(is('published'))).toMatchObject({ ref: 'p1', id: expect.any(String) });
    for (const socket of [a, b])
      expect(await socket.next(is('message'))).toMatchObject({
        message: { channel, event: 'cursor', payload: { line: 4 }, senderId: owner.id },
      });

    // Published over REST by a teammate without a socket: delivered live too.
    const rest = await publishOverRest(servers.t.app, editor.token, {
      channel,
      event: 'project.saved',
      payload: { name: 'Demo' },
    });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(await b.next(is('message'))).toMatchObject({ message: { event: 'project.saved' } });

    // A viewer may not publish: the frame is refused, the connection stays.
    b.send({ type: 'publish', channel, event: 'x', payload: {}, ref: 'v' });
    expect(await b.next(is('error'))).toMatchObject({ code: 'FORBIDDEN', ref: 'v' });
    b.send({ type: 'ping', ref: 'still' });
    expect(await b.next(is('pong'))).toEqual({ type: 'pong', ref: 'still' });

    b.close();
    expect(await a.next((f) => f.type === 'presence' && f.members.length === 1)).toMatchObject({
      members: [{ userId: owner.id }],
    });
    a.close();
  });

  it('refuses channels outside the role table and drops a removed member at once', async () => {
    const { owner, editor, stranger, wsId, channel } = await team();
    const outsider = await connectSocket(wsUrl(), stranger.token);
    outsider.send({ type: 'subscribe', channel, ref: 'x' });
    expect(await outsider.next(is('error'))).toEqual({
      type: 'error',
      code: 'NOT_FOUND',
      message: `Channel ${channel} not found.`,
      ref: 'x',
    });
    outsider.close();

    const member = await connectSocket(wsUrl(), editor.token);
    for (const c of [channel, `workspace:${wsId}`]) {
      member.send({ type: 'subscribe', channel: c });
      await member.next(is('subscribed', { channel: c }));
    }
    await removeMember(servers.t.app, owner.token, wsId, editor.id);
    const dropped = [
      await member.next(is('unsubscribed')),
      await member.next(is('unsubscribed')),
    ].map((f) => (f as { channel: string }).channel);
    expect(dropped.sort()).toEqual([channel, `workspace:${wsId}`].sort());
    // Nothing published there reaches them any more.
    await publishOverRest(servers.t.app, owner.token, {
      channel,
      event: 'after',
      payload: {},
    });
    member.send({ type: 'ping', ref: 'last' });
    await member.next(is('pong'));
    expect(member.frames.some((f) => f.type === 'message')).toBe(false);
    member.close();
  });

  it('answers bad frames with an error frame and keeps going', async () => {
    const { owner, channel } = await team();
    const s = await connectSocket(wsUrl(), owner.token);
    s.send('not json');
    expect(await s.next(is('error'))).toMatchObject({ code: 'BAD_FRAME' });
    s.send({ type: 'shout' });
    expect(await s.next(is('error'))).toMatchObject({ code: 'BAD_FRAME' });
    s.send({ type: 'subscribe', channel: 'general' });
    expect(await s.next(is('error'))).toMatchObject({
      code: 'BAD_FRAME',
      message: expect.stringContaining('channel must be'),
    });
    s.send({ type: 'presence', channel, meta: { a: 1 }, ref: 'p' });
    expect(await s.next(is('error'))).toMatchObject({ code: 'NOT_SUBSCRIBED', ref: 'p' });
    s.send({ type: 'publish', channel, event: 'big', payload: { t: 'x'.repeat(7000) }, ref: 'b' });
    expect(await s.next(is('error'))).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', ref: 'b' });
    // Another user's token cannot take the connection over.
    const other = await newUser(servers.t.app);
    s.send({ type: 'auth', token: other.token });
    expect(await s.next(is('error'))).toMatchObject({ code: 'FORBIDDEN' });
    expect((await s.closed).code).toBe(REALTIME_CLOSE.unauthorized);

    // More channels than a connection may hold: the one over the limit is refused.
    const made = await rest(servers.t.app, 'POST', 'projects', {
      token: owner.token,
      body: Array.from({ length: REALTIME_MAX_SUBSCRIPTIONS }, (_, i) =>
        projectRow({ name: `P${i}` }),
      ),
    });
    expect(made.statusCode, made.body).toBe(201);
    const channels = [channel, ...made.json<{ id: string }[]>().map((p) => `project:${p.id}`)];
    const many = await connectSocket(wsUrl(), owner.token);
    for (const [i, c] of channels.entries())
      many.send({ type: 'subscribe', channel: c, ref: String(i) });
    for (let i = 0; i < REALTIME_MAX_SUBSCRIPTIONS; i += 1)
      await many.next(is('subscribed', { ref: String(i) }));
    expect(await many.next(is('error'))).toMatchObject({
      code: 'SUBSCRIPTION_LIMIT_REACHED',
      ref: String(REALTIME_MAX_SUBSCRIPTIONS),
    });
    many.close();
  });

  it('tells a plain GET (no upgrade) to open a websocket', async () => {
    const res = await servers.t.app.inject({ method: 'GET', url: '/api/realtime/codewright/ws' });
    expect(res.statusCode).toBe(426);
    expect(res.json()).toEqual({
      error: {
        code: 'UPGRADE_REQUIRED',
        message: 'Open this address as a websocket (GET with Upgrade: websocket).',
      },
    });
  });

  it('closes a frame over the size limit with 1009', async () => {
    const { owner } = await team();
    const s = await connectSocket(wsUrl(), owner.token);
    s.send({ type: 'ping', pad: 'x'.repeat(20_000) });
    expect((await s.closed).code).toBe(1009);
  });
});

describe('the heartbeat', () => {
  const quick = aroundTests(
    'the quick-heartbeat app is',
    async () => {
      const t = await createTestApp({ REALTIME_HEARTBEAT_MS: '200' });
      return { t, url: await t.app.listen({ port: 0, host: '127.0.0.1' }) };
    },
    ({ t }) => t.close(),
  );

  it('closes a connection that stays silent for two heartbeats, not one that pings', async () => {
    const user = await newUser(quick().t.app);
    const url = `${quick().url.replace('http', 'ws')}/api/realtime/codewright/ws`;
    const silent = await connectSocket(url, user.token);
    const pinging = await connectSocket(url, user.token);
    const timer = setInterval(() => pinging.send({ type: 'ping' }), 100);
    expect((await silent.closed).code).toBe(REALTIME_CLOSE.heartbeatMissed);
    pinging.send({ type: 'ping', ref: 'alive' });
    await pinging.next(is('pong', { ref: 'alive' }));
    clearInterval(timer);
    pinging.close();
  });
});
