import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RealtimeMessage } from '@codewright/contract';
import { createRealtimeHub, presenceColor, PRESENCE_COALESCE_MS } from './realtime-hub.ts';

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
});
