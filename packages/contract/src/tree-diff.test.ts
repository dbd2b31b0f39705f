import { describe, expect, it } from 'vitest';
import { diffTrees } from './tree-diff.ts';

const tree = (entries: Record<string, string>) => new Map(Object.entries(entries));
const lines = (n: number, tag = '') => Array.from({ length: n }, (_, i) => `line ${i}${tag}`);

describe('diffTrees', () => {
  it('is empty for equal trees', () => {
    expect(diffTrees(tree({ a: '1', b: '2' }), tree({ b: '2', a: '1' }))).toEqual([]);
  });

  it('pairs a moved and edited file as a rename when at least half its lines are the same', () => {
    const before = lines(10).join('\n');
    const after = [...lines(8), 'changed', 'changed too'].join('\n');
    const [change] = diffTrees(tree({ 'a.js': before }), tree({ 'lib/b.js': after }));
    expect(change).toMatchObject({
      status: 'renamed',
      path: 'lib/b.js',
      oldPath: 'a.js',
      added: 2,
      removed: 2,
    });
  });

  it('keeps files with too little in common as a removal and an addition', () => {
    const changes = diffTrees(
      tree({ 'a.js': lines(10).join('\n') }),
      tree({ 'b.js': [...lines(3), ...lines(7, '!')].join('\n') }),
    );
    expect(changes.map((c) => [c.status, c.path])).toEqual([
      ['removed', 'a.js'],
      ['added', 'b.js'],
    ]);
  });

  it('matches equal contents first, each old file to one new file', () => {
    const changes = diffTrees(
      tree({ 'x.js': 'same', 'y.js': 'other' }),
      tree({ 'p.js': 'same', 'q.js': 'same' }),
    );
    expect(changes.map((c) => [c.status, c.path, c.oldPath])).toEqual([
      ['renamed', 'p.js', 'x.js'],
      ['added', 'q.js', undefined],
      ['removed', 'y.js', undefined],
    ]);
  });
});
