import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket } from '../testing/fake-socket.ts';
import { createRealtimeDocuments, fromBase64, toBase64 } from './realtime-documents.ts';
import { createRealtimeSocket } from './realtime-socket.ts';

function setup() {
  const sockets: FakeSocket[] = [];
  const socket = createRealtimeSocket({
    url: 'ws://x/api/realtime/p/ws',
    open: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    getAccessToken: async () => 'token-1',
    missed: async () => [],
    random: () => 0,
  });
  const docs = createRealtimeDocuments(socket);
  return { docs, last: () => sockets.at(-1)!, sockets };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

/** Plays the server: the socket opens and signs in. */
async function signIn(last: () => FakeSocket) {
  await flush();
  last().open();
  last().receive({ type: 'ready', userId: 'u' });
  await flush();
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('shared documents over the realtime connection', () => {
  it('joins, carries y-protocols bytes each way in base64, saves and leaves', async () => {
    const { docs, last } = setup();
    const doc = docs.document('p1', 'src/App.tsx');
    const heard: number[][] = [];
    doc.onMessage((m) => heard.push([...m]));
    expect(doc.send(new Uint8Array([1]))).toBe(false); // not joined: nothing is queued

    const joined = doc.join();
    await signIn(last);
    expect(last().sent.at(-1)).toMatchObject({
      type: 'doc-join',
      projectId: 'p1',
      path: 'src/App.tsx',
    });
    last().answer('doc-join', {
      type: 'doc-joined',
      projectId: 'p1',
      path: 'src/App.tsx',
      canWrite: false,
    });
    expect(await joined).toEqual({ canWrite: false });
    expect(doc.state).toBe('subscribed');

    last().receive({ type: 'doc', projectId: 'p1', path: 'src/App.tsx', data: 'AAEC' });
    last().receive({ type: 'doc', projectId: 'p1', path: 'other.ts', data: 'AAEC' });
    expect(heard).toEqual([[0, 1, 2]]);

    expect(doc.send(new Uint8Array([0, 2, 250]))).toBe(true);
    expect(last().sent.at(-1)).toEqual({
      type: 'doc',
      projectId: 'p1',
      path: 'src/App.tsx',
      data: toBase64(new Uint8Array([0, 2, 250])),
    });

    const saved = doc.save({ source: 'edit', prompt: 'Add a title' });
    expect(last().sent.at(-1)).toMatchObject({
      type: 'doc-save',
      source: 'edit',
      prompt: 'Add a title',
    });
    last().answer('doc-save', { type: 'doc-saved', projectId: 'p1', path: 'src/App.tsx' });
    await saved;

    const left = doc.leave();
    expect(last().sent.at(-1)).toMatchObject({ type: 'doc-leave', path: 'src/App.tsx' });
    last().answer('doc-leave', { type: 'doc-left', projectId: 'p1', path: 'src/App.tsx' });
    await left;
    // Nothing holds the connection any more: it closes.
    expect(last().readyState).toBe(3);
  });

  it('joins again after a drop and tells the caller, so it syncs afresh', async () => {
    const { docs, last, sockets } = setup();
    const doc = docs.document('p1', 'a.ts');
    const joins: boolean[] = [];
    const states: string[] = [];
    doc.onJoin(({ canWrite }) => joins.push(canWrite));
    doc.onStateChange((s) => states.push(s));
    const joined = doc.join();
    await signIn(last);
    last().answer('doc-join', {
      type: 'doc-joined',
      projectId: 'p1',
      path: 'a.ts',
      canWrite: true,
    });
    await joined;

    last().close(); // the drop
    expect(doc.state).toBe('disconnected');
    expect(doc.send(new Uint8Array([1]))).toBe(false);
    await vi.advanceTimersByTimeAsync(1000); // 2^0 s
    expect(sockets).toHaveLength(2);
    await signIn(last);
    expect(last().sent.at(-1)).toMatchObject({ type: 'doc-join', path: 'a.ts' });
    last().answer('doc-join', {
      type: 'doc-joined',
      projectId: 'p1',
      path: 'a.ts',
      canWrite: true,
    });
    await flush();
    expect(joins).toEqual([true, true]);
    expect(states).toEqual([
      'connecting',
      'subscribed',
      'disconnected',
      'connecting',
      'subscribed',
    ]);
  });

  it('stays left when the server lets go of it (access lost)', async () => {
    const { docs, last } = setup();
    const doc = docs.document('p1', 'a.ts');
    const joined = doc.join();
    await signIn(last);
    last().answer('doc-join', {
      type: 'doc-joined',
      projectId: 'p1',
      path: 'a.ts',
      canWrite: true,
    });
    await joined;
    last().receive({ type: 'doc-left', projectId: 'p1', path: 'a.ts' });
    expect(doc.state).toBe('connected');
    expect(doc.send(new Uint8Array([1]))).toBe(false);
  });

  it('turns bytes into base64 and back, past one chunk', () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    expect(fromBase64(toBase64(bytes))).toEqual(bytes);
  });
});
