import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  REALTIME_HEARTBEAT_MS,
  REALTIME_TIMEOUT_MS,
  type RealtimeMessage,
} from '@codewright/contract';
import { FakeSocket } from '../testing/fake-socket.ts';
import { createRealtimeSocket } from './realtime-socket.ts';

const message = (id: string, channel = 'project:p'): RealtimeMessage => ({
  id,
  channel,
  event: 'e',
  payload: { id },
  senderId: 'u',
  createdAt: '2026-11-29T00:00:00.000Z',
});

function setup(missed: RealtimeMessage[] = []) {
  const sockets: FakeSocket[] = [];
  const read = vi.fn(async () => missed);
  const rt = createRealtimeSocket({
    url: 'ws://x/api/realtime/p/ws',
    open: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    getAccessToken: async () => 'token-1',
    missed: read,
    random: () => 0.5,
  });
  return { rt, sockets, read, last: () => sockets.at(-1)! };
}

/** Lets the promise chain run (the token is read asynchronously). */
const flush = () => vi.advanceTimersByTimeAsync(0);

/** Subscribes to project:p, playing the server: the socket opens, signs in, and says subscribed. */
async function subscribeAsServer({ rt, last }: ReturnType<typeof setup>) {
  const subscribed = rt.subscribe('project:p');
  await flush();
  last().open();
  last().receive({ type: 'ready', userId: 'u' });
  await flush();
  last().answer('subscribe', { type: 'subscribed', channel: 'project:p' });
  await subscribed;
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the realtime connection', () => {
  it('moves disconnected → connecting → connected → subscribed, signing in with the first frame', async () => {
    const { rt, last } = setup();
    const states: string[] = [];
    const entry = rt.entryOf('project:p');
    entry.onState.add((s) => states.push(s));
    const subscribed = rt.subscribe('project:p');
    await flush();
    last().open();
    expect(last().sent[0]).toEqual({ type: 'auth', token: 'token-1' });
    last().receive({ type: 'ready', userId: 'u' });
    await flush();
    last().answer('subscribe', { type: 'subscribed', channel: 'project:p' });
    await subscribed;
    expect(states).toEqual(['connecting', 'connected', 'subscribed']);
    // The heartbeat.
    await vi.advanceTimersByTimeAsync(REALTIME_HEARTBEAT_MS);
    expect(last().sent.at(-1)).toEqual({ type: 'ping' });
  });

  it('gives up on a subscribe after the time-out, with a message that says what happens next', async () => {
    const { rt, last } = setup();
    const subscribed = rt.subscribe('project:p');
    const failed = expect(subscribed).rejects.toThrow(/timed out after 10 s/);
    await flush();
    last().open();
    last().receive({ type: 'ready', userId: 'u' });
    await vi.advanceTimersByTimeAsync(REALTIME_TIMEOUT_MS + 1);
    await failed;
  });

  it('reconnects after min(30 s, 2^n s) plus jitter, resubscribes and reads back what it missed, once', async () => {
    const fake = setup([message('3'), message('4')]);
    const { rt, sockets, last, read } = fake;
    const got: string[] = [];
    rt.entryOf('project:p').onMessage.add((m) => got.push(m.id));
    await subscribeAsServer(fake);
    last().receive({ type: 'message', message: message('2') });

    last().close(); // the drop
    expect(rt.entryOf('project:p').state).toBe('disconnected');
    // 2^0 s + 0.5 × 1 s of jitter: nothing before, a new socket after.
    await vi.advanceTimersByTimeAsync(1_499);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    last().open();
    last().receive({ type: 'ready', userId: 'u' });
    await flush();
    last().answer('subscribe', { type: 'subscribed', channel: 'project:p' });
    await flush();
    expect(read).toHaveBeenCalledWith('project:p', '2');
    // Message 4 also arrives live: heard once.
    last().receive({ type: 'message', message: message('4') });
    expect(got).toEqual(['2', '3', '4']);
    expect(rt.entryOf('project:p').state).toBe('subscribed');

    // Dropped again before it signs in: the delay doubles, capped at 30 s.
    last().close();
    await vi.advanceTimersByTimeAsync(1_500);
    expect(sockets).toHaveLength(3);
    last().close();
    await vi.advanceTimersByTimeAsync(2_499);
    expect(sockets).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(4);
  });

  it('reads back after a reconnect since the id the channel stood at when joined, even with nothing heard', async () => {
    const fake = setup([message('8')]);
    const { rt, last, read } = fake;
    const got: string[] = [];
    rt.entryOf('project:p').onMessage.add((m) => got.push(m.id));
    const subscribed = rt.subscribe('project:p');
    await flush();
    last().open();
    last().receive({ type: 'ready', userId: 'u' });
    await flush();
    last().answer('subscribe', { type: 'subscribed', channel: 'project:p', lastId: '7' });
    await subscribed;

    last().close();
    await vi.advanceTimersByTimeAsync(1_500);
    last().open();
    last().receive({ type: 'ready', userId: 'u' });
    await flush();
    last().answer('subscribe', { type: 'subscribed', channel: 'project:p', lastId: '8' });
    await flush();
    expect(read).toHaveBeenCalledWith('project:p', '7');
    expect(got).toEqual(['8']);
  });

  it('leaves a channel only when the last of its holders lets go', async () => {
    const fake = setup();
    const { rt, last } = fake;
    await subscribeAsServer(fake);
    await rt.subscribe('project:p'); // a second holder: already joined, nothing sent
    expect(last().sent.filter((f) => f.type === 'subscribe')).toHaveLength(1);
    await rt.unsubscribe('project:p');
    expect(last().sent.some((f) => f.type === 'unsubscribe')).toBe(false);
    expect(rt.entryOf('project:p').state).toBe('subscribed');
    const left = rt.unsubscribe('project:p');
    last().answer('unsubscribe', { type: 'unsubscribed', channel: 'project:p' });
    await left;
    expect(last().sent.at(-1)).toMatchObject({ type: 'unsubscribe', channel: 'project:p' });
  });

  it('turns an error frame into a rejected send, and stops for good when closed', async () => {
    const fake = setup();
    const { rt, sockets, last } = fake;
    await subscribeAsServer(fake);
    const sent = rt.send('project:p', 'x', {});
    last().answer('publish', { type: 'error', code: 'FORBIDDEN', message: 'Your role…' });
    await expect(sent).rejects.toMatchObject({ code: 'FORBIDDEN', message: 'Your role…' });
    rt.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(1);
  });
});
