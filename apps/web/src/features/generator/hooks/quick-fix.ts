/**
 * A quick fix (issue 52): a fix of a preview problem made without a model
 * (`quickFixFor`, packages/contract/src/quick-fixes). It goes through the review like any edit
 * (docs/decisions/022), with a chat turn that says what it is; no model is called, so no edit is
 * counted. Accepted, it becomes a version of source `fix`, as Fix with AI's answers do.
 * A quick edit (issue 53) of an element selected in the preview — its text, its classes — goes
 * the same way, in whichever file the element is written, and becomes a `save` version.
 */
import type { Dispatch, SetStateAction } from 'react';
import { prepareTreeReview, type QuickFix } from '@codewright/contract';
import { localMessageId, type ChatMessage } from '../chat.ts';
import type { TreeSnapshot } from './tree-edit-outcome.ts';
import type { EditReview, EditSource } from './use-edit-review.ts';

export const QUICK_FIX_MESSAGES = {
  request: (title: string) => `Quick fix: ${title}`,
  answer: (title: string) =>
    `${title}: a quick fix, made without AI, so no edit is used. Review the change before it reaches your code.`,
  editRequest: (title: string) => `Quick edit: ${title}`,
  editAnswer: (title: string) =>
    `${title}: a quick edit, made without AI, so no edit is used. Review the change before it reaches your code.`,
} as const;

interface LocalChangeDeps {
  code: string;
  setMessages: Dispatch<SetStateAction<ChatMessage[]>>;
  review: EditReview;
}

/** Puts the chat turn of a change made without a model; returns the answer's id. */
function chatTurn(request: string, answer: string, deps: LocalChangeDeps): string {
  const now = new Date().toISOString();
  const answerId = localMessageId();
  deps.setMessages((list) => [
    ...list,
    { id: localMessageId(), role: 'user', content: request, timestamp: now },
    { id: answerId, role: 'assistant', content: answer, timestamp: now },
  ]);
  return answerId;
}

/**
 * Opens the review of a quick edit: `edit.code` is the new content of `edit.path`, the main
 * file's (no tree, or its main path) or another file's of the project's `tree`. False, and
 * nothing opened, when the project has no such file (it was deleted meanwhile).
 */
export function beginQuickEdit(
  edit: { path: string; title: string; code: string },
  deps: LocalChangeDeps & { tree: TreeSnapshot | null },
): boolean {
  const { tree } = deps;
  const main = !tree || edit.path === tree.mainPath;
  if (!main && !tree.files.has(edit.path)) return false;
  const request = QUICK_FIX_MESSAGES.editRequest(edit.title);
  const answerId = chatTurn(request, QUICK_FIX_MESSAGES.editAnswer(edit.title), deps);
  const source: EditSource = 'save';
  deps.review.begin({ answerId, base: deps.code, request, source });
  if (main) {
    deps.review.ready(edit.code);
    return true;
  }
  const others = new Map([...tree.files].filter(([path]) => path !== tree.mainPath));
  const changed = new Map(others).set(edit.path, edit.code);
  deps.review.ready(deps.code, prepareTreeReview(others, changed));
  return true;
}

/** Opens the review of `fix` on `code`, with its chat turn. */
export function beginQuickFix(fix: QuickFix, deps: LocalChangeDeps): void {
  const request = QUICK_FIX_MESSAGES.request(fix.title);
  const answerId = chatTurn(request, QUICK_FIX_MESSAGES.answer(fix.title), deps);
  deps.review.begin({ answerId, base: deps.code, request, source: 'fix' });
  deps.review.ready(fix.code);
}
