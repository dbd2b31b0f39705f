/**
 * Loop guards for the inline scripts of an HTML page (docs/decisions/020), added in the
 * sandbox before the page is written. A script's text ends at the first `</script`, as in the
 * HTML tokenizer; scripts with a `src`, or of a type that is not JavaScript (JSON, import
 * maps, templates), are left as they are. Each guarded script gets a sourceURL: a written
 * page's scripts report lines counted from their own start, under that name.
 */
import type { PreviewDiagnostic } from '@codewright/contract';
import { insertLoopGuards, LoopGuardSyntaxError } from './loop-guard.ts';
import type { RunScript } from './source-positions.ts';

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const JS_TYPES = new Set([
  '',
  'module',
  'text/javascript',
  'application/javascript',
  'text/ecmascript',
  'application/ecmascript',
]);

/** The value of an attribute in a tag's attribute text, or undefined. */
function attribute(attrs: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}\\s*(?:=\\s*("[^"]*"|'[^']*'|[^\\s>]+))?`, 'i').exec(
    attrs,
  );
  if (!match) return undefined;
  const raw = match[1] ?? '';
  return raw.replace(/^["']|["']$/g, '');
}

/** 1-based line and column of a character offset. */
function positionAt(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return { line, column: offset - text.lastIndexOf('\n', offset - 1) };
}

/**
 * Returns the page with loop guards in its inline scripts, or the syntax errors of those
 * scripts with their line in the page.
 */
export function guardHtmlScripts(html: string): {
  html: string;
  errors: PreviewDiagnostic[];
  /** Where guards went in, as offsets in the page given. */
  inserted: Array<{ offset: number; length: number }>;
  /** The guarded scripts: their sourceURL and where their text starts in the page. */
  scripts: RunScript[];
} {
  const errors: PreviewDiagnostic[] = [];
  const inserted: Array<{ offset: number; length: number }> = [];
  const scripts: RunScript[] = [];
  const out = html.replace(SCRIPT, (whole, attrs: string, body: string, offset: number) => {
    if (attribute(attrs, 'src') !== undefined) return whole;
    const type = (attribute(attrs, 'type') ?? '').trim().toLowerCase();
    if (!JS_TYPES.has(type) || body.trim() === '') return whole;
    const bodyStart = offset + whole.indexOf('>') + 1;
    try {
      const guarded = insertLoopGuards(body, type === 'module' ? 'module' : 'script');
      for (const ins of guarded.inserted) inserted.push({ ...ins, offset: bodyStart + ins.offset });
      const url = `codewright-inline-${scripts.length}.js`;
      scripts.push({ url, ...positionAt(html, bodyStart) });
      const tag = whole.slice(0, bodyStart - offset);
      return `${tag}${guarded.code}\n//# sourceURL=${url}\n</script>`;
    } catch (err) {
      if (!(err instanceof LoopGuardSyntaxError)) throw err;
      const start = positionAt(html, bodyStart);
      const line = start.line + err.line - 1;
      // On the script's first line, its column counts from the start of the page's line.
      const column = err.line === 1 ? start.column + err.column - 1 : err.column;
      errors.push({ message: `SyntaxError: ${err.message}`, line, column });
      return whole;
    }
  });
  return { html: out, errors, inserted, scripts };
}
