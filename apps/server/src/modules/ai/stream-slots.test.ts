import { describe, expect, it } from 'vitest';
import { createStreamSlots } from './stream-slots.ts';

describe('createStreamSlots', () => {
  it('lets a user hold the cap, refuses one more with 429, and frees a slot on release', () => {
    const slots = createStreamSlots(2);
    const first = slots.acquire('a');
    slots.acquire('a');
    expect(() => slots.acquire('a')).toThrowError(
      expect.objectContaining({ code: 'AI_STREAM_LIMIT_REACHED', statusCode: 429 }),
    );
    // Another user is counted apart.
    expect(() => slots.acquire('b')).not.toThrow();
    first();
    expect(slots.open('a')).toBe(1);
    expect(() => slots.acquire('a')).not.toThrow();
  });

  it('a release called twice gives back one slot only', () => {
    const slots = createStreamSlots(1);
    const release = slots.acquire('a');
    release();
    release();
    expect(slots.open('a')).toBe(0);
    slots.acquire('a');
    expect(() => slots.acquire('a')).toThrow();
  });
});
