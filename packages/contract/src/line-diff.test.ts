import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyLineHunks,
  applyLineRuns,
  diffLineArrays,
  joinLines,
  lineHunks,
  splitLines,
} from './line-diff.ts';

const lines = (n: number, tag = 'line') =>
  Array.from({ length: n }, (_, i) => `  const ${tag}${i} = ${i};`);

describe('splitLines / joinLines', () => {
  it('round-trips any text, trailing newlines and CRLF included', () => {
    for (const t of ['', '\n', 'a', 'a\n', 'a\r\nb\r\n', '\n\nx\n\n'])
      expect(joinLines(splitLines(t))).toBe(t);
  });
});

describe('diffLineArrays', () => {
  it('describes a one-line change as keep, remove 1, add 1, keep', () => {
    const a = lines(10);
    const b = a.slice();
    b[4] = 'changed';
    expect(diffLineArrays(a, b)).toEqual([
      { kind: 'equal', count: 4 },
      { kind: 'remove', count: 1 },
      { kind: 'add', lines: ['changed'] },
      { kind: 'equal', count: 5 },
    ]);
  });

  it('turns the old lines into the new ones for any pair of texts', () => {
    const line = fc.constantFrom('a', 'b', 'c', '}', '', '  x', 'return 1;');
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.array(line, { maxLength: 40 }), (a, b) => {
        expect(applyLineRuns(a, diffLineArrays(a, b))).toEqual(b);
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the unchanged lines of two large, partly different texts', () => {
    const a = lines(5000);
    const b = a.slice();
    for (let i = 0; i < b.length; i += 50) b[i] = `${b[i]} // changed`;
    const runs = diffLineArrays(a, b);
    expect(applyLineRuns(a, runs)).toEqual(b);
    const removed = runs.reduce((n, r) => n + (r.kind === 'remove' ? r.count : 0), 0);
    expect(removed).toBe(100);
  });

  it('gives up on a minimal diff of two unrelated texts and replaces them whole', () => {
    const a = lines(3000, 'a');
    const b = lines(3000, 'b');
    const runs = diffLineArrays(a, b);
    expect(applyLineRuns(a, runs)).toEqual(b);
  });

  it('refuses runs made from another text', () => {
    expect(() => applyLineRuns(['x'], [{ kind: 'equal', count: 2 }])).toThrow(RangeError);
  });
});

describe('lineHunks / applyLineHunks', () => {
  const before = ['a', 'b', 'c', 'd', 'e', 'f'].join('\n');
  const after = ['a', 'B', 'c', 'd', 'new', 'e'].join('\n');

  it('lists each change with 1-based positions in both texts', () => {
    expect(lineHunks(before, after)).toEqual([
      { oldStart: 2, oldLines: 1, newStart: 2, newLines: 1, removed: ['b'], added: ['B'] },
      { oldStart: 5, oldLines: 0, newStart: 5, newLines: 1, removed: [], added: ['new'] },
      { oldStart: 6, oldLines: 1, newStart: 7, newLines: 0, removed: ['f'], added: [] },
    ]);
  });

  it('applies exactly the accepted hunks', () => {
    const hunks = lineHunks(before, after);
    expect(applyLineHunks(before, hunks, () => true)).toBe(after);
    expect(applyLineHunks(before, hunks, () => false)).toBe(before);
    expect(applyLineHunks(before, hunks, (_h, i) => i === 0)).toBe('a\nB\nc\nd\ne\nf');
    expect(applyLineHunks(before, hunks, (_h, i) => i !== 0)).toBe('a\nb\nc\nd\nnew\ne');
  });

  it('refuses hunks of another text', () => {
    const hunks = lineHunks(before, after);
    expect(() => applyLineHunks('x\ny\nz', hunks, () => true)).toThrow(RangeError);
  });
});
