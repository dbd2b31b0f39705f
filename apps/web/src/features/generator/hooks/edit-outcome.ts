/**
 * What happens when an AI edit ends and when its review is decided (docs/decisions/022): the
 * chat answer is completed (a refusal says why, in the answer itself), the accepted code goes
 * into the editor as one undoable change and, for a saved project on a plan with version
 * control, becomes a version through the commit route (source `edit` or `fix`, with the prompt).
 */
import type { Dispatch, SetStateAction } from 'react';
import { toast } from 'sonner';
import { COEDIT_PROMPT_MAX_CHARS } from '@codewright/contract';
import type { PlanInfo } from '@codewright/sdk';
import { client } from '../../../sdk.ts';
import type { ChatMessage } from '../chat.ts';
import type { EditCallResult } from '../review/edit-call.ts';
import type { SharedWrite } from './shared-write.ts';
import type { EditReview, ReviewResolution } from './use-edit-review.ts';

/** Toast texts of the review. */
export const REVIEW_MESSAGES = {
  nothingChanged: 'The answer changed nothing in your code.',
  allDropped:
    'Every change of the answer touched lines edited meanwhile (by you or a teammate), so none was applied. Ask again to edit the code as it is now.',
  allRejected: 'Changes rejected: your code is as it was.',
  applied: (accepted: number, total: number) =>
    accepted === total
      ? `${total === 1 ? 'The change was' : `All ${total} changes were`} applied.`
      : `${accepted} of ${total} changes applied.`,
  unapplied: (n: number) =>
    `${n} of the answer's changes could not be placed in your code and ${n === 1 ? 'is' : 'are'} missing from the review.`,
  refusedNote: 'Not applied',
  versionFailed:
    'The change is in the editor, but it was not recorded as a version. Save the project to keep it.',
  stoppedReview: 'Stopped: review what arrived before you keep any of it.',
  decideFirst: 'Accept or reject the proposed changes first.',
} as const;

export interface EditOutcomeDeps {
  setMessages: Dispatch<SetStateAction<ChatMessage[]>>;
  review: EditReview;
}

/** Completes the chat answer `answerId` with `fields` (a stopped answer with no text goes). */
export function answerPatcher(
  answerId: string,
  setMessages: Dispatch<SetStateAction<ChatMessage[]>>,
): (fields: Partial<ChatMessage>) => void {
  const done = new Date().toISOString();
  return (fields) =>
    setMessages((list) =>
      list.flatMap((m) => {
        if (m.id !== answerId) return [m];
        if (fields.stopped && !(fields.content ?? '').trim()) return [];
        return [{ ...m, streaming: false, timestamp: done, ...fields }];
      }),
    );
}

/** Completes the chat answer `answerId` of an edit and hands a proposal to the review. */
export function finishEdit(answerId: string, result: EditCallResult, deps: EditOutcomeDeps): void {
  const patch = answerPatcher(answerId, deps.setMessages);
  if (result.status === 'ready') {
    patch({ content: result.text });
    deps.review.ready(result.code);
    if (result.unappliedBlocks > 0)
      toast.warning(REVIEW_MESSAGES.unapplied(result.unappliedBlocks));
    return;
  }
  if (result.status === 'refused') {
    deps.review.cancel();
    patch({ content: `${result.text}\n\n**${REVIEW_MESSAGES.refusedNote}:** ${result.message}` });
    toast.error(result.message);
    return;
  }
  // Stopped: with the charge standing, what arrived (on the rest of the code) is reviewed.
  patch({
    content: result.text,
    stopped: true,
    charged: result.charged,
    ...(result.code !== null ? { reviewOffered: true } : {}),
  });
  if (result.code !== null) {
    deps.review.ready(result.code);
    toast.info(REVIEW_MESSAGES.stoppedReview);
  } else deps.review.cancel();
}

export interface ResolveDeps {
  setCode: (code: string) => void;
  setMessages: Dispatch<SetStateAction<ChatMessage[]>>;
  markCurrent: (id: string) => void;
  plan: PlanInfo | null;
  projectId: string | null;
  /** The project's code on the server is now `code` (the commit route saved it). */
  onCommitted: (code: string) => void;
  /**
   * The main file is shared with teammates (docs/decisions/050): the accepted code went into its
   * document (through `setCode`), and its version is saved from there, not over it.
   */
  sharedMain?: SharedWrite | null;
}

/** The review is decided: the accepted code reaches the editor (and the history). */
export function resolveEdit(resolution: ReviewResolution, deps: ResolveDeps): void {
  const { session, code, accepted, total } = resolution;
  if (total === 0) {
    if (resolution.dropped > 0) toast.warning(REVIEW_MESSAGES.allDropped);
    else toast.info(REVIEW_MESSAGES.nothingChanged);
    return;
  }
  if (accepted === 0) {
    toast.info(REVIEW_MESSAGES.allRejected);
    return;
  }
  deps.setCode(code);
  deps.setMessages((list) =>
    list.map((m) => (m.id === session.answerId ? { ...m, codeSnapshot: code } : m)),
  );
  deps.markCurrent(session.answerId);
  toast.success(REVIEW_MESSAGES.applied(accepted, total));
  const { projectId, plan } = deps;
  const version = { source: session.source, prompt: session.request };
  const recorded = deps.sharedMain
    ? deps.sharedMain.save({
        ...version,
        prompt: version.prompt.slice(0, COEDIT_PROMPT_MAX_CHARS),
        expected: code,
      })
    : projectId && plan?.limits.versionControl
      ? client.versions.commit(projectId, { code, ...version })
      : null;
  recorded?.then(
    () => deps.onCommitted(code),
    (error: unknown) => {
      console.error('Recording the version failed', error);
      toast.error(REVIEW_MESSAGES.versionFailed);
    },
  );
}
