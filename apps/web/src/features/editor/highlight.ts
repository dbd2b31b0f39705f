/**
 * Highlighting of the chat's code blocks with Monaco's own tokenizers: the editor chunk is
 * already loaded on /generator, so the chat highlights all the generator's languages (and JSON,
 * HTML, CSS, shell…) in the editor's colours without another library. The tokens become React
 * spans; no HTML string is ever built from model output.
 */
import { loadMonaco } from './code-editor.tsx';

export type TokenKind = 'keyword' | 'string' | 'comment' | 'number' | 'type' | 'plain';
export interface CodeToken {
  text: string;
  kind: TokenKind;
}

const ALIASES: Readonly<Record<string, string>> = {
  js: 'javascript',
  jsx: 'javascript',
  mjs: 'javascript',
  javascript: 'javascript',
  ts: 'typescript',
  tsx: 'typescript',
  typescript: 'typescript',
  py: 'python',
  python: 'python',
  go: 'go',
  golang: 'go',
  rs: 'rust',
  rust: 'rust',
  java: 'java',
  cs: 'csharp',
  csharp: 'csharp',
  'c#': 'csharp',
  cpp: 'cpp',
  'c++': 'cpp',
  c: 'cpp',
  h: 'cpp',
  json: 'json',
  html: 'html',
  xml: 'xml',
  css: 'css',
  scss: 'scss',
  sh: 'shell',
  bash: 'shell',
  shell: 'shell',
  sql: 'sql',
  yaml: 'yaml',
  yml: 'yaml',
};

/** Monaco's language id for a fence tag (```py → python); null when Monaco has none for it. */
export function languageOfFence(tag: string): string | null {
  return ALIASES[tag.trim().toLowerCase()] ?? null;
}

function kindOf(type: string): TokenKind {
  const head = type.split('.')[0] ?? '';
  if (head === 'keyword') return 'keyword';
  if (head === 'string' || head === 'regexp' || head === 'attribute') return 'string';
  if (head === 'comment') return 'comment';
  if (head === 'number') return 'number';
  if (head === 'type' || type.startsWith('type.identifier') || head === 'tag') return 'type';
  return 'plain';
}

const ready = new Map<string, Promise<void>>();

/** Lines of coloured tokens; joining them with "\n" gives `code` back unchanged. */
export async function highlightCode(code: string, languageId: string): Promise<CodeToken[][]> {
  const monaco = await loadMonaco();
  // tokenize() needs the language's tokenizer loaded; colorize() waits for it once.
  let warm = ready.get(languageId);
  if (!warm) {
    warm = monaco.editor.colorize('', languageId, {}).then(() => undefined);
    ready.set(languageId, warm);
  }
  await warm;
  const lines = code.split(/\r\n|\r|\n/);
  const tokenLines = monaco.editor.tokenize(code, languageId);
  return lines.map((line, i) => {
    const tokens = tokenLines[i] ?? [];
    if (tokens.length === 0) return [{ text: line, kind: 'plain' as const }];
    return tokens.map((token, j) => ({
      text: line.slice(token.offset, tokens[j + 1]?.offset ?? line.length),
      kind: kindOf(token.type),
    }));
  });
}
