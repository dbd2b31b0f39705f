import { describe, expect, it } from 'vitest';
import {
  applySearchReplaceBlocks,
  formatSearchReplaceBlock,
  parseSearchReplaceBlocks,
} from './search-replace.ts';

const code = [
  'function total(items) {',
  '  let sum = 0;',
  '  for (const item of items) {',
  '    sum += item.price;',
  '  }',
  '  return sum;',
  '}',
  '',
  'function count(items) {',
  '  return items.length;',
  '}',
].join('\n');

const block = (search: string[], replace: string[]) => ({ search, replace });

describe('parseSearchReplaceBlocks', () => {
  it('reads every block, inside or outside fences, and ignores the prose around them', () => {
    const text = [
      'Here is the change.',
      '```js',
      '<<<<<<< SEARCH',
      '  let sum = 0;',
      '=======',
      '  let sum = 10;',
      '>>>>>>> REPLACE',
      '```',
      'And another:',
      '<<<<<<< SEARCH',
      '  return items.length;',
      '=======',
      '>>>>>>> REPLACE',
    ].join('\n');
    expect(parseSearchReplaceBlocks(text)).toEqual({
      blocks: [
        block(['  let sum = 0;'], ['  let sum = 10;']),
        block(['  return items.length;'], []),
      ],
      unterminated: false,
    });
  });

  it('marks an answer that ends inside a block as unterminated (cut off)', () => {
    const cut = '<<<<<<< SEARCH\n  let sum = 0;\n=======\n  let sum = 1';
    expect(parseSearchReplaceBlocks(cut)).toEqual({ blocks: [], unterminated: true });
    expect(parseSearchReplaceBlocks('<<<<<<< SEARCH\nx').unterminated).toBe(true);
  });

  it('reads back what formatSearchReplaceBlock writes, CRLF line ends included', () => {
    const b = block(['a', '  b'], ['c']);
    const text = formatSearchReplaceBlock(b).replace(/\n/g, '\r\n');
    expect(parseSearchReplaceBlocks(text).blocks).toEqual([b]);
  });
});

describe('applySearchReplaceBlocks', () => {
  it('applies a block that matches exactly one place, exactly', () => {
    const r = applySearchReplaceBlocks(code, [block(['  let sum = 0;'], ['  let sum = 100;'])]);
    expect(r.failed).toEqual([]);
    expect(r.results[0]!.outcome).toEqual({ status: 'applied', match: 'exact', line: 2 });
    expect(r.code).toBe(code.replace('let sum = 0;', 'let sum = 100;'));
  });

  it('falls back to whitespace-tolerant matching and keeps the file indentation', () => {
    // The model dropped the indentation and doubled a space.
    const r = applySearchReplaceBlocks(code, [
      block(
        ['for (const item of  items) {', '  sum += item.price;'],
        ['for (const item of items) {', '  sum += item.price * item.qty;'],
      ),
    ]);
    expect(r.results[0]!.outcome).toEqual({ status: 'applied', match: 'whitespace', line: 3 });
    expect(r.code).toContain(
      '  for (const item of items) {\n    sum += item.price * item.qty;\n  }',
    );
  });

  it('tolerates blank lines the model added around the SEARCH lines', () => {
    const r = applySearchReplaceBlocks(code, [
      block(['', '  return sum;', ''], ['  return sum * 2;']),
    ]);
    expect(r.failed).toEqual([]);
    expect(r.code).toContain('  return sum * 2;\n}');
  });

  it('reports a block that matches nothing, with the closest lines, and changes nothing for it', () => {
    const r = applySearchReplaceBlocks(code, [
      block(['  let sum = 0;'], ['  let sum = 1;']),
      block(['  let total = 0;', '  for (const item of items) {'], ['  x();']),
    ]);
    expect(r.results[0]!.outcome.status).toBe('applied');
    expect(r.failed).toHaveLength(1);
    expect(r.failed[0]!.outcome).toEqual({
      status: 'no-match',
      closest: { line: 2, lines: ['  let sum = 1;', '  for (const item of items) {'] },
    });
    expect(r.code).toBe(code.replace('let sum = 0;', 'let sum = 1;'));
  });

  it('refuses a block that matches several places instead of guessing', () => {
    const r = applySearchReplaceBlocks(code, [block(['}'], ['};'])]);
    expect(r.failed[0]!.outcome).toEqual({ status: 'ambiguous', lines: [7, 11] });
    expect(r.code).toBe(code);
  });

  it('treats several whitespace-tolerant matches as ambiguous too', () => {
    const text = 'a\n  x = 1\nb\n    x = 1';
    const r = applySearchReplaceBlocks(text, [block(['x = 1'], ['x = 2'])]);
    expect(r.failed[0]!.outcome).toEqual({ status: 'ambiguous', lines: [2, 4] });
  });

  it('refuses an empty SEARCH', () => {
    const r = applySearchReplaceBlocks(code, [block(['', ' '], ['new'])]);
    expect(r.failed[0]!.outcome).toEqual({ status: 'empty-search' });
  });

  it('applies blocks in order, each to the code the previous ones left', () => {
    const r = applySearchReplaceBlocks(code, [
      block(['  let sum = 0;'], ['  let sum = 0;', '  let n = 0;']),
      block(['  let n = 0;'], ['  let n = 1;']),
    ]);
    expect(r.failed).toEqual([]);
    expect(r.code).toContain('  let sum = 0;\n  let n = 1;\n  for');
  });
});
