/**
 * `TabError: inconsistent use of tabs and spaces in indentation`: every tab in the indentation
 * of every line becomes four spaces (PEP 8), so the blocks line up as they look in the editor.
 */
import type { QuickFixer } from './types.ts';

const MESSAGE = /TabError|inconsistent use of tabs and spaces|unindent does not match/;

export const fixPythonIndentation: QuickFixer = ({ code, path, problem }) => {
  if (!/\.py$/i.test(path) || !MESSAGE.test(problem.message)) return null;
  let changed = false;
  const fixed = code.replace(/^[ \t]+/gm, (indent) => {
    if (!indent.includes('\t')) return indent;
    changed = true;
    // A tab moves to the next multiple of 4, as Python counts it against spaces.
    let width = 0;
    for (const ch of indent) width = ch === '\t' ? width + 4 - (width % 4) : width + 1;
    return ' '.repeat(width);
  });
  if (!changed) return null;
  return { kind: 'python-indentation', title: 'Indent with spaces only', code: fixed };
};
