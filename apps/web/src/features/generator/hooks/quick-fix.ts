/**
 * A quick fix (issue 52): a fix of a preview problem made without a model
 * (`quickFixFor`, packages/contract/src/quick-fixes). It goes through the review like any edit
 * (docs/decisions/022), with a chat turn that says what it is; no model is called, so no edit is
 * counted. Accepted, it becomes a version of source `fix`, as Fix with AI's answers do.
 */
import type { Dispatch, SetStateAction } from 'react';
import type { QuickFix } from '@codewright/contract';
import { localMessageId, type ChatMessage } from '../chat.ts';
import type { EditReview } from './use-edit-review.ts';

export const QUICK_FIX_MESSAGES = {
  request: (title: string) => `Quick fix: ${title}`,
  answer: (title: string) =>
    `${title}: a quick fix, made without AI, so no edit is used. Review the change before it reaches your code.`,
} as const;

/** Opens the review of `fix` on `code`, with its chat turn. */
export function beginQuickFix(
  fix: QuickFix,
  deps: {
    code: string;
    setMessages: Dispatch<SetStateAction<ChatMessage[]>>;
    review: EditReview;
  },
): void {
  const now = new Date().toISOString();
  const answerId = localMessageId();
  const request = QUICK_FIX_MESSAGES.request(fix.title);
  deps.setMessages((list) => [
    ...list,
    { id: localMessageId(), role: 'user', content: request, timestamp: now },
    {
      id: answerId,
      role: 'assistant',
      content: QUICK_FIX_MESSAGES.answer(fix.title),
      timestamp: now,
    },
  ]);
  deps.review.begin({ answerId, base: deps.code, request, source: 'fix' });
  deps.review.ready(fix.code);
}
