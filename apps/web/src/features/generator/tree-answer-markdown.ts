/**
 * An answer across files (docs/decisions/048) as the chat shows it: its tagged sections
 * (`<file path="…">` … `</file>`, `<edit path="…">` … `</edit>`, `<delete path="…" />`) become
 * Markdown — a line naming the file and a fenced code block — so the tags never show as text and
 * the code is in code blocks, also while the answer streams (a section not closed yet shows its
 * content so far). Tags are matched as the parser matches them (tree-answer-parse.ts: alone on
 * their lines, only a section's own closing line ends it); every other line is left as written,
 * and an answer without tags comes back unchanged. Pure, and cheap enough for every chunk.
 */

import { scanTreeAnswer } from '@codewright/contract';

// The fence and block lines of the parsers (contract tree-answer-parse.ts, search-replace.ts).
const FENCE = /^[ \t]*(`{3,}|~{3,})[^`~]*$/;
const CLOSING_FENCE = /^(`{3,}|~{3,})$/;
const SEARCH_LINE = /^[ \t]*<{5,9}[ \t]*SEARCH[ \t]*$/;
const DIVIDER_LINE = /^[ \t]*={5,9}[ \t]*$/;
const REPLACE_LINE = /^[ \t]*>{5,9}[ \t]*REPLACE[ \t]*$/;
/** Whether a text may hold a section tag at all (the fast path of every streamed chunk). */
const ANY_TAG = /^[ \t]*<(?:file|edit|delete)[ \t]+path="/m;
const DELETE_CLOSE = /^[ \t]*<\/delete>[ \t]*$/;

/** A path as inline code that nothing in it can break out of (backticks replaced). */
function pathMarkdown(path: string): string {
  const safe = path.replace(/`/g, "'");
  return safe.trim() === '' ? '(no path)' : `\`${safe}\``;
}

/** The fence tag of a file: its extension, when it is a plain word (the code block's label). */
function fenceTag(path: string): string {
  const ext = /\.([A-Za-z0-9]{1,10})$/.exec(path)?.[1];
  return ext ? ext.toLowerCase() : '';
}

/** `lines` in a fenced block whose backtick fence is longer than any backtick run in them. */
function fenced(lines: readonly string[], tag: string): string[] {
  let longest = 0;
  for (const line of lines)
    for (const run of line.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return [fence + tag, ...lines, fence];
}

/**
 * A section's lines without the code fence a model may wrap them in (the parser's `unfenced`);
 * for a section still open, a fence opening it is left out too (`partialFileSection`).
 */
function unfenced(lines: readonly string[], closed: boolean): string[] {
  const first = lines.findIndex((l) => l.trim() !== '');
  if (first === -1) return [];
  let last = lines.length - 1;
  while (last > first && lines[last]!.trim() === '') last--;
  const open = FENCE.exec(lines[first]!);
  if (!open) return lines.slice(first, last + 1);
  const marker = open[1]!;
  const closing = lines[last]!.trim();
  if (
    last > first &&
    closing[0] === marker[0] &&
    CLOSING_FENCE.test(closing) &&
    closing.length >= marker.length
  )
    return lines.slice(first + 1, last);
  return closed ? lines.slice(first, last + 1) : lines.slice(first + 1, last + 1);
}

/** SEARCH/REPLACE blocks as a diff: `@@` per block, `-` lines found, `+` lines put there. */
function editDiff(lines: readonly string[]): string[] {
  const out: string[] = [];
  let state: 'outside' | 'search' | 'replace' = 'outside';
  for (const line of lines) {
    if (state === 'outside') {
      if (SEARCH_LINE.test(line)) {
        out.push('@@');
        state = 'search';
      } else if (line.trim() !== '' && !FENCE.test(line)) out.push(line);
    } else if (state === 'search') {
      if (DIVIDER_LINE.test(line)) state = 'replace';
      else out.push(`-${line}`);
    } else if (REPLACE_LINE.test(line)) state = 'outside';
    else out.push(`+${line}`);
  }
  return out;
}

/** The Markdown of one `<file>` or `<edit>` section, closed or (streaming) still open. */
function sectionMarkdown(
  kind: 'file' | 'edit',
  path: string,
  body: string[],
  closed: boolean,
): string[] {
  if (!closed && body.length > 0) {
    // The closing tag half arrived: not content.
    const tail = body[body.length - 1]!.trimStart();
    if (tail !== '' && `</${kind}>`.startsWith(tail)) body = body.slice(0, -1);
  }
  const lines = unfenced(body, closed);
  return kind === 'file'
    ? [`**${pathMarkdown(path)}** — whole file`, '', ...fenced(lines, fenceTag(path))]
    : [`**${pathMarkdown(path)}** — changes`, '', ...fenced(editDiff(lines), 'diff')];
}

/** An answer's tagged sections as Markdown (see the file's comment); other text as written. */
export function treeAnswerMarkdown(text: string): string {
  if (!text.includes('<') || !ANY_TAG.test(text)) return text;
  const pieces = scanTreeAnswer(text);
  if (pieces.every((p) => p.kind === 'prose')) return text;
  const out: string[] = [];
  let afterDelete = false;
  for (const piece of pieces) {
    // `<delete path="…">` closed on the next line: nothing to show.
    const skip = afterDelete && piece.kind === 'prose' && DELETE_CLOSE.test(piece.line);
    afterDelete = piece.kind === 'delete';
    if (skip) continue;
    if (piece.kind === 'prose') out.push(piece.line);
    else if (piece.kind === 'delete') out.push('', `Deletes **${pathMarkdown(piece.path)}**`, '');
    else out.push('', ...sectionMarkdown(piece.kind, piece.path, piece.body, piece.closed), '');
  }
  return out.join('\n');
}
