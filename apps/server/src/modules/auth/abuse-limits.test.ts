import { describe, expect, it } from 'vitest';
import { isAppError } from '../../lib/app-error.ts';
import { SlidingWindowLimiter } from './abuse-limits.ts';

describe('SlidingWindowLimiter', () => {
  it('refuses past the limit with Retry-After until the oldest hit leaves the window', () => {
    const limiter = new SlidingWindowLimiter(2, 10_000);
    limiter.hit('k', 0);
    limiter.hit('k', 4_000);
    let error: unknown;
    try {
      limiter.hit('k', 5_000);
    } catch (e) {
      error = e;
    }
    expect(isAppError(error) && error.code).toBe('RATE_LIMITED');
    expect(isAppError(error) && error.headers?.['retry-after']).toBe('5');
    expect(() => limiter.hit('other', 5_000)).not.toThrow();
    expect(() => limiter.hit('k', 10_001)).not.toThrow();
  });

  it('stays bounded in keys', () => {
    const limiter = new SlidingWindowLimiter(1, 1_000, 3);
    for (let i = 0; i < 10; i++) limiter.hit(`k${i}`, i);
    expect(() => limiter.hit('k9', 10)).toThrow();
  });
});
