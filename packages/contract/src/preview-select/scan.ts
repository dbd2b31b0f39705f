/**
 * The scanner under the element picker: reads one opening tag from its '<', and in JSX skips
 * `{...}` expressions (strings, template literals, comments, regular expressions, nested JSX) and
 * finds an element's closing tag by nesting depth. Never parses the whole file.
 */
import { nested, spend } from './limits.ts';
import type { ElementSource, MarkupKind } from './types.ts';

/** An opening tag as read from its '<'. */
export interface OpenTag {
  tag: string;
  start: number;
  /** Offset just after the tag name, where a new attribute goes. */
  nameEnd: number;
  openEnd: number;
  selfClosing: boolean;
  /** Attribute names as written, spread attributes left out. */
  attributes: string[];
  classes: ElementSource['classes'];
  dynamicClasses: boolean;
}

/** Where an element's children end: the closing tag's '<' and the offset just after its '>'. */
export interface Closer {
  closeStart: number;
  end: number;
}

const JSX_NAME = /[A-Za-z_$][\w$.:-]*/y;
const HTML_NAME = /[A-Za-z][A-Za-z0-9-]*/y;
const JSX_ATTRIBUTE = /[A-Za-z_$][\w$:-]*/y;
const HTML_ATTRIBUTE = /[^\s/>][^\s/>=]*/y;
const WORD = /[\w$]+/y;
/** Words after which a '<' starts JSX and a '/' a regular expression, not an operator. */
const KEYWORDS = new Set(
  'return typeof instanceof in of new delete void throw case do else yield await'.split(' '),
);

/** The match of a sticky pattern at `at`, or ''. */
function matchAt(pattern: RegExp, code: string, at: number): string {
  pattern.lastIndex = at;
  return pattern.exec(code)?.[0] ?? '';
}

function isSpace(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f' || c === '\v';
}

/** Offset just after a '...' or "..." JS string starting at `at` (backslash escapes), or -1. */
function skipString(code: string, at: number): number {
  const quote = code[at];
  for (let i = at + 1; i < code.length; i++) {
    if (code[i] === '\\') i++;
    else if (code[i] === quote) return i + 1;
  }
  return -1;
}

/** Offset just after a template literal starting at `at`, its `${...}` parts included, or -1. */
function skipTemplate(code: string, at: number): number {
  for (let i = at + 1; i < code.length; i++) {
    const c = code[i];
    if (c === '\\') i++;
    else if (c === '`') return i + 1;
    else if (c === '$' && code[i + 1] === '{') {
      const after = nested(() => skipBraces(code, i + 1));
      if (after < 0) return -1;
      i = after - 1;
    }
  }
  return -1;
}

/** Offset just after a regular expression literal starting at `at`, or -1 (then it was a '/'). */
function skipRegExp(code: string, at: number): number {
  let inClass = false;
  for (let i = at + 1; i < code.length; i++) {
    const c = code[i];
    if (c === '\\') i++;
    else if (c === '\n') return -1;
    else if (c === '[') inClass = true;
    else if (c === ']') inClass = false;
    else if (c === '/' && !inClass) return i + 1 + matchAt(WORD, code, i + 1).length;
  }
  return -1;
}

/** Offset after a `//` or `/*` comment at `at`, or `at` when there is none. */
function skipComment(code: string, at: number): number {
  if (code[at] !== '/') return at;
  if (code[at + 1] === '/') {
    const eol = code.indexOf('\n', at);
    return eol < 0 ? code.length : eol;
  }
  if (code[at + 1] === '*') {
    const close = code.indexOf('*/', at + 2);
    return close < 0 ? code.length : close + 2;
  }
  return at;
}

/**
 * Offset just after the '}' that matches the '{' at `open`, or -1 when it never closes. The JS
 * inside may hold strings, template literals, comments, regular expressions and nested JSX.
 */
export function skipBraces(code: string, open: number): number {
  let depth = 0;
  // Whether the last token ends a value: then '<' and '/' are operators, not JSX or a RegExp.
  let value = false;
  let i = open;
  while (i < code.length) {
    const c = code[i] as string;
    let next = i + 1;
    let endsValue = true;
    if (c === '{') {
      depth++;
      endsValue = false;
    } else if (c === '}') {
      if (--depth === 0) return i + 1;
    } else if (c === '"' || c === "'") next = skipString(code, i);
    else if (c === '`') next = skipTemplate(code, i);
    else if (c === '/' && skipComment(code, i) > i) {
      next = skipComment(code, i);
      endsValue = value;
    } else if (c === '/' && !value) {
      next = Math.max(skipRegExp(code, i), i + 1);
      endsValue = next > i + 1;
    } else if (c === '<' && !value) {
      next = Math.max(
        nested(() => skipJsx(code, i)),
        i + 1,
      );
      endsValue = next > i + 1;
    } else if (isSpace(c)) endsValue = value;
    else if (/[\w$]/.test(c)) {
      const word = matchAt(WORD, code, i);
      next = i + word.length;
      endsValue = !KEYWORDS.has(word);
    } else endsValue = c === ')' || c === ']';
    if (next < 0) return -1;
    // Nested JSX and templates spend their own reading.
    spend(c === '<' || c === '`' ? 1 : next - i);
    value = endsValue;
    i = next;
  }
  return -1;
}

/** Offset just after the JSX element or fragment starting at `at`, or -1 when it is not one. */
function skipJsx(code: string, at: number): number {
  if (code[at + 1] === '>') return jsxCloser(code, at + 2)?.end ?? -1;
  const open = readOpenTag(code, at, 'jsx');
  if (!open) return -1;
  return open.selfClosing ? open.openEnd : (jsxCloser(code, open.openEnd)?.end ?? -1);
}

/**
 * The closing tag that ends JSX children starting at `from`, matched by nesting depth (nested
 * elements and fragments of any name counted, `{...}` skipped), or null when there is none.
 */
export function jsxCloser(code: string, from: number): Closer | null {
  let depth = 1;
  let i = from;
  while (i < code.length) {
    spend(1);
    const c = code[i];
    if (c === '{') {
      i = skipBraces(code, i);
      if (i < 0) return null;
    } else if (c === '<' && code[i + 1] === '/') {
      const close = code.indexOf('>', i + 2);
      if (close < 0) return null;
      if (--depth === 0) return { closeStart: i, end: close + 1 };
      i = close + 1;
    } else if (c === '<' && code[i + 1] === '>') {
      depth++;
      i += 2;
    } else if (c === '<') {
      const open = readOpenTag(code, i, 'jsx');
      if (open && !open.selfClosing) depth++;
      i = open ? open.openEnd : i + 1;
    } else i++;
  }
  return null;
}

/** The text between the quotes when `{...}` (from `open` to `close`) holds only a plain string. */
function plainStringInBraces(code: string, open: number, close: number) {
  const inner = code.slice(open + 1, close - 1);
  const literal = inner.trim();
  const quote = literal[0];
  if (quote !== '"' && quote !== "'" && quote !== '`') return null;
  const value = literal.slice(1, -1);
  if (literal.length < 2 || !literal.endsWith(quote) || value.includes(quote)) return null;
  if (value.includes('\\') || (quote === '`' && value.includes('${'))) return null;
  const valueStart = open + 1 + inner.indexOf(literal) + 1;
  return { valueStart, valueEnd: valueStart + value.length, value };
}

/**
 * The opening tag whose '<' is at `start`, or null when none starts there (a closing tag, a
 * comment, a fragment, not a tag name) or it never ends.
 */
export function readOpenTag(code: string, start: number, kind: MarkupKind): OpenTag | null {
  if (code[start] !== '<') return null;
  const jsx = kind === 'jsx';
  const tag = matchAt(jsx ? JSX_NAME : HTML_NAME, code, start + 1);
  if (!tag) return null;
  const classAttribute = jsx ? 'className' : 'class';
  const nameEnd = start + 1 + tag.length;
  const found: OpenTag = {
    tag,
    start,
    nameEnd,
    openEnd: -1,
    selfClosing: false,
    attributes: [],
    classes: null,
    dynamicClasses: false,
  };
  let i = nameEnd;
  while (i < code.length) {
    spend(1);
    const c = code[i] as string;
    if (isSpace(c)) i++;
    else if (c === '>' || (c === '/' && code[i + 1] === '>')) {
      found.selfClosing = c === '/';
      found.openEnd = i + (found.selfClosing ? 2 : 1);
      return found;
    } else if (jsx && skipComment(code, i) > i) i = skipComment(code, i);
    else if (jsx && c === '{') i = skipBraces(code, i);
    else if (!jsx && c === '/') i++;
    else {
      const name = matchAt(jsx ? JSX_ATTRIBUTE : HTML_ATTRIBUTE, code, i);
      if (!name) return null;
      found.attributes.push(name);
      const isClass = jsx ? name === classAttribute : name.toLowerCase() === classAttribute;
      i = readAttributeValue(code, i + name.length, jsx, isClass ? found : null);
    }
    if (i < 0) return null;
  }
  return null;
}

/**
 * Offset after an attribute's optional `= value`, whose name ends at `at`, or -1. When `classOf`
 * is given, records the value as its plain class string, or marks its classes dynamic.
 */
function readAttributeValue(code: string, at: number, jsx: boolean, classOf: OpenTag | null) {
  let i = at;
  while (isSpace(code[i])) i++;
  if (code[i] !== '=') {
    if (classOf) recordClasses(classOf, null);
    return at;
  }
  i++;
  while (isSpace(code[i])) i++;
  const c = code[i];
  let end: number;
  let plain: ElementSource['classes'] = null;
  if (c === '"' || c === "'") {
    end = code.indexOf(c, i + 1) + 1;
    const value = code.slice(i + 1, end - 1);
    if (end > 0) plain = { valueStart: i + 1, valueEnd: end - 1, value };
  } else if (jsx && c === '{') {
    end = skipBraces(code, i);
    if (end > 0) plain = plainStringInBraces(code, i, end);
  } else if (jsx && c === '<') end = nested(() => skipJsx(code, i));
  else if (jsx) end = -1;
  else end = i + matchAt(/[^\s>]*/y, code, i).length;
  if (end <= 0) return -1;
  if (classOf) recordClasses(classOf, plain);
  return end;
}

/** Records a class attribute's plain value; any other value makes the tag's classes dynamic. */
function recordClasses(tag: OpenTag, plain: ElementSource['classes']): void {
  // A second class attribute too: JSX and HTML differ on which one wins, so no quick edit.
  if (tag.classes || tag.dynamicClasses || !plain) {
    tag.dynamicClasses = true;
    tag.classes = null;
  } else tag.classes = plain;
}
