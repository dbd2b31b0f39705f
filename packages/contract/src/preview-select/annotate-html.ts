/**
 * HTML previews report where a clicked element is written through a `data-cw-src` attribute on
 * each opening tag (JSX gets that position from esbuild's jsxDev instead).
 */
import { HTML_RAW_TEXT, rawTextCloser, skipMarkupDeclaration } from './html-extent.ts';
import { readOpenTag } from './scan.ts';

/** The attribute that carries an opening tag's "LINE:COL" in the original code. */
const SOURCE_ATTRIBUTE = 'data-cw-src';

/** Tags that render nothing one could click, or whose attributes must stay as they are. */
const NOT_ANNOTATED = new Set([
  'html',
  'head',
  'body',
  'script',
  'style',
  'meta',
  'link',
  'title',
  'base',
  'noscript',
  'template',
]);

/**
 * HTML source with ` data-cw-src="LINE:COL"` added right after the tag name of every opening tag
 * of an element that renders in the page, LINE:COL being the 1-based position of that tag's '<'
 * in the original code. Comments, the doctype, closing tags and the tags of html, head, body,
 * script, style, meta, link, title, base, noscript and template are left out; the contents of
 * script, style, textarea, title and comments are not scanned. Never adds a line break, and a tag
 * that already has the attribute is left as it is.
 */
export function annotateHtml(code: string): string {
  const parts: string[] = [];
  let copied = 0;
  let line = 1;
  let lineStart = 0;
  let counted = 0;
  let i = 0;
  while ((i = code.indexOf('<', i)) >= 0) {
    const c = code[i + 1] ?? '';
    if (c === '!' || c === '?' || c === '/') {
      const after = c === '/' ? code.indexOf('>', i) + 1 : skipMarkupDeclaration(code, i);
      if (after <= 0) break;
      i = after;
      continue;
    }
    const open = readOpenTag(code, i, 'html');
    if (!open) {
      i++;
      continue;
    }
    const name = open.tag.toLowerCase();
    const annotated = open.attributes.some((a) => a.toLowerCase() === SOURCE_ATTRIBUTE);
    if (!NOT_ANNOTATED.has(name) && !annotated) {
      for (; counted < i; counted++) {
        if (code[counted] === '\n') {
          line++;
          lineStart = counted + 1;
        }
      }
      parts.push(
        code.slice(copied, open.nameEnd),
        ` ${SOURCE_ATTRIBUTE}="${line}:${i - lineStart + 1}"`,
      );
      copied = open.nameEnd;
    }
    i = open.openEnd;
    if (HTML_RAW_TEXT.has(name) && !open.selfClosing) {
      const closer = rawTextCloser(code, i, name);
      if (!closer) break;
      i = closer.end;
    }
  }
  parts.push(code.slice(copied));
  return parts.join('');
}
