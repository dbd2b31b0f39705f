/**
 * An AI edit across a project's files (issue 46, docs/decisions/048): the prompt shows the open
 * file, its imports and importers and the files the user added, within a budget, and lists the
 * rest; the answer names each file it changes, adds or deletes. Streams it, makes the one retry
 * when blocks fail (free, decision 023), and returns the proposed tree for the review — or why
 * there is none. Nothing here writes a file or touches the editor.
 */
import {
  applyTreeAnswer,
  buildEditRetryMessages,
  buildTreePrompt,
  recentTurns,
  selectTreeContext,
  TREE_ANSWER_MESSAGES,
  withContext,
  LANGUAGES,
  type ConversationEntry,
  type LineRange,
  type PromptContextItem,
  type SectionProblem,
  type TreeAnswerResult,
} from '@codewright/contract';
import { client } from '../../../sdk.ts';
import type { TreeSnapshot } from '../hooks/tree-edit-outcome.ts';
import { retryPrefix, runEditCall } from './edit-call.ts';
import { mainProposalSoFar } from './tree-proposal.ts';

export interface TreeEditInput {
  /** The project's files as the editor holds them (path → content), the main one included. */
  files: ReadonlyMap<string, string>;
  mainPath: string;
  /** The file in the editor: always shown to the model. */
  openPath: string;
  /** Files the user added to the context, and took out of it. */
  pinned?: readonly string[];
  excluded?: readonly string[];
  language: string;
  request: string;
  history: readonly ConversationEntry[];
  context?: readonly PromptContextItem[];
  projectId: string;
  signal: AbortSignal;
  stopSignal: AbortSignal;
  onText: (text: string) => void;
  /** The main file as the answer so far would leave it (its diff while the answer streams). */
  onProposal?: (code: string) => void;
}

export type TreeEditResult =
  | {
      status: 'ready';
      /** The whole tree the answer proposes. */
      files: Map<string, string>;
      text: string;
      refused: SectionProblem[];
      unappliedBlocks: number;
    }
  | { status: 'refused'; message: string; text: string }
  /** Stopped by the user: nothing of a tagged answer is kept (its files may be half-sent). */
  | { status: 'stopped'; text: string; charged: boolean };

/** A usable answer as the review takes it: its tree, what was refused, how many blocks failed. */
function readyOf(
  answer: Extract<TreeAnswerResult, { status: 'ready' }>,
  text: string,
): TreeEditResult {
  return {
    status: 'ready',
    files: answer.files,
    text,
    refused: answer.refused,
    unappliedBlocks: answer.unapplied.reduce((n, f) => n + f.failed.length, 0),
  };
}

/** Streams an edit across files (and its one retry) and turns the answer into a proposed tree. */
export async function runTreeEditCall(input: TreeEditInput): Promise<TreeEditResult> {
  const { files, mainPath, language } = input;
  const prompt = withContext(
    buildTreePrompt({
      language,
      request: input.request,
      files,
      mainPath,
      context: selectTreeContext({
        files,
        openPath: input.openPath,
        pinned: input.pinned ?? [],
        excluded: input.excluded ?? [],
      }),
    }),
    input.context ?? [],
  );
  let shown = '';
  const main = files.get(mainPath) ?? '';
  const stream = (
    messages: { role: 'user' | 'assistant'; content: string }[],
    prefix: string,
    retryOf?: string,
    base = main,
  ) =>
    client.ai.streamText({
      messages,
      meter: 'edit',
      ...(retryOf ? { retryOf } : {}),
      projectId: input.projectId,
      signal: input.signal,
      stopSignal: input.stopSignal,
      onDelta: (_delta, text) => {
        shown = prefix + text;
        input.onText(shown);
        input.onProposal?.(mainProposalSoFar(text, base, mainPath));
      },
    });

  const first = await stream(
    [...recentTurns(input.history), { role: 'user', content: prompt }],
    '',
  );
  if (first.finishReason === 'stopped')
    return { status: 'stopped', text: first.text, charged: first.charged === true };
  const answer = applyTreeAnswer({ files, mainPath, language, ...first });
  if (answer.status === 'refused')
    return { status: 'refused', message: answer.message, text: first.text };
  if (answer.status === 'ready') return readyOf(answer, first.text);

  const prefix = retryPrefix(first.text);
  const second = await stream(
    buildEditRetryMessages({ prompt, answer: first.text, retry: answer.retry }),
    prefix,
    first.answerId,
    answer.pending.files.get(mainPath) ?? main,
  );
  const text = prefix + second.text;
  if (second.finishReason === 'stopped') return { status: 'stopped', text, charged: true };
  const retried = applyTreeAnswer({
    files: answer.pending.files,
    mainPath,
    language,
    text: second.text,
    finishReason: second.finishReason,
    attempt: 2,
    pending: answer.pending,
  });
  if (retried.status === 'ready') return readyOf(retried, text);
  return {
    status: 'refused',
    message: retried.status === 'refused' ? retried.message : TREE_ANSWER_MESSAGES['blocks-failed'],
    text,
  };
}

/** The language label of a file by its extension (the project's when none matches). */
function languageOfFile(path: string, fallback: string): string {
  const ext = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return LANGUAGES.find((l) => l.extension === ext)?.label ?? fallback;
}

/**
 * Edit selection in a file of the project other than the main one (issue 46): the one-file
 * selection edit of decision 016 on that file, with the files the tree context would show beside
 * it sent as context (decision 024's budget); the answer is that file's new text, as a tree.
 */
export async function runFileSelectionEdit(
  tree: TreeSnapshot,
  path: string,
  input: Omit<TreeEditInput, 'files' | 'mainPath' | 'openPath' | 'onText'> & {
    selection: LineRange;
    onText: (text: string) => void;
  },
): Promise<TreeEditResult> {
  const shown = selectTreeContext({
    files: tree.files,
    openPath: path,
    pinned: tree.pinned ?? [],
    excluded: tree.excluded ?? [],
  }).shown.filter((f) => f.path !== path);
  const result = await runEditCall({
    code: tree.files.get(path) ?? '',
    language: languageOfFile(path, input.language),
    request: input.request,
    selection: input.selection,
    history: input.history,
    context: [
      ...(input.context ?? []),
      ...shown.map((f) => ({
        kind: 'document' as const,
        title: f.path,
        source: f.path,
        text: tree.files.get(f.path) ?? '',
      })),
    ],
    projectId: input.projectId,
    signal: input.signal,
    stopSignal: input.stopSignal,
    onText: input.onText,
    onProposal: () => undefined,
  });
  if (result.status === 'ready')
    return {
      status: 'ready',
      files: new Map(tree.files).set(path, result.code),
      text: result.text,
      refused: [],
      unappliedBlocks: result.unappliedBlocks,
    };
  if (result.status === 'refused') return result;
  return { status: 'stopped', text: result.text, charged: result.charged };
}
