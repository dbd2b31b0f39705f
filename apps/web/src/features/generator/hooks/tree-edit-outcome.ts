/**
 * What happens when an AI edit across files (issue 46) ends and when its review is decided: the
 * answer's tree becomes the review — the main file's hunks as for any edit, each other file it
 * changes, adds or deletes with its own — and the accepted changes are written as ONE version
 * (`POST …/files/changes`, source `edit` or `fix`, with the prompt). A file typed in while the
 * review was open keeps what was typed; a failed write keeps the editor as it is and offers Retry.
 */
import type { Dispatch, SetStateAction } from 'react';
import { toast } from 'sonner';
import { prepareTreeReview, type ProjectFileChangesBody } from '@codewright/contract';
import { messageOf } from '../../../components/error-message.ts';
import { client } from '../../../sdk.ts';
import type { ChatMessage } from '../chat.ts';
import type { TreeEditResult } from '../review/tree-edit-call.ts';
import { answerPatcher, REVIEW_MESSAGES } from './edit-outcome.ts';
import type { EditReview, ReviewResolution } from './use-edit-review.ts';

/** A saved project of several files as the editor holds it (the main file's content is the code). */
export interface TreeSnapshot {
  files: ReadonlyMap<string, string>;
  mainPath: string;
  /** The file in the editor. */
  openPath: string;
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
  if (changes.length === 0) return;
  const save = () =>
    client.db
      .changeFiles(deps.projectId, { source: session.source, prompt: session.request, changes })
      .then(
        () => {
          if (mainChanged) deps.onCommitted(code);
          deps.onFilesChanged();
        },
        (error: unknown) =>
          toast.error(TREE_REVIEW_MESSAGES.saveFailed(messageOf(error)), {
            duration: Infinity,
            action: { label: 'Retry', onClick: () => void save() },
          }),
      );
  void save();
}
