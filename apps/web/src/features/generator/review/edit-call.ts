/**
 * The one client path of every AI edit — a prompt while the editor holds code, Edit selection
 * (Ctrl/Cmd+K), Fix with AI (docs/decisions/016, 022): picks the answer format by size, streams
 * the answer, makes the one retry when SEARCH/REPLACE blocks fail (free: `retryOf`, decision
 * 023), and returns a proposal for the review or why there is none. Nothing here touches the
 * editor: a cut-off or incomplete answer is refused and the code stays as it was.
 */
import {
  applyEditAnswer,
  buildEditCallMessages,
  buildEditRetryMessages,
  chooseEditFormat,
  EDIT_ANSWER_MESSAGES,
  parseSearchReplaceBlocks,
  applySearchReplaceBlocks,
  partialCode,
  replaceLines,
  sliceLines,
  type ConversationEntry,
  type EditFormat,
  type LineRange,
  type PromptContextItem,
} from '@codewright/contract';
import { client } from '../../../sdk.ts';
import { streamingProposal } from './review-hunks.ts';

export interface EditCallInput {
  /** The editor's code when the edit was asked for (the review's base). */
  code: string;
  language: string;
  request: string;
  /** Lines to rewrite (Edit selection); absent: the whole file. */
  selection?: LineRange;
  /** The chat so far, oldest first (conversation memory, decision 013). */
  history: readonly ConversationEntry[];
  /** Context attached in the composer, sent ahead of the prompt (docs/decisions/024). */
  context?: readonly PromptContextItem[];
  /** The saved project edited: the call counts against its workspace's plan. */
  projectId?: string | null;
  signal: AbortSignal;
  stopSignal: AbortSignal;
  /** The answer's text so far, for the chat. */
  onText: (text: string) => void;
  /** The whole code as the answer so far would leave it (the diff while it streams). */
  onProposal: (code: string) => void;
}

export type EditCallResult =
  | { status: 'ready'; code: string; text: string; unappliedBlocks: number }
  | { status: 'refused'; message: string; text: string }
  /** Stopped by the user: `code` is what arrived merged onto the rest, when a charge stands. */
  | { status: 'stopped'; code: string | null; text: string; charged: boolean };

/** The chat text of an answer whose blocks failed, ahead of the one retry's answer. */
export const retryPrefix = (answer: string) =>
  `${answer}\n\n_Some changes did not fit the code; asking the model once more…_\n\n`;

/** The format an edit of `code` (or of its `selection`) asks for (decision 016). */
export function editFormatFor(code: string, selection?: LineRange): EditFormat {
  return chooseEditFormat(selection ? sliceLines(code, selection) : code);
}

/** The proposal while an answer streams: whole code so far, or the blocks complete so far. */
export function proposalSoFar(
  code: string,
  format: EditFormat,
  text: string,
  selection?: LineRange,
): string {
  const target = selection ? sliceLines(code, selection) : code;
  let edited = target;
  if (format === 'whole') {
    const partial = partialCode(text);
    if (partial === null) return code;
    edited = streamingProposal(target, partial);
  } else {
    const { blocks } = parseSearchReplaceBlocks(text);
    if (blocks.length === 0) return code;
    edited = applySearchReplaceBlocks(target, blocks).code;
  }
  return selection ? replaceLines(code, selection, edited) : edited;
}

/** Streams an edit (and its one retry) and turns the answer into a proposal or a refusal. */
export async function runEditCall(input: EditCallInput): Promise<EditCallResult> {
  const { code, language, request, selection } = input;
  const format = editFormatFor(code, selection);
  const { prompt, messages } = buildEditCallMessages({
    language,
    request,
    code,
    format,
    selection,
    history: input.history,
    context: input.context ?? [],
  });

  let shown = '';
  const stream = (
    callMessages: { role: 'user' | 'assistant'; content: string }[],
    base: string,
    baseSelection: LineRange | undefined,
    prefix: string,
    retryOf?: string,
  ) =>
    client.ai.streamText({
      messages: callMessages,
      meter: 'edit',
      ...(retryOf ? { retryOf } : {}),
      ...(input.projectId ? { projectId: input.projectId } : {}),
      signal: input.signal,
      stopSignal: input.stopSignal,
      onDelta: (_delta, text) => {
        shown = prefix + text;
        input.onText(shown);
        input.onProposal(proposalSoFar(base, format, text, baseSelection));
      },
    });

  const first = await stream(messages, code, selection, '');
  if (first.finishReason === 'stopped') {
    const kept = first.charged ? proposalSoFar(code, format, first.text, selection) : null;
    return {
      status: 'stopped',
      code: kept !== code ? kept : null,
      text: first.text,
      charged: first.charged === true,
    };
  }
  const answer = applyEditAnswer({ code, format, selection, language, ...first });
  if (answer.status === 'refused')
    return { status: 'refused', message: answer.message, text: first.text };
  if (answer.status === 'ready')
    return {
      status: 'ready',
      code: answer.code,
      text: first.text,
      unappliedBlocks: answer.unapplied.length,
    };

  // One retry that shows the model which blocks failed (decision 016); not charged (023).
  const { pending } = answer;
  const prefix = retryPrefix(first.text);
  const second = await stream(
    buildEditRetryMessages({ prompt, answer: first.text, retry: answer.retry }),
    pending.code,
    pending.selection,
    prefix,
    first.answerId,
  );
  const text = prefix + second.text;
  // The first answer completed and was charged; its retry is free.
  if (second.finishReason === 'stopped')
    return { status: 'stopped', code: null, text, charged: true };
  const retried = applyEditAnswer({
    code: pending.code,
    format,
    selection: pending.selection,
    language,
    attempt: 2,
    appliedBefore: pending.appliedBefore,
    text: second.text,
    finishReason: second.finishReason,
  });
  if (retried.status === 'ready')
    return { status: 'ready', code: retried.code, text, unappliedBlocks: retried.unapplied.length };
  if (retried.status === 'refused') return { status: 'refused', message: retried.message, text };
  // attempt 2 never asks for another retry; treat it as refused to be safe.
  return { status: 'refused', message: EDIT_ANSWER_MESSAGES['blocks-failed'], text };
}
