import { describe, expect, it } from 'vitest';
import { ReadCache } from './read-cache.ts';

describe('ReadCache', () => {
  it('answers a stored read until its time is up', () => {
    const cache = new ReadCache(1000);
    cache.set('u1', 'projects', 'q', '[1]', cache.stamp('u1', 'projects'), 0);
    expect(cache.get('u1', 'projects', 'q', 999)).toBe('[1]');
    expect(cache.get('u1', 'projects', 'q', 1000)).toBeUndefined();
    expect(cache.get('u2', 'projects', 'q', 10)).toBeUndefined();
  });

  it('drops a scope on a write, and refuses a read that ran across a write', () => {
    const cache = new ReadCache(1000);
    cache.set('u1', 'projects', 'q', '[1]', cache.stamp('u1', 'projects'), 0);
    const stamp = cache.stamp('u1', 'projects'); // a read starts…
    cache.forget('u1', 'projects'); // …a write lands…
    expect(cache.get('u1', 'projects', 'q', 1)).toBeUndefined();
    cache.set('u1', 'projects', 'q', '[stale]', stamp, 2); // …the read ends.
    expect(cache.get('u1', 'projects', 'q', 3)).toBeUndefined();
  });

  it('forgets everything at once and is off at 0 ms', () => {
    const cache = new ReadCache(1000);
    const stamp = cache.stamp('u1', 'chat_messages');
    cache.forgetAll();
    cache.set('u1', 'chat_messages', 'q', '[]', stamp, 0);
    expect(cache.get('u1', 'chat_messages', 'q', 1)).toBeUndefined();
    const off = new ReadCache(0);
    off.set('u1', 'projects', 'q', '[]', off.stamp('u1', 'projects'), 0);
    expect(off.get('u1', 'projects', 'q', 0)).toBeUndefined();
  });
});
