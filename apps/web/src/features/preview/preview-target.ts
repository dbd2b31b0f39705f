/**
 * What the preview does with the editor's code (docs/preview.md): build and run a JavaScript
 * or TypeScript module, write an HTML page, run Python, or say plainly that a language runs
 * outside the browser.
 */
import { LANGUAGES } from '@codewright/contract';

export type PreviewTarget =
  | { kind: 'empty' }
  | { kind: 'unsupported'; language: string }
  | { kind: 'module'; language: 'javascript' | 'typescript' }
  | { kind: 'html' }
  | { kind: 'python' };

const ALIASES: Readonly<Record<string, string>> = {
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  py: 'python',
  htm: 'html',
  'c#': 'csharp',
  cs: 'csharp',
  'c++': 'cpp',
  rs: 'rust',
  golang: 'go',
};

/** A language label ("C#"), id ("csharp") or fence tag ("tsx") as one of our ids, or html. */
export function languageIdOf(language: string): string {
  const lower = language.trim().toLowerCase();
  const known = LANGUAGES.find((l) => l.id === lower || l.label.toLowerCase() === lower);
  return known?.id ?? ALIASES[lower] ?? lower;
}

/** The label to show for a language ("C#" for csharp). */
export function languageLabelOf(language: string): string {
  const id = languageIdOf(language);
  return LANGUAGES.find((l) => l.id === id)?.label ?? language;
}

/**
 * True when the code is an HTML page or fragment: after leading space and HTML comments it
 * starts with a doctype or a tag, and no line starts with `import`/`export` (a JSX module
 * never starts with a tag).
 */
export function looksLikeHtml(code: string): boolean {
  const start = code.replace(/^(?:\s|<!--[\s\S]*?-->)*/, '');
  if (!/^<(?:!doctype\b|[a-z][\w-]*[\s/>])/i.test(start)) return false;
  return !/^\s*(?:import|export)\s/m.test(code);
}

/** What to do with `code` written in `language`. */
export function previewTargetOf(language: string, code: string): PreviewTarget {
  if (code.trim() === '') return { kind: 'empty' };
  const id = languageIdOf(language);
  if (id === 'html') return { kind: 'html' };
  if (id === 'python') return { kind: 'python' };
  if (id === 'javascript' || id === 'typescript') {
    return looksLikeHtml(code) ? { kind: 'html' } : { kind: 'module', language: id };
  }
  return { kind: 'unsupported', language: languageLabelOf(language) };
}
