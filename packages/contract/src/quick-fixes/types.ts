import type { PreviewProblem } from '../preview.ts';

/** What a quick fix looks at: the file the preview reported a problem in, and the problem. */
export interface QuickFixInput {
  /** The file's content. */
  code: string;
  /** Its path (`main.tsx`, `src/app.py`): the extension says what language it is. */
  path: string;
  problem: PreviewProblem;
}

export type QuickFixKind =
  | 'react-hook-import'
  | 'default-export'
  | 'unavailable-package'
  | 'jsx-closer'
  | 'python-indentation';

/** A change made without a model: the whole new content, and what it does in a few words. */
export interface QuickFix {
  kind: QuickFixKind;
  /** Shown on the button and in the review, e.g. `Import useState from react`. */
  title: string;
  code: string;
}

/** A fixer: the fix of a problem it knows, or null (a problem of another kind, or nothing to change). */
export type QuickFixer = (input: QuickFixInput) => QuickFix | null;

const SCRIPT = /\.(?:[cm]?[jt]sx?)$/i;

/** JavaScript or TypeScript, JSX or not. */
export const isScript = (path: string) => SCRIPT.test(path);

/** The problem's message without a leading `ReferenceError: ` and the like. */
export const bareMessage = (message: string) => message.replace(/^(?:Uncaught )?\w*Error: /, '');
