/**
 * Where an HTML element ends: void elements have no closing tag, raw-text elements end at their
 * `</name`, and other closing tags are matched by name the way a browser does, with p, li and the
 * like allowed to leave theirs out.
 */
import { type Closer, type OpenTag, readOpenTag } from './scan.ts';

/** Elements that never have children or a closing tag. */
export const HTML_VOID = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

/** Elements whose content is text up to their own closing tag, never tags. */
export const HTML_RAW_TEXT = new Set(['script', 'style', 'textarea', 'title']);

/** Elements that a new sibling of the same name closes when their closing tag is left out. */
const OPTIONAL_CLOSE = new Set(['p', 'li', 'dt', 'dd', 'option', 'tr', 'td', 'th']);

const CLOSING_NAME = /[A-Za-z][A-Za-z0-9-]*/y;

/** The `</name ...>` that ends the raw text of `name` from `from`, or null when there is none. */
export function rawTextCloser(code: string, from: number, name: string): Closer | null {
  const closer = new RegExp(`</${name}(?=[\\s/>])`, 'gi');
  closer.lastIndex = from;
  const found = closer.exec(code);
  const close = found ? code.indexOf('>', found.index) : -1;
  return found && close >= 0 ? { closeStart: found.index, end: close + 1 } : null;
}

/** Offset just after the `<!...>`, `<?...>` or comment at `at`, or -1 when it never ends. */
export function skipMarkupDeclaration(code: string, at: number): number {
  if (code.startsWith('<!--', at)) {
    const close = code.indexOf('-->', at + 4);
    return close < 0 ? -1 : close + 3;
  }
  const close = code.indexOf('>', at);
  return close < 0 ? -1 : close + 1;
}

/**
 * The closing tag of the HTML element opened by `open`, or null when it has none: a void or
 * self-closing element, or one whose closing tag is left out (the code ends, a parent's closing
 * tag comes first, or a sibling of the same name starts a new one).
 */
export function htmlCloser(code: string, open: OpenTag): Closer | null {
  const name = open.tag.toLowerCase();
  if (open.selfClosing || HTML_VOID.has(name)) return null;
  if (HTML_RAW_TEXT.has(name)) return rawTextCloser(code, open.openEnd, name);
  // The open elements, the outermost (this one) first.
  const stack = [name];
  let i = open.openEnd;
  while ((i = code.indexOf('<', i)) >= 0) {
    const c = code[i + 1] ?? '';
    if (c === '!' || c === '?') {
      i = skipMarkupDeclaration(code, i);
      if (i < 0) return null;
    } else if (c === '/') {
      CLOSING_NAME.lastIndex = i + 2;
      const closing = (CLOSING_NAME.exec(code)?.[0] ?? '').toLowerCase();
      const close = code.indexOf('>', i);
      if (close < 0) return null;
      const level = stack.lastIndexOf(closing);
      if (level === 0) return { closeStart: i, end: close + 1 };
      // A closing tag of no open element is a parent's: this element ended without its own.
      if (level < 0 && closing) return null;
      if (level > 0) stack.length = level;
      i = close + 1;
    } else {
      const nested = readOpenTag(code, i, 'html');
      const nestedName = nested?.tag.toLowerCase() ?? '';
      if (!nested) i++;
      else if (stack.length === 1 && nestedName === name && OPTIONAL_CLOSE.has(name)) return null;
      else if (nested.selfClosing || HTML_VOID.has(nestedName)) i = nested.openEnd;
      else if (HTML_RAW_TEXT.has(nestedName)) {
        const raw = rawTextCloser(code, nested.openEnd, nestedName);
        if (!raw) return null;
        i = raw.end;
      } else {
        stack.push(nestedName);
        i = nested.openEnd;
      }
    }
  }
  return null;
}
