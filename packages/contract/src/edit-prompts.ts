/**
 * Prompts of the edit engine (docs/decisions/016): a whole-file or selection
 * edit, the SEARCH/REPLACE variant for code too large to send back whole, and
 * the one retry that shows the model which blocks failed. The headings
 * (`Language:`, `Request:`, `Current code:`, `Selection:`, `Instructions:`) are
 * the layout of buildGenerationPrompt; the test model server reads them
 * (e2e/fixtures/model-server.mjs, e2e/README.md).
 */
import { codePromptHead, fenceCode, fenceTagFor } from './ai.ts';
import type { EditFormat, LineRange } from './edit-format.ts';
import { assertLineRange, sliceLines } from './edit-format.ts';
import {
  type BlockResult,
  DIVIDER_MARKER,
  formatSearchReplaceBlock,
  REPLACE_MARKER,
  SEARCH_MARKER,
} from './search-replace.ts';

/** First line of every retry message; the test model server recognises a retry by it. */
export const EDIT_RETRY_HEADING = 'Some SEARCH/REPLACE blocks of your answer could not be applied.';

export interface EditPromptInput {
  /** Language label as shown in the selector, e.g. "Python". */
  language: string;
  /** What the user typed. */
  request: string;
  /** The whole file, as the editor holds it. */
  code: string;
  /** `whole` (one fenced block) or `search-replace` (chooseEditFormat picks it). */
  format: EditFormat;
  /** Lines to rewrite; the rest of the file is context only. Absent: the whole file. */
  selection?: LineRange;
}

function blockRules(scope: string): string {
  return [
    `Answer with a one-sentence explanation, then one or more SEARCH/REPLACE blocks that change ${scope}, each written exactly like this:`,
    '',
    SEARCH_MARKER,
    '(lines copied from the current code)',
    DIVIDER_MARKER,
    '(the lines that replace them)',
    REPLACE_MARKER,
    '',
    'Rules:',
    '- SEARCH copies existing lines exactly, with their indentation and comments, and matches one place only: add a neighbouring line when it could match twice.',
    '- Keep blocks small: the lines that change plus a line around them. Never copy the whole file into a block.',
    '- To add lines, SEARCH for the line before them and repeat it in REPLACE, followed by the new lines. To delete lines, leave REPLACE empty.',
    '- Write nothing but code between the markers.',
  ].join('\n');
}

/**
 * The prompt of an edit. Without a selection it asks for the edited file (whole
 * format) or for blocks against it; with one, it sends the whole file as
 * context and asks for the selected lines only (or blocks within them), so the
 * answer can replace that range and nothing else (`applyEditAnswer`).
 */
export function buildEditPrompt({
  language,
  request,
  code,
  format,
  selection,
}: EditPromptInput): string {
  const tag = fenceTagFor(language);
  const head = codePromptHead(language, request, fenceCode(tag, code));
  if (!selection) {
    const instructions =
      format === 'whole'
        ? `Instructions: give a short explanation, followed by ONE fenced code block (\`\`\`${tag}) holding the complete ${language} code with the requested change applied.`
        : `Instructions: the file is too long to send back whole. ${blockRules('the current code')}`;
    return [...head, '', instructions].join('\n');
  }
  assertLineRange(code, selection);
  const range = `lines ${selection.startLine}-${selection.endLine}`;
  const instructions =
    format === 'whole'
      ? `Instructions: rewrite ONLY ${range} (the selection) as the request asks; the rest of the file is context and stays as it is. Give a one-sentence explanation, followed by ONE fenced code block (\`\`\`${tag}) holding the new text of those lines only, not the whole file.`
      : `Instructions: change ONLY ${range} (the selection); the rest of the file is context and stays as it is. Every SEARCH must lie inside the selection. ${blockRules('the selection')}`;
  return [
    ...head,
    '',
    `Selection: ${range}`,
    fenceCode(tag, sliceLines(code, selection)),
    '',
    instructions,
  ].join('\n');
}

/** Why a block was not applied, for the retry message: the block, then what went wrong. */
export function describeFailure(result: BlockResult, index: number, tag: string): string {
  const lines = [`Block ${index + 1} was not applied:`, formatSearchReplaceBlock(result.block)];
  const { outcome } = result;
  if (outcome.status === 'no-match') {
    lines.push('Its SEARCH lines match nothing in the current code.');
    if (outcome.closest) {
      lines.push(
        `The closest lines are these, from line ${outcome.closest.line}:`,
        fenceCode(tag, outcome.closest.lines.join('\n')),
      );
    }
  } else if (outcome.status === 'ambiguous') {
    lines.push(
      `Its SEARCH lines match ${outcome.lines.length} places (lines ${outcome.lines.join(', ')}); add a neighbouring line so that they match one place only.`,
    );
  } else if (outcome.status === 'empty-search') {
    lines.push('Its SEARCH part is empty; copy the lines to change (or the line before new ones).');
  }
  return lines.join('\n');
}

/**
 * The retry message: which blocks failed and why (no match, with the closest
 * lines; several matches, with where), and that the applied ones must not be
 * sent again. Send it after the original prompt and answer (`buildEditRetryMessages`).
 */
export function buildSearchReplaceRetryPrompt(input: {
  language: string;
  failed: readonly BlockResult[];
  appliedCount: number;
}): string {
  const tag = fenceTagFor(input.language);
  const parts = [EDIT_RETRY_HEADING, ''];
  input.failed.forEach((result, i) => parts.push(describeFailure(result, i, tag), ''));
  if (input.appliedCount > 0)
    parts.push(
      `The other ${input.appliedCount} block(s) were applied: do not send them again.`,
      '',
    );
  parts.push(
    'Answer with corrected SEARCH/REPLACE blocks for the failed blocks only. SEARCH must copy the current code exactly and match one place.',
  );
  return parts.join('\n');
}

/** The `messages` of the retry call: the first prompt, the model's answer, the retry message. */
export function buildEditRetryMessages(input: {
  prompt: string;
  answer: string;
  retry: string;
}): { role: 'user' | 'assistant'; content: string }[] {
  return [
    { role: 'user', content: input.prompt },
    { role: 'assistant', content: input.answer },
    { role: 'user', content: input.retry },
  ];
}
