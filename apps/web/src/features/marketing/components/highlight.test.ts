import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../content/examples.ts';
import { highlight } from './highlight.ts';

describe('highlight', () => {
  it('gives back every example exactly as written', () => {
    for (const example of EXAMPLES) {
      const text = highlight(example.code, example.language)
        .map((t) => t.text)
        .join('');
      expect(text).toBe(example.code);
    }
  });

  it('marks keywords, strings, comments, numbers and calls', () => {
    const tokens = highlight("const n = 42; // answer\nlog('hi');", 'JavaScript');
    const kinds = Object.fromEntries(tokens.map((t) => [t.text.trim(), t.kind]));
    expect(kinds.const).toBe('keyword');
    expect(kinds['42']).toBe('number');
    expect(kinds['// answer']).toBe('comment');
    expect(kinds.log).toBe('call');
    expect(kinds["'hi'"]).toBe('string');
  });

  it('knows Python comments and keywords', () => {
    const tokens = highlight('def f():\n    return None  # nothing', 'Python');
    expect(tokens.find((t) => t.text === 'def')?.kind).toBe('keyword');
    expect(tokens.find((t) => t.text === '# nothing')?.kind).toBe('comment');
  });
});
