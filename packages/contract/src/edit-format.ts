/**
 * Which answer format an AI edit asks for (docs/decisions/016): the whole file
 * while it fits the 2,000-token output cap of SPEC §7.1 with room to spare,
 * SEARCH/REPLACE blocks past that. aider's published results found whole-file
 * answers the most reliable format for weaker models, so it stays the default.
 */
import { GENERATION_MAX_TOKENS } from './constants.ts';
import { splitLines } from './line-diff.ts';

/**
 * Characters per token assumed for source code. BPE tokenizers average 3–4 on code;
 * the lower figure errs towards asking for blocks, never towards a cut-off answer.
 */
export const CODE_CHARS_PER_TOKEN = 3;

/** Tokens of the cap kept for the explanation, the fence lines and code the edit adds. */
export const EDIT_ANSWER_RESERVE_TOKENS = 500;

/** Largest code (estimated tokens) asked for whole: 1,500 tokens ≈ 4,500 characters ≈ 120–150 lines. */
export const WHOLE_ANSWER_MAX_TOKENS = GENERATION_MAX_TOKENS - EDIT_ANSWER_RESERVE_TOKENS;

/** `whole`: one fenced block with all of the code (or all of the selection); `search-replace`: blocks. */
export type EditFormat = 'whole' | 'search-replace';

/** Estimated tokens of a text (CODE_CHARS_PER_TOKEN, rounded up). */
export function estimateCodeTokens(text: string): number {
  return Math.ceil(text.length / CODE_CHARS_PER_TOKEN);
}

/** The format to ask for when the answer must hold `code` (a whole file, or a selection) once edited. */
export function chooseEditFormat(code: string): EditFormat {
  return estimateCodeTokens(code) <= WHOLE_ANSWER_MAX_TOKENS ? 'whole' : 'search-replace';
}

/** A range of lines, 1-based and inclusive, as an editor selection gives it. */
export interface LineRange {
  startLine: number;
  endLine: number;
}

/** Throws a RangeError unless `range` names lines of `code` (start ≤ end, both within the file). */
export function assertLineRange(code: string, range: LineRange): void {
  const count = splitLines(code).length;
  const { startLine, endLine } = range;
  if (
    !Number.isInteger(startLine) ||
    !Number.isInteger(endLine) ||
    startLine < 1 ||
    endLine < startLine ||
    endLine > count
  ) {
    throw new RangeError(
      `lines ${startLine}-${endLine} are not a range of this ${count}-line code (1-based, inclusive)`,
    );
  }
}

/** The lines of `range` as one text. */
export function sliceLines(code: string, range: LineRange): string {
  assertLineRange(code, range);
  return splitLines(code)
    .slice(range.startLine - 1, range.endLine)
    .join('\n');
}

/** `code` with the lines of `range` replaced by `replacement` (any number of lines); nothing else changes. */
export function replaceLines(code: string, range: LineRange, replacement: string): string {
  assertLineRange(code, range);
  const lines = splitLines(code);
  return [
    ...lines.slice(0, range.startLine - 1),
    ...splitLines(replacement),
    ...lines.slice(range.endLine),
  ].join('\n');
}
