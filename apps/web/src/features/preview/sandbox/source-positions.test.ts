import { describe, expect, it } from 'vitest';
import { transform } from 'esbuild';
import { insertLoopGuards } from './loop-guard.ts';
import { shiftsByLine, SourcePositions } from './source-positions.ts';

describe('SourcePositions', () => {
  it('maps a stack frame of the guarded, built module back to the user’s line', async () => {
    const source = [
      'interface P { n: number }', // 1
      'const list: P[] = [];', // 2
      'for (const p of list) {', // 3
      '  console.log(p.n);', // 4
      '}', // 5
      'export function fail(): never {', // 6
      "  throw new Error('x');", // 7
      '}',
    ].join('\n');
    const built = await transform(source, {
      loader: 'ts',
      format: 'esm',
      sourcemap: 'external',
      sourcefile: 'main.ts',
    });
    const guarded = insertLoopGuards(built.code, 'module');
    const url = 'blob:null/1234-abcd';
    const positions = new SourcePositions(
      [{ url, line: 1, column: 1 }],
      built.map,
      shiftsByLine(built.code, guarded.inserted),
    );
    const lines = guarded.code.split('\n');
    const throwLine = lines.findIndex((l) => l.includes('throw')) + 1;
    const throwCol = lines[throwLine - 1]!.indexOf('throw') + 1;
    const stack = `Error: x\n    at fail (${url}:${throwLine}:${throwCol})\n    at other (http://x/y.js:1:1)`;
    expect(positions.fromStack(stack)).toEqual({ line: 7, column: 3 });
    const logLine = lines.findIndex((l) => l.includes('console.log')) + 1;
    const logCol = lines[logLine - 1]!.indexOf('console') + 1;
    expect(positions.fromScript(logLine, logCol)).toEqual({ line: 4, column: 3 });
    expect(positions.fromStack('Error\n    at x (http://elsewhere/a.js:3:4)')).toBeNull();
  });

  it('moves columns back over guards on a line, and a position inside one to its place', () => {
    const code = 'a; while (x) { y(); }';
    const guarded = insertLoopGuards(code, 'script');
    const positions = new SourcePositions(
      [{ url: 'page', line: 1, column: 1 }],
      null,
      shiftsByLine(code, guarded.inserted),
    );
    const at = guarded.code.indexOf('y()') + 1;
    expect(positions.fromScript(1, at)).toEqual({ line: 1, column: code.indexOf('y()') + 1 });
    const inGuard = guarded.code.indexOf('__cw$loop') + 2;
    expect(positions.fromScript(1, inGuard)).toEqual({ line: 1, column: code.indexOf('{') + 2 });
  });

  it('places inline scripts of a page by their start, resolved sourceURLs too', () => {
    const positions = new SourcePositions(
      [
        { url: 'codewright-inline-0.js', line: 3, column: 9 },
        { url: 'codewright-inline-1.js', line: 10, column: 1 },
      ],
      null,
    );
    expect(positions.fromStack('TypeError: x\n    at codewright-inline-1.js:2:5')).toEqual({
      line: 11,
      column: 5,
    });
    expect(
      positions.fromScript(1, 4, 'http://127.0.0.1:3000/preview/codewright-inline-0.js'),
    ).toEqual({ line: 3, column: 12 });
  });
});
