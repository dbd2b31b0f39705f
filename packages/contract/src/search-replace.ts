/**
 * SEARCH/REPLACE blocks: how a model edits a file too large to send back whole
 * under the 2,000-token cap (SPEC §7.1; docs/decisions/016). Parsing, and
 * applying each block with exact matching first and whitespace-tolerant
 * matching second; a block that matches nothing or several places is reported,
 * never guessed.
 */
import { joinLines, splitLines } from './line-diff.ts';

export const SEARCH_MARKER = '<<<<<<< SEARCH';
export const DIVIDER_MARKER = '=======';
export const REPLACE_MARKER = '>>>>>>> REPLACE';

const SEARCH_LINE = /^[ \t]*<{5,9}[ \t]*SEARCH[ \t]*$/;
const DIVIDER_LINE = /^[ \t]*={5,9}[ \t]*$/;
const REPLACE_LINE = /^[ \t]*>{5,9}[ \t]*REPLACE[ \t]*$/;

/** One block as the model wrote it: the lines to find and the lines to put there. */
export interface SearchReplaceBlock {
  search: string[];
  replace: string[];
}

export interface ParsedBlocks {
  blocks: SearchReplaceBlock[];
  /**
   * True when the text ends inside a block (a SEARCH without its `>>>>>>> REPLACE`):
   * the answer was cut off, and no block of it may be applied as if it were complete.
   */
  unterminated: boolean;
}

/** The blocks of an answer, in order; fences and prose around them are ignored. */
export function parseSearchReplaceBlocks(text: string): ParsedBlocks {
  const lines = splitLines(text.replace(/\r\n/g, '\n'));
  const blocks: SearchReplaceBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    if (!SEARCH_LINE.test(lines[i]!)) {
      i++;
      continue;
    }
    const search: string[] = [];
    i++;
    while (i < lines.length && !DIVIDER_LINE.test(lines[i]!)) search.push(lines[i++]!);
    if (i >= lines.length) return { blocks, unterminated: true };
    const replace: string[] = [];
    i++;
    while (i < lines.length && !REPLACE_LINE.test(lines[i]!)) replace.push(lines[i++]!);
    if (i >= lines.length) return { blocks, unterminated: true };
    blocks.push({ search, replace });
    i++;
  }
  return { blocks, unterminated: false };
}

/** How a block fared: applied (and how it matched), or why not. */
export type BlockOutcome =
  | { status: 'applied'; match: 'exact' | 'whitespace'; line: number }
  | { status: 'no-match'; closest: { line: number; lines: string[] } | null }
  | { status: 'ambiguous'; lines: number[] }
  | { status: 'empty-search' };

export interface BlockResult {
  block: SearchReplaceBlock;
  outcome: BlockOutcome;
}

export interface AppliedBlocks {
  /** The code with every block that could be applied. */
  code: string;
  results: BlockResult[];
  /** The blocks that were not applied (no match, several matches, empty SEARCH). */
  failed: BlockResult[];
}

const normalise = (line: string) => line.trim().replace(/\s+/g, ' ');
const leadingSpace = (line: string) => /^[ \t]*/.exec(line)![0];

/** Start indexes (0-based) where `part` occurs as whole consecutive lines of `whole`. */
function findAll(
  whole: readonly string[],
  part: readonly string[],
  same: (a: string, b: string) => boolean,
): number[] {
  const found: number[] = [];
  for (let i = 0; i + part.length <= whole.length; i++) {
    let k = 0;
    while (k < part.length && same(whole[i + k]!, part[k]!)) k++;
    if (k === part.length) found.push(i);
  }
  return found;
}

function trimBlankEdges(lines: readonly string[]): { lines: string[]; skipped: number } {
  let start = 0;
  let end = lines.length;
  while (start < end && lines[start]!.trim() === '') start++;
  while (end > start && lines[end - 1]!.trim() === '') end--;
  return { lines: lines.slice(start, end), skipped: start };
}

/**
 * The REPLACE lines re-indented the way the match was: when the model dropped (or
 * added) the same leading whitespace on every line, the file's indentation wins.
 */
function reindent(replace: readonly string[], searchFirst: string, fileFirst: string): string[] {
  const want = leadingSpace(fileFirst);
  const got = leadingSpace(searchFirst);
  if (want === got) return replace.slice();
  if (want.endsWith(got)) {
    const add = want.slice(0, want.length - got.length);
    return replace.map((l) => (l.trim() === '' ? l : add + l));
  }
  if (got.endsWith(want)) {
    const drop = got.slice(0, got.length - want.length);
    return replace.map((l) => (l.startsWith(drop) ? l.slice(drop.length) : l));
  }
  return replace.slice();
}

/** The window of the code most like `search` (most equal lines once trimmed), for the retry message. */
function closestLines(code: readonly string[], search: readonly string[]) {
  const wanted = search.map(normalise);
  let best = 0;
  let at = -1;
  for (let i = 0; i + wanted.length <= code.length; i++) {
    let score = 0;
    for (let k = 0; k < wanted.length; k++)
      if (wanted[k] !== '' && normalise(code[i + k]!) === wanted[k]) score++;
    if (score > best) {
      best = score;
      at = i;
    }
  }
  return at === -1 ? null : { line: at + 1, lines: code.slice(at, at + search.length) };
}

/** Finds one block in `code`: exactly, else ignoring whitespace differences. */
function locate(
  code: readonly string[],
  block: SearchReplaceBlock,
): { outcome: BlockOutcome; start?: number; length?: number; replace?: string[] } {
  if (block.search.every((l) => l.trim() === '')) return { outcome: { status: 'empty-search' } };
  const exact = findAll(code, block.search, (a, b) => a === b);
  if (exact.length === 1) {
    const start = exact[0]!;
    return {
      outcome: { status: 'applied', match: 'exact', line: start + 1 },
      start,
      length: block.search.length,
      replace: block.replace,
    };
  }
  if (exact.length > 1) return { outcome: { status: 'ambiguous', lines: exact.map((i) => i + 1) } };
  const trimmed = trimBlankEdges(block.search);
  const loose = findAll(code, trimmed.lines, (a, b) => normalise(a) === normalise(b));
  if (loose.length === 1) {
    const start = loose[0]!;
    const firstIdx = trimmed.lines.findIndex((l) => l.trim() !== '');
    return {
      outcome: { status: 'applied', match: 'whitespace', line: start + 1 },
      start,
      length: trimmed.lines.length,
      replace: reindent(block.replace, trimmed.lines[firstIdx]!, code[start + firstIdx]!),
    };
  }
  if (loose.length > 1) return { outcome: { status: 'ambiguous', lines: loose.map((i) => i + 1) } };
  return { outcome: { status: 'no-match', closest: closestLines(code, trimmed.lines) } };
}

/**
 * Applies the blocks in order, each to the code as the blocks before it left it.
 * A block applies only when its SEARCH lines occur exactly once — first compared
 * exactly, then with whitespace normalised (indentation, runs of spaces, blank
 * lines around the block). Several matches or none are failures, reported in
 * `failed` for the retry message (`buildSearchReplaceRetryPrompt`).
 */
export function applySearchReplaceBlocks(
  code: string,
  blocks: readonly SearchReplaceBlock[],
): AppliedBlocks {
  let lines = splitLines(code);
  const results: BlockResult[] = [];
  for (const block of blocks) {
    const found = locate(lines, block);
    if (found.start !== undefined) {
      lines = [
        ...lines.slice(0, found.start),
        ...found.replace!,
        ...lines.slice(found.start + found.length!),
      ];
    }
    results.push({ block, outcome: found.outcome });
  }
  return {
    code: joinLines(lines),
    results,
    failed: results.filter((r) => r.outcome.status !== 'applied'),
  };
}

/** A block written out in the answer format (for prompts and retry messages). */
export function formatSearchReplaceBlock(block: SearchReplaceBlock): string {
  return [SEARCH_MARKER, ...block.search, DIVIDER_MARKER, ...block.replace, REPLACE_MARKER].join(
    '\n',
  );
}
