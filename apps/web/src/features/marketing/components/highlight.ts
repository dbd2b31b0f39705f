/**
 * A tiny syntax highlighter for the marketing code samples: comments, strings,
 * numbers, keywords and calls in JavaScript/TypeScript, Python and Go. It only
 * colours text (the code stays exactly as written), so it can afford to be
 * simple; the generator uses Monaco, which never loads on marketing pages.
 */
export type TokenKind = 'comment' | 'string' | 'number' | 'keyword' | 'call' | 'type' | 'plain';
export interface Token {
  kind: TokenKind;
  text: string;
}

const KEYWORDS: Record<string, ReadonlySet<string>> = {
  js: new Set(
    'async await break case catch class const continue default delete do else export extends false finally for from function if import in instanceof interface let new null of return static super switch this throw true try type typeof undefined var void while yield'.split(
      ' ',
    ),
  ),
  py: new Set(
    'and as assert async await break class continue def del elif else except False finally for from global if import in is lambda None nonlocal not or pass raise return True try while with yield'.split(
      ' ',
    ),
  ),
  sh: new Set('cd cp echo export npm npx node git'.split(' ')),
  go: new Set(
    'break case chan const continue default defer else fallthrough false for func go goto if import interface map nil package range return select struct switch true type var'.split(
      ' ',
    ),
  ),
};

function familyOf(language: string): 'js' | 'py' | 'go' | 'sh' {
  const l = language.toLowerCase();
  if (l === 'python') return 'py';
  if (l === 'shell' || l === 'bash' || l === 'sh') return 'sh';
  if (l === 'go') return 'go';
  return 'js';
}

// One alternation, tried left to right at each position: comment, string, number, word.
const PATTERNS = {
  js: /(\/\/[^\n]*|\/\*[\s\S]*?\*\/)|(`(?:\\[\s\S]|[^`\\])*`|'(?:\\.|[^'\\\n])*'|"(?:\\.|[^"\\\n])*")|(\b\d[\d_]*(?:\.\d+)?\b)|([A-Za-z_$][\w$]*)/g,
  py: /(#[^\n]*)|(f?"(?:\\.|[^"\\\n])*"|f?'(?:\\.|[^'\\\n])*')|(\b\d[\d_]*(?:\.\d+)?\b)|([A-Za-z_][\w]*)/g,
  sh: /(#[^\n]*)|("(?:\\.|[^"\\\n])*"|'[^'\n]*')|(\b\d+\b)|([A-Za-z_][\w.-]*)/g,
  go: /(\/\/[^\n]*|\/\*[\s\S]*?\*\/)|(`[^`]*`|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*')|(\b\d[\d_]*(?:\.\d+)?\b)|([A-Za-z_][\w]*)/g,
} as const;

/** Splits `code` into coloured tokens; joining their text gives `code` back unchanged. */
export function highlight(code: string, language: string): Token[] {
  const family = familyOf(language);
  const keywords = KEYWORDS[family]!;
  const pattern = new RegExp(PATTERNS[family].source, 'g');
  const tokens: Token[] = [];
  const push = (kind: TokenKind, text: string) => {
    const last = tokens.at(-1);
    if (last && last.kind === kind) last.text += text;
    else tokens.push({ kind, text });
  };
  let index = 0;
  for (let m = pattern.exec(code); m; m = pattern.exec(code)) {
    if (m.index > index) push('plain', code.slice(index, m.index));
    const [text, comment, string, number, word] = m;
    if (comment) push('comment', text);
    else if (string) push('string', text);
    else if (number) push('number', text);
    else if (word && keywords.has(word)) push('keyword', text);
    else if (word && code[m.index + text.length] === '(') push('call', text);
    else if (word && /^[A-Z]/.test(word)) push('type', text);
    else push('plain', text);
    index = m.index + text.length;
  }
  if (index < code.length) push('plain', code.slice(index));
  return tokens;
}
