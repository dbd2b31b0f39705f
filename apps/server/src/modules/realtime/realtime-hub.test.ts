import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeMessage } from '@codewright/contract';
import { presenceColor } from '@codewright/contract';
import { createRealtimeHub, PRESENCE_COALESCE_MS } from './realtime-hub.ts';
import { presenceEnvelope } from './realtime.repository.ts';

/** A member that records the text of every frame it is sent. */
function member(userId: string) {
  const texts: string[] = [];
  return {
    userId,
    name: userId,
    texts,
    frames: () => texts.map((t) => JSON.parse(t) as { type: string; members?: unknown[] }),
    send: (frame: unknown) => texts.push(JSON.stringify(frame)),
    sendText: (text: string) => texts.push(text),
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the realtime hub', () => {
  it('tells a channel who is present once for the joins of one moment, one entry per user', () => {
    const hub = createRealtimeHub();
    const [a, b, secondTabOfB] = [member('a'), member('b'), member('b')];
    for (const m of [a, b, secondTabOfB]) hub.join('project:p', m);
    expect(a.texts).toEqual([]);
    vi.advanceTimersByTime(PRESENCE_COALESCE_MS);
    for (const m of [a, b, secondTabOfB]) {
      expect(m.frames()).toHaveLength(1);
      expect(m.frames()[0]!.members).toEqual([
        { userId: 'a', name: 'a', color: presenceColor('a'), meta: {} },
        { userId: 'b', name: 'b', color: presenceColor('b'), meta: {} },
      ]);
    }
    // The same text for everyone: written once.
    expect(new Set([a, b, secondTabOfB].map((m) => m.texts[0])).size).toBe(1);
  });

  it('delivers a message to the members of its channel only, and forgets an empty channel', () => {
    const hub = createRealtimeHub();
    const [on, off] = [member('a'), member('b')];
    hub.join('project:p', on);
    hub.join('project:q', off);
    vi.advanceTimersByTime(PRESENCE_COALESCE_MS);
    const message = { id: '1', channel: 'project:p' } as RealtimeMessage;
    hub.deliver(message);
    expect(on.frames().at(-1)).toEqual({ type: 'message', message });
    expect(off.frames().map((f) => f.type)).toEqual(['presence']);
    expect(hub.leave('project:p', on)).toBe(true);
    expect(hub.leave('project:p', on)).toBe(false);
    expect(hub.channelCount).toBe(1);
    expect(hub.setPresence('project:p', on, { x: 1 })).toBe(false);
  });

  it('merges what other instances say of their members, tells its own, and forgets a silent one', () => {
    let clock = 0;
    const said: Array<[string, string[]]> = [];
    const hub = createRealtimeHub({
      now: () => clock,
      onLocalPresence: (channel, members) => said.push([channel, members.map((m) => m.userId)]),
    });
    const a = member('a');
    hub.join('project:p', a);
    vi.advanceTimersByTime(PRESENCE_COALESCE_MS);
    expect(said).toEqual([['project:p', ['a']]]);

    const far = (userId: string) => ({ userId, name: userId, color: '#fff', meta: {} });
    // Another instance has b, and a in another tab: one entry per user.
    hub.setRemote('project:p', 'other', [far('b'), far('a')]);
    expect(a.frames().at(-1)!.members).toEqual([
      { userId: 'a', name: 'a', color: presenceColor('a'), meta: {} },
      far('b'),
    ]);
    expect(hub.presence('project:p').map((m) => m.userId)).toEqual(['a', 'b']);

    // It stops saying so: after the age limit, b is gone.
    clock = 10_000;
    hub.expireRemote(5_000);
    expect(a.frames().at(-1)!.members).toHaveLength(1);

    // The last member here leaves: the others are told at once.
    hub.leave('project:p', a);
    expect(said.at(-1)).toEqual(['project:p', []]);
    expect(hub.localPresence()).toEqual([]);
  });
});

describe('a presence notice between instances', () => {
  it('fits under NOTIFY’s limit: without metadata, then as many members as fit', () => {
    const many = Array.from({ length: 500 }, (_, i) => ({
      userId: `usr_${i}`,
      name: `Member number ${i}`,
      color: '#f87171',
      meta: { state: 'editing', note: 'x'.repeat(200) },
    }));
    const text = presenceEnvelope('o', 'project:p', many);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(7900);
    const { presence } = JSON.parse(text) as { presence: { members: typeof many } };
    expect(presence.members.length).toBeGreaterThan(50);
    expect(presence.members[0]).toEqual({ ...many[0], meta: {} });
    // A small list goes whole.
    const few = many.slice(0, 3);
    expect(JSON.parse(presenceEnvelope('o', 'project:p', few)).presence.members).toEqual(few);
  });
});
