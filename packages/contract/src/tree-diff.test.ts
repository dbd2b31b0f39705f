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

  it('counts lines moved about within the file as lines in common', () => {
    const before = lines(10).join('\n');
    const after = [...lines(10)].reverse().join('\n');
    const [change] = diffTrees(tree({ 'a.js': before }), tree({ 'b.js': after }));
    expect(change).toMatchObject({ status: 'renamed', path: 'b.js', oldPath: 'a.js' });
  });

  it('past its budget of work only equal contents make a rename', () => {
    // 30 × 30 pairs of 2,000-line files: 1.8 M lines to compare, over the budget.
    const from = new Map<string, string>();
    const to = new Map<string, string>();
    for (let i = 0; i < 30; i++) {
      from.set(`old/${i}.js`, lines(2000, `-${i}`).join('\n'));
      to.set(`new/${i}.js`, [...lines(1999, `-${i}`), 'edited'].join('\n'));
    }
    from.set('same.js', 'kept as is');
    to.set('moved/same.js', 'kept as is');
    const changes = diffTrees(from, to);
    expect(changes.filter((c) => c.status === 'renamed').map((c) => c.path)).toEqual([
      'moved/same.js',
    ]);
    expect(changes.filter((c) => c.status === 'added')).toHaveLength(30);
    expect(changes.filter((c) => c.status === 'removed')).toHaveLength(30);
    // Under the budget (3 × 3 pairs) the same edits are renames.
    const few = diffTrees(
      new Map([...from].filter(([p]) => /^old\/[0-2]\./.test(p))),
      new Map([...to].filter(([p]) => /^new\/[0-2]\./.test(p))),
    );
    expect(few.map((c) => [c.status, c.oldPath, c.path])).toEqual([
      ['renamed', 'old/0.js', 'new/0.js'],
      ['renamed', 'old/1.js', 'new/1.js'],
      ['renamed', 'old/2.js', 'new/2.js'],
    ]);
  });
});
