import { describe, expect, it } from 'vitest';
import { insertLoopGuards, LoopGuardSyntaxError } from './loop-guard.ts';

/** Runs guarded code with counting guards; returns the entries and checks of each loop. */
function runGuarded(source: string) {
  const { code, loops } = insertLoopGuards(source, 'script');
  const enters: number[] = [];
  const checks: number[] = [];
  const fn = new Function(
    '__cw$enter',
    '__cw$loop',
    `${code}\nreturn typeof result === 'undefined' ? null : result;`,
  );
  const result = fn(
    (id: number) => enters.push(id),
    (id: number) => checks.push(id),
  ) as unknown;
  return { code, loops, enters, checks, result };
}

describe('insertLoopGuards', () => {
  it('guards every kind of loop: entry before it, a check in each pass', () => {
    const { loops, enters, checks, result } = runGuarded(
      [
        'let result = 0;',
        'for (let i = 0; i < 3; i++) result++;',
        'while (result < 5) { result++; }',
        'do result++; while (result < 6);',
        'for (const x of [1, 2]) result += x;',
        'for (const k in { a: 1 }) result += k.length;',
      ].join('\n'),
    );
    expect(loops).toBe(5);
    expect(result).toBe(10);
    expect(enters).toEqual([0, 1, 2, 3, 4]);
    expect(checks.filter((id) => id === 0)).toHaveLength(3);
    expect(checks.filter((id) => id === 1)).toHaveLength(2);
  });

  it('keeps labels working and wraps unbraced bodies and nested loops', () => {
    const { code, result } = runGuarded(
      [
        'let result = 0;',
        'outer: for (let i = 0; i < 3; i++) { inner: for (;;) { result++; continue outer; } }',
        'if (result) for (let j = 0; j < 2; j++) for (let k = 0; k < 2; k++) result++;',
      ].join('\n'),
    );
    expect(result).toBe(7);
    expect(code).toContain('{__cw$enter(0);outer: for');
  });

  it('inserts nothing across lines, so lines stay where they were', () => {
    const source = 'while (x) {\n  y();\n}\nfor (;;) z();\n';
    const { code } = insertLoopGuards(source, 'script');
    expect(code.split('\n')).toHaveLength(source.split('\n').length);
    expect(code.split('\n')[1]).toBe('  y();');
  });

  it('reports where the guarded text went in', () => {
    const { inserted } = insertLoopGuards('a;\nwhile (x) {}', 'script');
    expect(inserted.map((i) => i.offset)).toEqual([3, 14, 15]);
  });

  it('reads modules and throws a located syntax error', () => {
    expect(insertLoopGuards("import x from 'y';\nexport default x;", 'module').loops).toBe(0);
    try {
      insertLoopGuards('let ok = 1;\nlet x = ;', 'script');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(LoopGuardSyntaxError);
      expect(err).toMatchObject({ line: 2, column: 9 });
    }
  });
});
