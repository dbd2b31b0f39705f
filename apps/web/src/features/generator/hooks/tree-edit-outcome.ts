/**
 * What happens when an AI edit across files (issue 46) ends and when its review is decided: the
 * answer's tree becomes the review — the main file's hunks as for any edit, each other file it
 * changes, adds or deletes with its own — and the accepted changes are written as ONE version
 * (`POST …/files/changes`, source `edit` or `fix`, with the prompt). A file typed in while the
 * review was open keeps what was typed; a failed write keeps the editor as it is and offers Retry.
 */
import type { Dispatch, SetStateAction } from 'react';
import { toast } from 'sonner';
import {
  COEDIT_PROMPT_MAX_CHARS,
  applyTreeAnswer,
  extractCode,
  parseTreeAnswer,
  partialCode,
  partialFileSection,
  prepareTreeReview,
  TREE_ANSWER_MESSAGES,
  type ProjectFileChangesBody,
} from '@codewright/contract';
import { messageOf } from '../../../components/error-message.ts';
import { client } from '../../../sdk.ts';
import type { ChatMessage } from '../chat.ts';
import type { TreeEditResult } from '../review/tree-edit-call.ts';
import { answerPatcher, REVIEW_MESSAGES } from './edit-outcome.ts';
import type { SharedWrite } from './shared-write.ts';
import type { EditReview, ReviewResolution } from './use-edit-review.ts';

/** A saved project of several files as the editor holds it (the main file's content is the code). */
export interface TreeSnapshot {
  files: ReadonlyMap<string, string>;
  mainPath: string;
  /** The file in the editor. */
  openPath: string;
  /** Files the user added to the edit's context, and took out of it (the composer's). */
  pinned?: readonly string[];
  excluded?: readonly string[];
}

export const TREE_REVIEW_MESSAGES = {
  refusedFiles: (messages: string[]) =>
    `Some files of the answer were not used: ${messages.join(' ')}`,
  typedMeanwhile: (paths: string[]) =>
    `${paths.join(', ')} changed while the review was open, so the answer's changes to ${paths.length === 1 ? 'it were' : 'them were'} left out.`,
  saveFailed: (why: string) => `The accepted changes were not saved to the project's files: ${why}`,
} as const;

/** Completes the chat answer of an edit across files and hands its tree to the review. */
export function finishTreeEdit(
  answerId: string,
  result: TreeEditResult,
  tree: TreeSnapshot,
  deps: { setMessages: Dispatch<SetStateAction<ChatMessage[]>>; review: EditReview },
): void {
  const patch = answerPatcher(answerId, deps.setMessages);
  if (result.status === 'ready') {
    patch({ content: result.text });
    const others = (files: ReadonlyMap<string, string>) =>
      new Map([...files].filter(([path]) => path !== tree.mainPath));
    const main = tree.files.get(tree.mainPath) ?? '';
    deps.review.ready(
      result.files.get(tree.mainPath) ?? main,
      prepareTreeReview(others(tree.files), others(result.files)),
    );
    if (result.refused.length > 0)
      toast.warning(TREE_REVIEW_MESSAGES.refusedFiles(result.refused.map((r) => r.message)));
    if (result.unappliedBlocks > 0)
      toast.warning(REVIEW_MESSAGES.unapplied(result.unappliedBlocks));
    return;
  }
  deps.review.cancel();
  if (result.status === 'refused') {
    patch({ content: `${result.text}\n\n**${REVIEW_MESSAGES.refusedNote}:** ${result.message}` });
    toast.error(result.message);
    return;
  }
  // Stopped: the sections that arrived may be half-sent; nothing of them is kept.
  patch({ content: result.text, stopped: true, charged: result.charged });
}

/**
 * Takes the shared file's change out of `changes`: it goes into its document (the main file's
 * through `setCode`, which the page sends there), and a version of it is saved from there.
 */
function throughShared(
  changes: ProjectFileChangesBody['changes'],
  shared: SharedWrite | null | undefined,
  mainPath: string | undefined,
  version: { source: 'edit' | 'fix' | 'save'; prompt?: string },
): ProjectFileChangesBody['changes'] {
  const own = shared ? changes.find((c) => c.path === shared.path && 'content' in c) : undefined;
  if (!shared || !own || !('content' in own) || own.content === undefined) return changes;
  if (own.path !== mainPath) shared.replace(own.content);
  shared
    .save({
      ...version,
      prompt: version.prompt?.slice(0, COEDIT_PROMPT_MAX_CHARS),
      expected: own.content,
    })
    .catch((error: unknown) => {
      console.error('Saving the shared file failed', error);
      toast.error(TREE_REVIEW_MESSAGES.saveFailed(messageOf(error)));
    });
  return changes.filter((c) => c !== own);
}

export interface TreeResolveDeps {
  setCode: (code: string) => void;
  readCode: () => string;
  readTree: () => TreeSnapshot | null;
  setMessages: Dispatch<SetStateAction<ChatMessage[]>>;
  markCurrent: (id: string) => void;
  projectId: string;
  /** The project's code on the server is now `code`. */
  onCommitted: (code: string) => void;
  /** The project's files were written: they are read again. */
  onFilesChanged: () => void;
  /** The shown file, when shared with teammates. */
  shared?: SharedWrite | null;
}

/** The review of an edit across files is decided: the accepted changes reach the editor and the files. */
export function resolveTreeEdit(resolution: ReviewResolution, deps: TreeResolveDeps): void {
  const { session, code, accepted, total } = resolution;
  const tree = deps.readTree();
  const mainChanged = code !== deps.readCode();
  const changes: ProjectFileChangesBody['changes'] = [];
  const typed: string[] = [];
  for (const outcome of resolution.files) {
    if (outcome.kind === 'unchanged') continue;
    const base = session.files?.find((f) => f.path === outcome.path)?.base ?? null;
    if ((tree?.files.get(outcome.path) ?? null) !== base) {
      typed.push(outcome.path);
      continue;
    }
    changes.push(
      outcome.kind === 'delete'
        ? { path: outcome.path, delete: true }
        : { path: outcome.path, content: outcome.content },
    );
  }
  if (mainChanged && tree) changes.push({ path: tree.mainPath, content: code });
  if (mainChanged) deps.setCode(code);
  deps.setMessages((list) =>
    list.map((m) => (m.id === session.answerId ? { ...m, codeSnapshot: code } : m)),
  );
  deps.markCurrent(session.answerId);
  toast.success(REVIEW_MESSAGES.applied(accepted, total));
  if (typed.length > 0) toast.warning(TREE_REVIEW_MESSAGES.typedMeanwhile(typed));
  const version = { source: session.source, prompt: session.request };
  const written = throughShared(changes, deps.shared, tree?.mainPath, version);
  if (written.length === 0) {
    if (mainChanged && written !== changes) deps.onCommitted(code);
    return;
  }
  writeFiles(deps.projectId, { ...version, changes: written }, () => {
    if (mainChanged) deps.onCommitted(code);
    deps.onFilesChanged();
  });
}

/** Writes an answer's files as one version; a failure says so and offers Retry until it works. */
function writeFiles(projectId: string, body: ProjectFileChangesBody, done: () => void): void {
  const save = () =>
    client.db.changeFiles(projectId, body).then(done, (error: unknown) =>
      toast.error(TREE_REVIEW_MESSAGES.saveFailed(messageOf(error)), {
        duration: Infinity,
        action: { label: 'Retry', onClick: () => void save() },
      }),
    );
  void save();
}

/**
 * The code a generation in a saved project shows while it streams: the main file's `<file>`
 * section so far, or a one-file answer's code; nothing while other files' sections arrive first.
 */
export function liveMainCode(text: string, mainPath: string): string | null {
  const section = partialFileSection(text, mainPath);
  if (section !== null) return section;
  return /^[ \t]*<file[ \t]+path=/m.test(text) ? null : partialCode(text);
}

/**
 * A finished generation in a saved project: the tree its answer proposes. A one-file answer, or
 * sections that change only the main file: `{ code }`, the main file's, for the usual path. Several: the main file's code too,
 * and `write` saves every file as one `generation` version (a failed write offers Retry).
 * Refused (cut off, no usable file): `{ refused }`, its message.
 */
export function treeGenerationOf(
  text: string,
  finishReason: string,
  tree: TreeSnapshot,
  language: string,
): { refused: string } | { code: string; write: ((deps: TreeWriteDeps) => void) | null } {
  // A one-file answer is taken as a generation always was (decision 013).
  if (!parseTreeAnswer(text).tagged) return { code: extractCode(text), write: null };
  const answer = applyTreeAnswer({
    files: tree.files,
    mainPath: tree.mainPath,
    language,
    text,
    finishReason,
  });
  if (answer.status !== 'ready')
    return {
      refused: answer.status === 'refused' ? answer.message : TREE_ANSWER_MESSAGES['blocks-failed'],
    };
  const code = answer.files.get(tree.mainPath) ?? '';
  const changes: ProjectFileChangesBody['changes'] = [];
  for (const [path, content] of answer.files)
    if (path !== tree.mainPath && tree.files.get(path) !== content) changes.push({ path, content });
  if (changes.length === 0) return { code, write: null };
  changes.push({ path: tree.mainPath, content: code });
  if (answer.refused.length > 0)
    toast.warning(TREE_REVIEW_MESSAGES.refusedFiles(answer.refused.map((r) => r.message)));
  const write = (deps: TreeWriteDeps) => {
    const version = { source: 'save' as const, prompt: deps.request };
    const written = throughShared(changes, deps.shared, tree.mainPath, version);
    if (written.length === 0) return deps.onCommitted(code);
    writeFiles(
      deps.projectId,
      { source: 'generation', prompt: deps.request, changes: written },
      () => {
        deps.onCommitted(code);
        deps.onFilesChanged();
      },
    );
  };
  return { code, write };
}

export interface TreeWriteDeps {
  projectId: string;
  request: string;
  onCommitted: (code: string) => void;
  onFilesChanged: () => void;
  /** The shown file, when shared with teammates. */
  shared?: SharedWrite | null;
}
