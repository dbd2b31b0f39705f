// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { formatArgs, formatValue } from './format-value.ts';

describe('formatValue', () => {
  it('shows primitives as a console does', () => {
    expect(formatValue('a "b"')).toBe('"a \\"b\\""');
    expect(formatValue(-0)).toBe('-0');
    expect(formatValue(10n)).toBe('10n');
    expect(formatValue(undefined)).toBe('undefined');
    expect(formatValue(null)).toBe('null');
    expect(formatValue(Symbol('s'))).toBe('Symbol(s)');
  });

  it('shows objects on one line while short, indented when long', () => {
    expect(formatValue({ a: 1, 'b-c': [1, 'x'] })).toBe('{ a: 1, "b-c": [1, "x"] }');
    const long = { alpha: 'a'.repeat(30), beta: 'b'.repeat(30), gamma: [1, 2, 3] };
    expect(formatValue(long)).toBe(
      `{\n  alpha: "${'a'.repeat(30)}",\n  beta: "${'b'.repeat(30)}",\n  gamma: [1, 2, 3]\n}`,
    );
  });

  it('cuts cycles, depth and long collections', () => {
    const a: Record<string, unknown> = { name: 'a' };
    a.self = a;
    expect(formatValue(a)).toBe('{ name: "a", self: [Circular] }');
    expect(formatValue({ l1: { l2: { l3: { l4: 1 } } } })).toBe('{ l1: { l2: { l3: {…} } } }');
    expect(formatValue(Array.from({ length: 102 }, (_, i) => i))).toContain('… 2 more');
  });

  it('names functions, classes, errors, dates, maps, sets, typed arrays and instances', () => {
    expect(formatValue(function named() {})).toBe('ƒ named()');
    expect(formatValue(class Thing {})).toBe('class Thing');
    expect(formatValue(new TypeError('bad'))).toBe('TypeError: bad');
    expect(formatValue(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(formatValue(new Map([['k', 1]]))).toBe('Map(1) { "k" => 1 }');
    expect(formatValue(new Set([1]))).toBe('Set(1) { 1 }');
    expect(formatValue(new Uint8Array([1, 2]))).toBe('Uint8Array(2) [1, 2]');
    class Point {
      x = 1;
    }
    expect(formatValue(new Point())).toBe('Point { x: 1 }');
  });

  it('shows DOM nodes by their tag', () => {
    const div = document.createElement('div');
    div.id = 'app';
    div.className = 'box';
    expect(formatValue(div)).toBe('<div id="app" class="box">');
    expect(formatValue(document.createTextNode('hi'))).toBe('#text "hi"');
  });

  it('survives a getter that throws', () => {
    const tricky = Object.defineProperty({}, 'x', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
    expect(formatValue(tricky)).toBe('{ x: "[getter threw]" }');
  });
});

describe('formatArgs', () => {
  it('joins arguments, strings bare, and applies printf directives', () => {
    expect(formatArgs(['count', 3, { a: 1 }])).toBe('count 3 { a: 1 }');
    expect(formatArgs(['%s has %d items (%i%%)', 'cart', 3.7, 50])).toBe('cart has 3 items (50%)');
    expect(formatArgs(['%cstyled', 'color: red'])).toBe('styled');
    expect(formatArgs(['%o and more', [1], 'tail'])).toBe('[1] and more tail');
  });
});
