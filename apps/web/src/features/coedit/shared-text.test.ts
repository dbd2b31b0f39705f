import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import * as syncProtocol from 'y-protocols/sync';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import { COEDIT_MESSAGE, COEDIT_TEXT_NAME } from '@codewright/contract';
import type { RealtimeDocument } from '@codewright/sdk';
import { changedSpan, openSharedText } from './shared-text.ts';

/**
 * A server document as the real one answers (y-protocols sync; updates relayed to the others),
 * and the handles of its members, each of which can go offline and come back.
 */
function fakeServer(initial: string) {
  const doc = new Y.Doc();
  doc.getText(COEDIT_TEXT_NAME).insert(0, initial);
  const members: Array<{ online: boolean; deliver(message: Uint8Array): void }> = [];
  const syncMessage = (write: (e: encoding.Encoder) => void) => {
    const e = encoding.createEncoder();
    encoding.writeVarUint(e, COEDIT_MESSAGE.sync);
    write(e);
    return encoding.toUint8Array(e);
  };
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    for (const m of members)
      if (m !== origin && m.online)
        m.deliver(syncMessage((e) => syncProtocol.writeUpdate(e, update)));
  });

  function handle(): RealtimeDocument & { goOffline(): void; comeBack(): void } {
    const listeners = {
      message: new Set<(m: Uint8Array) => void>(),
      join: new Set<(j: { canWrite: boolean }) => void>(),
    };
    const member = {
      online: false,
      deliver: (message: Uint8Array) =>
        queueMicrotask(() => listeners.message.forEach((l) => l(message))),
    };
    members.push(member);
    const join = () => {
      member.online = true;
      listeners.join.forEach((l) => l({ canWrite: true }));
      member.deliver(syncMessage((e) => syncProtocol.writeSyncStep1(e, doc)));
    };
    return {
      projectId: 'p',
      path: 'main.js',
      get state() {
        return member.online ? ('subscribed' as const) : ('disconnected' as const);
      },
      join: async () => {
        join();
        return { canWrite: true };
      },
      leave: async () => void (member.online = false),
      send(message) {
        if (!member.online) return false;
        const decoder = decoding.createDecoder(message);
        if (decoding.readVarUint(decoder) !== COEDIT_MESSAGE.sync) return true;
        const reply = encoding.createEncoder();
        encoding.writeVarUint(reply, COEDIT_MESSAGE.sync);
        syncProtocol.readSyncMessage(decoder, reply, doc, member);
        if (encoding.length(reply) > 1) member.deliver(encoding.toUint8Array(reply));
        return true;
      },
      save: async () => undefined,
      onMessage: (l) => (listeners.message.add(l), () => void listeners.message.delete(l)),
      onJoin: (l) => (listeners.join.add(l), () => void listeners.join.delete(l)),
      onStateChange: () => () => undefined,
      goOffline: () => void (member.online = false),
      comeBack: join,
    };
  }
  return { doc, text: () => doc.getText(COEDIT_TEXT_NAME).toString(), handle };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const user = { name: 'Ada', color: '#34d399' };

describe('a shared text', () => {
  it('syncs with the server on join and passes each change to the others', async () => {
    const server = fakeServer('let a = 1;\n');
    const ada = openSharedText(server.handle(), user);
    const bo = openSharedText(server.handle(), { name: 'Bo', color: '#f87171' });
    await settle();
    expect(ada.status()).toBe('live');
    expect(ada.text.toString()).toBe('let a = 1;\n');
    ada.replace('let a = 1;\nlet b = 2;\n');
    await settle();
    expect(bo.text.toString()).toBe('let a = 1;\nlet b = 2;\n');
    expect(server.text()).toBe('let a = 1;\nlet b = 2;\n');
  });

  it('keeps typing done offline and merges it with the others’ on the next join, nothing lost', async () => {
    const server = fakeServer('one\ntwo\nthree\n');
    const adaHandle = server.handle();
    const ada = openSharedText(adaHandle, user);
    const bo = openSharedText(server.handle(), { name: 'Bo', color: '#f87171' });
    await settle();
    adaHandle.goOffline();
    ada.replace('ONE\ntwo\nthree\n');
    bo.replace('one\ntwo\nthree\nfour\n');
    await settle();
    expect(server.text()).toBe('one\ntwo\nthree\nfour\n');
    adaHandle.comeBack();
    await settle();
    await settle();
    for (const text of [ada.text.toString(), bo.text.toString(), server.text()])
      expect(text).toBe('ONE\ntwo\nthree\nfour\n');
  });

  it('merges typing at the same place from two members, each once', async () => {
    const server = fakeServer('ab');
    const ada = openSharedText(server.handle(), user);
    const bo = openSharedText(server.handle(), { name: 'Bo', color: '#f87171' });
    await settle();
    ada.replace('aXb');
    bo.replace('aYb');
    await settle();
    expect(ada.text.toString()).toBe(bo.text.toString());
    expect(ada.text.toString()).toMatch(/^a(XY|YX)b$/);
  });

  it('sends a large change in parts, each under the message limit', async () => {
    const server = fakeServer('');
    const sent: number[] = [];
    const handle = server.handle();
    const send = handle.send.bind(handle);
    handle.send = (message) => (sent.push(message.byteLength), send(message));
    const ada = openSharedText(handle, user);
    await settle();
    const big = 'x'.repeat(100_000) + '\n';
    ada.replace(big);
    await settle();
    expect(server.text()).toBe(big);
    expect(Math.max(...sent)).toBeLessThan(64 * 1024);
  });

  it('replaces only the span that differs', () => {
    expect(changedSpan('let a = 1;', 'let ab = 1;')).toEqual({ start: 5, end: 5, text: 'b' });
    expect(changedSpan('aaa', 'aa')).toEqual({ start: 2, end: 3, text: '' });
    expect(changedSpan('same', 'same')).toEqual({ start: 4, end: 4, text: '' });
  });
});
