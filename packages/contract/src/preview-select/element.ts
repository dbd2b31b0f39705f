/**
 * The element the user clicked in the preview, from the position of its opening tag's '<' that
 * the frame reports: its tag, extent, plain class string and plain text, for the quick edits.
 */
import { htmlCloser } from './html-extent.ts';
import { withinBudget } from './limits.ts';
import { type Closer, jsxCloser, readOpenTag } from './scan.ts';
import type { ElementSource, MarkupKind } from './types.ts';

/**
 * The offset of 1-based (`line`, `column`), columns in UTF-16 code units and lines split on
 * '\n', or null when that line or column is not in `code`.
 */
export function offsetOf(code: string, line: number, column: number): number | null {
  if (!Number.isInteger(line) || !Number.isInteger(column) || line < 1 || column < 1) return null;
  let lineStart = 0;
  for (let l = 1; l < line; l++) {
    lineStart = code.indexOf('\n', lineStart) + 1;
    if (lineStart === 0) return null;
  }
  const lineEnd = code.indexOf('\n', lineStart);
  const offset = lineStart + column - 1;
  return offset < (lineEnd < 0 ? code.length : lineEnd) ? offset : null;
}

/** The 1-based line of `offset`. */
export function lineOf(code: string, offset: number): number {
  let line = 1;
  for (let i = code.indexOf('\n'); i >= 0 && i < offset; i = code.indexOf('\n', i + 1)) line++;
  return line;
}

/** The children between the tags when they are only plain text, trimmed; otherwise null. */
function plainText(
  code: string,
  from: number,
  to: number,
  kind: MarkupKind,
): ElementSource['text'] {
  const raw = code.slice(from, to);
  if (raw.includes('<') || (kind === 'jsx' && raw.includes('{'))) return null;
  const value = raw.trim();
  if (!value) return null;
  const start = from + raw.indexOf(value);
  return { start, end: start + value.length, value };
}

/**
 * The element whose opening tag's '<' is at (`line`, `column`), both 1-based; null when no
 * opening tag starts there (out of range, not '<', a closing tag, a comment, a fragment), the tag
 * never ends, or a JSX element has no closing tag.
 */
export function elementAt(
  code: string,
  line: number,
  column: number,
  kind: MarkupKind,
): ElementSource | null {
  const start = offsetOf(code, line, column);
  if (start === null) return null;
  return withinBudget(code, () => scanElement(code, start, line, kind));
}

/** elementAt once the position is an offset into `code`. */
function scanElement(
  code: string,
  start: number,
  line: number,
  kind: MarkupKind,
): ElementSource | null {
  const open = readOpenTag(code, start, kind);
  if (!open) return null;
  let closer: Closer | null = null;
  if (kind === 'html') closer = htmlCloser(code, open);
  else if (!open.selfClosing) {
    closer = jsxCloser(code, open.openEnd);
    if (!closer) return null;
  }
  const end = closer?.end ?? open.openEnd;
  const rawText = kind === 'html' && /^(script|style)$/i.test(open.tag);
  return {
    tag: open.tag,
    start,
    openEnd: open.openEnd,
    end,
    startLine: line,
    endLine: lineOf(code, end - 1),
    selfClosing: open.selfClosing,
    classes: open.classes,
    dynamicClasses: open.dynamicClasses,
    text: closer && !rawText ? plainText(code, open.openEnd, closer.closeStart, kind) : null,
  };
}
