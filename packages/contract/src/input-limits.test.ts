import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { z } from 'zod';
import {
  NON_FINITE_NUMBER_PROBLEM,
  findInputProblem,
  isStorableText,
  JSON_MAX_DEPTH,
  LONE_SURROGATE,
  storableText,
  TOO_DEEP_PROBLEM,
  UNSTORABLE_TEXT_PROBLEM,
} from './input-limits.ts';

const nested = (levels: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < levels; i++) v = [v];
  return v;
};

describe('isStorableText', () => {
  it('refuses NUL and lone surrogates, accepts paired ones and other text', () => {
    expect(isStorableText('plain, ünïcode, 漢字, emoji 😀')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\uD800')).toBe(false);
    expect(isStorableText('\uDC00a')).toBe(false);
    expect(isStorableText('\uDC00\uD800')).toBe(false);
    expect(isStorableText('\uD83D\uDE00')).toBe(true);
    expect(isStorableText('\u0001\u007f\uFFFF')).toBe(true);
  });

  it('finds lone surrogates with the fallback pattern exactly as String#isWellFormed does', () => {
    const units = fc.constantFrom('a', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '😀', '\u0000');
    fc.assert(
      fc.property(fc.array(units, { maxLength: 8 }), (parts) => {
        const text = parts.join('');
        const wellFormed = (text as unknown as { isWellFormed(): boolean }).isWellFormed();
        expect(LONE_SURROGATE.test(text)).toBe(!wellFormed);
      }),
    );
  });

  it('is the refinement of storableText', () => {
    const schema = storableText(z.string().max(5));
    expect(schema.safeParse('ok').success).toBe(true);
    const bad = schema.safeParse('a\u0000');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe(UNSTORABLE_TEXT_PROBLEM);
  });
});

describe('findInputProblem', () => {
  it('refuses numbers that are not finite (1e999 parses to Infinity), naming the path', () => {
    expect(findInputProblem(JSON.parse('{"a":[1,{"b":1e999}]}'))).toEqual({
      path: 'a.1.b',
      problem: NON_FINITE_NUMBER_PROBLEM,
    });
    expect(findInputProblem(-Infinity)?.path).toBe('');
    expect(findInputProblem({ a: 1.5e308, b: -0, c: 0 })).toBeUndefined();
  });

  it('names the path of a bad string or property name', () => {
    expect(findInputProblem({ events: [{ type: 'ok' }, { type: 'a\u0000' }] })).toEqual({
      path: 'events.1.type',
      problem: UNSTORABLE_TEXT_PROBLEM,
    });
    expect(findInputProblem({ a: { 'b\uD800': 1 } })?.path).toBe('a');
    expect(findInputProblem('x\uDFFF')).toEqual({ path: '', problem: UNSTORABLE_TEXT_PROBLEM });
    expect(findInputProblem({ a: [1, true, null, 'fine'] })).toBeUndefined();
  });

  it(`allows ${JSON_MAX_DEPTH} levels and refuses one more, however deep the value is`, () => {
    expect(findInputProblem(nested(JSON_MAX_DEPTH))).toBeUndefined();
    expect(findInputProblem(nested(JSON_MAX_DEPTH + 1))?.problem).toBe(TOO_DEEP_PROBLEM);
    const deep = JSON.parse('['.repeat(200_000) + ']'.repeat(200_000)) as unknown;
    expect(findInputProblem({ metadata: deep })).toEqual({
      path: 'metadata.0.0.0…',
      problem: TOO_DEEP_PROBLEM,
    });
  });
});
