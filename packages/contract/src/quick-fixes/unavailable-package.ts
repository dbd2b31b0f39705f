/**
 * `package axios is not available in the preview`: each import of that package becomes a
 * comment saying so, and the rest of the file builds; what used it then says what is missing.
 */
import { isScript, type QuickFixer } from './types.ts';

const MESSAGE = /^package (\S+) is not available in the preview/;

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export const fixUnavailablePackage: QuickFixer = ({ code, path, problem }) => {
  if (!isScript(path) || problem.kind !== 'compile') return null;
  const name = MESSAGE.exec(problem.message)?.[1];
  if (!name) return null;
  // `import … from 'pkg'`, `'pkg/sub'`, over several lines too, and `import 'pkg'`.
  const statement = new RegExp(
    `^[ \\t]*import\\s+(?:[^'";]*?\\s+from\\s*)?(['"])${escape(name)}(?:/[^'"]*)?\\1[ \\t]*;?`,
    'gm',
  );
  let count = 0;
  const fixed = code.replace(statement, (whole) => {
    count++;
    const oneLine = whole.trim().replace(/\s+/g, ' ');
    return `// ${name} is not available in the preview, so this import was taken out: ${oneLine}`;
  });
  if (count === 0) return null;
  return { kind: 'unavailable-package', title: `Take out the import of ${name}`, code: fixed };
};
