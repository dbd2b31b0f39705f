/**
 * `useState is not defined`: a component calls React hooks it never imported. Every hook the
 * file calls and neither imports nor declares is added to its `react` import (or to a new one).
 */
import { bareMessage, isScript, type QuickFixer } from './types.ts';

export const REACT_HOOKS = [
  'use',
  'useActionState',
  'useCallback',
  'useContext',
  'useDebugValue',
  'useDeferredValue',
  'useEffect',
  'useId',
  'useImperativeHandle',
  'useInsertionEffect',
  'useLayoutEffect',
  'useMemo',
  'useOptimistic',
  'useReducer',
  'useRef',
  'useState',
  'useSyncExternalStore',
  'useTransition',
] as const;
const HOOKS = new Set<string>(REACT_HOOKS);

/** `import …default/namespace…, { named } from 'react'` (not `import type`). */
const REACT_IMPORT = /^([ \t]*import\s+)(?!type\s)([^'";]*?)(\s+from\s*)(['"])react\4([ \t]*;?)/m;

function missingHooks(code: string, imported: Set<string>): string[] {
  const called = new Set<string>();
  for (const m of code.matchAll(/(?<![\w$.])(use[A-Z]?\w*)\s*(?:<[^>()]*>)?\s*\(/g)) {
    if (HOOKS.has(m[1]!)) called.add(m[1]!);
  }
  return [...called].filter(
    (hook) =>
      !imported.has(hook) &&
      !new RegExp(`(?:function|const|let|var|class)\\s+${hook}\\b`).test(code),
  );
}

/** The names a clause like `React, { useState as s, useEffect }` binds. */
function namedOf(clause: string): Set<string> {
  const braces = /\{([^}]*)\}/.exec(clause)?.[1] ?? '';
  return new Set(
    braces
      .split(',')
      .map((part) =>
        part
          .trim()
          .split(/\s+as\s+/)
          .at(-1)!
          .trim(),
      )
      .filter(Boolean),
  );
}

export const fixReactHookImport: QuickFixer = ({ code, path, problem }) => {
  if (!isScript(path) || (problem.kind !== 'runtime' && problem.kind !== 'console')) return null;
  const name = /^(\w+) is not defined/.exec(bareMessage(problem.message))?.[1];
  if (!name || !HOOKS.has(name)) return null;
  const found = REACT_IMPORT.exec(code);
  const missing = missingHooks(code, found ? namedOf(found[2]!) : new Set());
  if (!missing.includes(name)) return null;
  const title = `Import ${missing.join(', ')} from react`;
  if (found && !found[2]!.includes('*')) {
    const [whole, head, clause, from, quote, tail] = found;
    const braces = /\{([^}]*)\}/.exec(clause!);
    const nextClause = braces
      ? clause!.replace(
          braces[0],
          `{ ${[
            ...braces[1]!
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
            ...missing,
          ].join(', ')} }`,
        )
      : `${clause!.trim()}, { ${missing.join(', ')} }`;
    const replaced = `${head}${nextClause}${from}${quote}react${quote}${tail}`;
    return { kind: 'react-hook-import', title, code: code.replace(whole, replaced) };
  }
  const line = `import { ${missing.join(', ')} } from 'react';\n`;
  // After a namespace import of react, or else first (below a 'use client' directive).
  if (found) {
    const at = code.indexOf(found[0]) + found[0].length;
    const end = code.indexOf('\n', at);
    const cut = end < 0 ? code.length : end + 1;
    return {
      kind: 'react-hook-import',
      title,
      code: `${code.slice(0, cut)}${end < 0 ? '\n' : ''}${line}${code.slice(cut)}`,
    };
  }
  const directive = /^(?:\s*(['"])use (?:client|strict)\1;?[ \t]*\n)/.exec(code)?.[0] ?? '';
  return {
    kind: 'react-hook-import',
    title,
    code: `${directive}${line}${code.slice(directive.length)}`,
  };
};
