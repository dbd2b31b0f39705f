/**
 * Quick fixes: the preview's common problems fixed without a model, before Fix with AI is
 * needed (issue 52). Each fixer is a pure function of the file and the problem; its result is a
 * new file content that goes through the usual review.
 */
import { fixDefaultExport } from './default-export.ts';
import { fixJsxCloser } from './jsx-closer.ts';
import { fixPythonIndentation } from './python-indentation.ts';
import { fixReactHookImport } from './react-hook-import.ts';
import type { QuickFix, QuickFixer, QuickFixInput } from './types.ts';
import { fixUnavailablePackage } from './unavailable-package.ts';

export {
  AUTO_FIX_MAX_ROUNDS,
  AUTO_FIX_MESSAGES,
  type AutoFixChain,
  type AutoFixStep,
  NEW_AUTO_FIX_CHAIN,
  nextAutoFixStep,
} from './auto-fix.ts';
export { NO_DEFAULT_EXPORT_MESSAGE } from './default-export.ts';
export { REACT_HOOKS } from './react-hook-import.ts';
export type { QuickFix, QuickFixer, QuickFixInput, QuickFixKind } from './types.ts';
export {
  fixDefaultExport,
  fixJsxCloser,
  fixPythonIndentation,
  fixReactHookImport,
  fixUnavailablePackage,
};

const FIXERS: readonly QuickFixer[] = [
  fixReactHookImport,
  fixDefaultExport,
  fixUnavailablePackage,
  fixJsxCloser,
  fixPythonIndentation,
];

/** The first fix any fixer has for this problem, or null. */
export function quickFixFor(input: QuickFixInput): QuickFix | null {
  for (const fixer of FIXERS) {
    const fix = fixer(input);
    if (fix && fix.code !== input.code) return fix;
  }
  return null;
}
