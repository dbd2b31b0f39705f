import type { ConversationEntry, PromptContextRef } from '@codewright/contract';
import type { ChatMessageRecord } from '@codewright/sdk';

/** A chat message in memory (SPEC §3), plus the streaming state of an answer being written. */
export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  /** ISO time the message was made. */
  timestamp: string;
  /** The code an assistant answer put in the editor; Rollback restores it. */
  codeSnapshot?: string | null;
  /** The answer is still arriving. */
  streaming?: boolean;
  /** The user pressed Stop; the partial answer is kept. */
  stopped?: boolean;
  /**
   * After a Stop: whether the call stayed charged, which is exactly when its partial code went
   * into the editor (docs/api.md § AI "Stop").
   */
  charged?: boolean;
  /**
   * A stopped edit: what arrived was offered in the review (docs/api.md § AI "Stop"); once
   * accepted it is also the answer's `codeSnapshot`.
   */
  reviewOffered?: boolean;
  /** A user message: the context chips it was sent with (kind, title, source; decision 033). */
  context?: PromptContextRef[];
}

/** The chat as conversation memory (decision 013): finished messages only, oldest first. */
export function conversationOf(messages: readonly ChatMessage[]): ConversationEntry[] {
  return messages.filter((m) => !m.streaming).map((m) => ({ role: m.role, content: m.content }));
}

/**
 * The message whose snapshot is in the editor ("current"): the preferred one (the last answer or
 * the last Rollback) while its snapshot still matches, else the newest that matches; none while
 * code streams in or when the code was edited by hand.
 */
export function currentMessageId(
  messages: readonly ChatMessage[],
  code: string,
  preferred: string | null,
): string | null {
  const matches = (m: ChatMessage) =>
    m.role === 'assistant' && !m.streaming && m.codeSnapshot != null && m.codeSnapshot === code;
  const pick = messages.find((m) => m.id === preferred);
  if (pick && matches(pick)) return pick.id;
  for (let i = messages.length - 1; i >= 0; i--) if (matches(messages[i]!)) return messages[i]!.id;
  return null;
}

let counter = 0;
/** A local id for a message not yet stored (the server makes its own on insert). */
export function localMessageId(): string {
  counter += 1;
  return `local_${Date.now().toString(36)}_${counter}`;
}

export function fromRecord(record: ChatMessageRecord): ChatMessage {
  return {
    id: record.id,
    role: record.role,
    content: record.content,
    timestamp: record.createdAt,
    codeSnapshot: record.codeSnapshot,
    ...(record.context?.length ? { context: record.context } : {}),
  };
}

/** Time of a message as the chat shows it, e.g. "14:05". */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
}

/** Lines of code the save dialog reports (SPEC §2.12): the count of lines in the code. */
export function countLines(code: string): number {
  return code === '' ? 0 : code.split('\n').length;
}
