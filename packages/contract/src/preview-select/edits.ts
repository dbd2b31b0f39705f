/**
 * The preview's quick edits without a model: an element's text or class list changed in place.
 * Each is the smallest text edit: only the edited characters change, lines stay where they were.
 */
import { decodeHTML } from 'entities/decode';
import type { ElementSource, MarkupKind } from './types.ts';

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '{': '&#123;',
  '}': '&#125;',
};

/** Characters a class list may not hold: they would end the string or the attribute. */
const UNSAFE_CLASSES = /["'`{}<>\\\r\n]/;

/** Throws when `element` no longer matches `code` (it was found in another version). */
function checkRange(code: string, from: number, to: number, value: string): void {
  if (code.slice(from, to) !== value) {
    throw new RangeError('The element is not where it was found: find it again in this code.');
  }
}

/**
 * Text as written (`ElementSource.text.value`) as it reads: its character references decoded
 * (`&amp;` → `&`, `&copy;` → `©`, `&#123;` → `{`), as HTML and JSX both read them. What the
 * quick panel shows and compares; `withElementText` escapes it again.
 */
export function readableText(written: string): string {
  return decodeHTML(written);
}

/**
 * `code` with the element's text replaced by `text`, escaped for the kind (JSX: & < > { } as
 * &amp; &lt; &gt; &#123; &#125;; HTML: & < > as entities). Throws a RangeError when the element's
 * children are not plain text (`element.text` is null) or `code` no longer holds them there.
 */
export function withElementText(
  code: string,
  element: ElementSource,
  text: string,
  kind: MarkupKind,
): string {
  const current = element.text;
  if (!current) throw new RangeError(`<${element.tag}> has no plain text to change.`);
  checkRange(code, current.start, current.end, current.value);
  const escapes = kind === 'jsx' ? /[&<>{}]/g : /[&<>]/g;
  const escaped = text.replace(escapes, (c) => ESCAPES[c] ?? c);
  return code.slice(0, current.start) + escaped + code.slice(current.end);
}

/**
 * `code` with the element's class list set to `classes`, whitespace collapsed to single spaces
 * and trimmed. A plain-string class attribute gets only its value changed; an element without
 * one gets ` className="..."` (JSX) or ` class="..."` (HTML) right after its tag name (none when
 * the list is empty). Throws a RangeError when the classes are dynamic (`element.dynamicClasses`),
 * `classes` holds any of " ' ` { } < > \ or a line break, or `code` no longer holds the element.
 */
export function withElementClasses(
  code: string,
  element: ElementSource,
  classes: string,
  kind: MarkupKind,
): string {
  if (element.dynamicClasses) {
    throw new RangeError(`<${element.tag}> builds its classes in code: change them there.`);
  }
  if (UNSAFE_CLASSES.test(classes)) {
    throw new RangeError('A class list cannot hold quotes, braces, <, >, \\ or line breaks.');
  }
  const list = classes.trim().replace(/\s+/g, ' ');
  const current = element.classes;
  if (current) {
    checkRange(code, current.valueStart, current.valueEnd, current.value);
    return code.slice(0, current.valueStart) + list + code.slice(current.valueEnd);
  }
  const nameEnd = element.start + 1 + element.tag.length;
  checkRange(code, element.start, nameEnd, `<${element.tag}`);
  if (!list) return code;
  const attribute = ` ${kind === 'jsx' ? 'className' : 'class'}="${list}"`;
  return code.slice(0, nameEnd) + attribute + code.slice(nameEnd);
}
