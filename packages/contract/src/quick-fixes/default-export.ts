/**
 * The preview renders a module's default export; a module that only names its components
 * renders nothing. `App`, or the one component the module exports, becomes the default.
 */
import { isScript, type QuickFixer } from './types.ts';

/** The start of the problem the preview reports for such a module (kind `render`). */
export const NO_DEFAULT_EXPORT_MESSAGE =
  'The preview renders the default export, and this module has none';

const EXPORTED = /^export\s+(?:async\s+)?(?:function\s*\*?|const|let|var|class)\s+([A-Z][\w$]*)/gm;
const DECLARED = /^(?:async\s+)?(?:function\s*\*?|const|let|var|class)\s+([A-Z][\w$]*)/gm;

export const fixDefaultExport: QuickFixer = ({ code, path, problem }) => {
  if (!isScript(path) || problem.kind !== 'render') return null;
  if (!problem.message.startsWith(NO_DEFAULT_EXPORT_MESSAGE)) return null;
  if (/^\s*export\s+default\b|\bas\s+default\b/m.test(code)) return null;
  const exported = [...code.matchAll(EXPORTED)].map((m) => m[1]!);
  const declared = [...code.matchAll(DECLARED)].map((m) => m[1]!);
  const name = [...exported, ...declared].includes('App')
    ? 'App'
    : exported.length === 1
      ? exported[0]
      : undefined;
  if (!name) return null;
  return {
    kind: 'default-export',
    title: `Export ${name} as the default`,
    code: `${code.replace(/\s*$/, '')}\n\nexport default ${name};\n`,
  };
};
