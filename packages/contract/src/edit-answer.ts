/**
 * Turning a model's answer to an edit prompt into proposed code (docs/decisions/016):
 * an answer cut off by the token cap is refused, never applied as if complete;
 * a whole-format answer replaces the file or only the selected range; blocks are
 * applied, and failures lead to exactly one retry that shows the model what failed.
 * The result is a proposal for the hunk-by-hunk review, never written anywhere here.
 */
import { extractCode } from './ai.ts';
import type { EditFormat, LineRange } from './edit-format.ts';
import { replaceLines, sliceLines } from './edit-format.ts';
import { buildSearchReplaceRetryPrompt } from './edit-prompts.ts';
import { splitLines } from './line-diff.ts';
import {
  applySearchReplaceBlocks,
  type BlockResult,
  parseSearchReplaceBlocks,
} from './search-replace.ts';

/** Why an answer is not used; each has a message for the user in EDIT_ANSWER_MESSAGES. */
export type EditRefusal = 'cut-off' | 'incomplete' | 'no-code' | 'no-blocks' | 'blocks-failed';

export const EDIT_ANSWER_MESSAGES: Readonly<Record<EditRefusal, string>> = {
  'cut-off':
    'The answer was cut off at the 2,000-token limit before it was complete, so nothing was changed. Select fewer lines or ask for a smaller change, then try again.',
  incomplete: 'The answer stopped before its code was complete, so nothing was changed. Try again.',
  'no-code': 'The answer held no code, so nothing was changed. Rephrase the request and try again.',
  'no-blocks':
    'The answer did not say what to change (no SEARCH/REPLACE blocks), so nothing was changed. Try again.',
  'blocks-failed':
    'The changes could not be placed in your code, even after a retry, so nothing was changed. Select the lines to change and try again.',
};

/** True when the provider stopped the answer at the token cap (AI SDK finish reason `length`). */
export function isCutOff(finishReason: string): boolean {
  return finishReason === 'length';
}

const OPEN_FENCE = /^[ \t]*(`{3,}|~{3,})/gm;

/** True when the text opens more fences than it closes (a block still open at the end). */
function hasOpenFence(text: string): boolean {
  let open: string | null = null;
  for (const m of text.matchAll(OPEN_FENCE)) {
    const fence = m[1]!;
    if (open === null) open = fence;
    else if (fence[0] === open[0] && fence.length >= open.length) open = null;
  }
  return open !== null;
}

export interface EditAnswerInput {
  /** The code the prompt was built from (for a retry: `pending.code` of the retry result). */
  code: string;
  format: EditFormat;
  /** The selected range the prompt named (for a retry: `pending.selection`). */
  selection?: LineRange;
  /** Language label, for the retry message. */
  language: string;
  /** The whole answer and the finish reason `/text` reported. */
  text: string;
  finishReason: string;
  /** 1 for the first answer, 2 for the answer to the retry message (no further retry). */
  attempt?: 1 | 2;
  /** Attempt 2: blocks the first answer applied already (`pending.appliedBefore`). */
  appliedBefore?: number;
}

export type EditAnswerResult =
  | {
      status: 'ready';
      /** The whole file as the answer would leave it: review it against the editor's code. */
      code: string;
      /** Blocks still not applied after the retry (search-replace only); their changes are missing. */
      unapplied: BlockResult[];
    }
  | {
      status: 'retry';
      /** Send as the last user message after the prompt and answer (buildEditRetryMessages). */
      retry: string;
      /** What the retry's answer applies to: pass these fields in with `attempt: 2`. */
      pending: { code: string; selection?: LineRange; appliedBefore: number };
      failed: BlockResult[];
    }
  | { status: 'refused'; reason: EditRefusal; message: string };

const refuse = (reason: EditRefusal): EditAnswerResult => ({
  status: 'refused',
  reason,
  message: EDIT_ANSWER_MESSAGES[reason],
});

/**
 * The code an answer proposes, or why it is refused, or the retry to send.
 * Refused: a cut-off (finish reason `length`), an answer whose fence or block
 * never closed, one without code or blocks, or blocks that still all fail on
 * attempt 2. With a selection only its lines change.
 */
export function applyEditAnswer(input: EditAnswerInput): EditAnswerResult {
  const { code, format, selection, text } = input;
  if (isCutOff(input.finishReason)) return refuse('cut-off');
  // `stopped`: the user pressed Stop (docs/api.md § AI); `error`, `content-filter`: the provider ended it.
  if (['stopped', 'error', 'content-filter'].includes(input.finishReason))
    return refuse('incomplete');

  if (format === 'whole') {
    if (hasOpenFence(text)) return refuse('incomplete');
    const answer = extractCode(text);
    if (answer.trim() === '') return refuse('no-code');
    return {
      status: 'ready',
      code: selection ? replaceLines(code, selection, answer) : answer,
      unapplied: [],
    };
  }

  const parsed = parseSearchReplaceBlocks(text);
  if (parsed.unterminated) return refuse('incomplete');
  if (parsed.blocks.length === 0) return refuse('no-blocks');
  const target = selection ? sliceLines(code, selection) : code;
  const applied = applySearchReplaceBlocks(target, parsed.blocks);
  const edited = selection ? replaceLines(code, selection, applied.code) : applied.code;
  const appliedCount = applied.results.length - applied.failed.length;
  if (applied.failed.length === 0) return { status: 'ready', code: edited, unapplied: [] };
  if ((input.attempt ?? 1) === 1) {
    const pendingSelection = selection && {
      startLine: selection.startLine,
      endLine: selection.startLine + splitLines(applied.code).length - 1,
    };
    return {
      status: 'retry',
      retry: buildSearchReplaceRetryPrompt({
        language: input.language,
        failed: applied.failed,
        appliedCount,
      }),
      pending: {
        code: edited,
        ...(pendingSelection ? { selection: pendingSelection } : {}),
        appliedBefore: appliedCount,
      },
      failed: applied.failed,
    };
  }
  if (appliedCount + (input.appliedBefore ?? 0) === 0) return refuse('blocks-failed');
  return { status: 'ready', code: edited, unapplied: applied.failed };
}
