import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { differingSpan } from './differing-span.ts';

const apply = (before: string, after: string) => {
  const { start, end, text } = differingSpan(before, after);
  return before.slice(0, start) + text + before.slice(end);
};

describe('differingSpan', () => {
  it('leaves out what both texts share at the start and the end', () => {
    expect(differingSpan('const a = 1;\nrun(a);', 'const a = 2;\nrun(a);')).toEqual({
      start: 10,
      end: 11,
      text: '2',
    });
    expect(differingSpan('abc', 'abXc')).toEqual({ start: 2, end: 2, text: 'X' });
    expect(differingSpan('abc', 'abc')).toEqual({ start: 3, end: 3, text: '' });
    expect(differingSpan('', 'new')).toEqual({ start: 0, end: 0, text: 'new' });
    expect(differingSpan('old', '')).toEqual({ start: 0, end: 3, text: '' });
  });

  it('never splits a surrogate pair', () => {
    // 😀 and 😁 share their high surrogate; the span must hold both halves.
    expect(differingSpan('a😀b', 'a😁b')).toEqual({ start: 1, end: 3, text: '😁' });
    expect(differingSpan('😀x', '😀')).toEqual({ start: 2, end: 3, text: '' });
  });

  // 30 s, not the unit default of 5: fast-check builds its any-code-unit string arbitrary on first
  // use, which took over 5 s on a 2-core machine running a second suite (100 runs take 0.2 s).
  it('always turns the first text into the second', { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.string({ unit: 'binary' }), (a, b) => {
        expect(apply(a, b)).toBe(b);
      }),
    );
  });
});
