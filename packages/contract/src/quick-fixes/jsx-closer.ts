/**
 * `Unexpected closing "div" tag does not match opening "span" tag`, at the closer's name: the
 * closer is given the opening tag's name. A closer one level out that is wrong too is reported
 * again after the rebuild, and fixed the same way.
 */
import { isScript, type QuickFixer } from './types.ts';

const MESSAGE = /^Unexpected closing "([\w.:-]+)" tag does not match opening "([\w.:-]+)" tag$/;

export const fixJsxCloser: QuickFixer = ({ code, path, problem }) => {
  if (!isScript(path) || problem.kind !== 'compile') return null;
  const names = MESSAGE.exec(problem.message);
  if (!names || problem.line === null || problem.column === null) return null;
  const [, closing, opening] = names as unknown as [string, string, string];
  const lines = code.split('\n');
  const text = lines[problem.line - 1];
  if (text === undefined) return null;
  // The build points at the closer's name, just after `</`.
  const at = problem.column - 1;
  const before = text.slice(0, at);
  if (!/<\/\s*$/.test(before) || !text.startsWith(closing, at)) return null;
  if (/[\w.:-]/.test(text.charAt(at + closing.length))) return null;
  lines[problem.line - 1] = before + opening + text.slice(at + closing.length);
  return {
    kind: 'jsx-closer',
    title: `Close <${opening}> with </${opening}>`,
    code: lines.join('\n'),
  };
};
