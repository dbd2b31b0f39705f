import { describe, expect, it } from 'vitest';
import { replaceLines, sliceLines } from '@codewright/contract';
import { clampLines, selectedLines } from './selected-lines.ts';

const code = ['function a() {', '  return 1;', '}', '', 'a();'].join('\n');
const lines = code.split('\n');
/** Monaco's getLineMaxColumn for `code`. */
const lineMaxColumn = (line: number) => lines[line - 1]!.length + 1;
const sel = (startLine: number, startColumn: number, endLine: number, endColumn: number) => ({
  startLineNumber: startLine,
  startColumn,
  endLineNumber: endLine,
  endColumn,
});

describe('selectedLines', () => {
  it('gives the lines a selection touches, 1-based and inclusive', () => {
    expect(selectedLines(sel(2, 3, 3, 2))).toEqual({ startLine: 2, endLine: 3 });
    expect(selectedLines(sel(2, 1, 2, 5))).toEqual({ startLine: 2, endLine: 2 });
  });

  it('leaves out the line a selection ends on at column 1 (none of its text is selected)', () => {
    // Shift+Down twice from the start of line 2: lines 2 and 3 are selected, the caret is on 4.
    const range = selectedLines(sel(2, 1, 4, 1), { lineMaxColumn })!;
    expect(range).toEqual({ startLine: 2, endLine: 3 });
    expect(sliceLines(code, range)).toBe('  return 1;\n}');
    // The edit replaces those lines only; line 4 and after stay as they were.
    expect(replaceLines(code, range, '  return 2;\n}')).toBe(
      ['function a() {', '  return 2;', '}', '', 'a();'].join('\n'),
    );
  });

  it('keeps a line whose first character is selected', () => {
    expect(selectedLines(sel(2, 1, 4, 2))).toEqual({ startLine: 2, endLine: 4 });
  });

  it('leaves out the line a selection starts on after its last character', () => {
    expect(selectedLines(sel(1, lineMaxColumn(1), 3, 2), { lineMaxColumn })).toEqual({
      startLine: 2,
      endLine: 3,
    });
    // Without the line lengths the start line is kept.
    expect(selectedLines(sel(1, lineMaxColumn(1), 3, 2))).toEqual({ startLine: 1, endLine: 3 });
  });

  it('gives the line a selection of nothing but a line break starts on', () => {
    expect(selectedLines(sel(2, lineMaxColumn(2), 3, 1), { lineMaxColumn })).toEqual({
      startLine: 2,
      endLine: 2,
    });
  });

  it('selects the whole file with Ctrl+A, without an empty line after the final line break', () => {
    const range = selectedLines(sel(1, 1, 5, lineMaxColumn(5)), { lineMaxColumn })!;
    expect(range).toEqual({ startLine: 1, endLine: 5 });
    expect(sliceLines(code, range)).toBe(code);
    const withNewline = `${code}\n`;
    // Monaco's last line is the empty one after the line break: the selection ends at its column 1.
    const whole = selectedLines(sel(1, 1, 6, 1), { lineMaxColumn })!;
    expect(whole).toEqual({ startLine: 1, endLine: 5 });
    expect(replaceLines(withNewline, whole, 'b();')).toBe('b();\n');
  });

  it('gives the caret line for an empty selection only when asked', () => {
    expect(selectedLines(sel(3, 2, 3, 2))).toBeNull();
    expect(selectedLines(sel(3, 2, 3, 2), { orCursorLine: true })).toEqual({
      startLine: 3,
      endLine: 3,
    });
    expect(selectedLines(sel(4, 1, 4, 1), { orCursorLine: true, lineMaxColumn })).toEqual({
      startLine: 4,
      endLine: 4,
    });
  });
});

describe('clampLines', () => {
  it('keeps a range inside the text', () => {
    expect(clampLines({ startLine: 2, endLine: 3 }, 5)).toEqual({ startLine: 2, endLine: 3 });
    expect(clampLines({ startLine: 4, endLine: 9 }, 5)).toEqual({ startLine: 4, endLine: 5 });
    expect(clampLines({ startLine: 7, endLine: 9 }, 5)).toEqual({ startLine: 5, endLine: 5 });
    expect(clampLines({ startLine: 0, endLine: 0 }, 0)).toEqual({ startLine: 1, endLine: 1 });
  });
});
