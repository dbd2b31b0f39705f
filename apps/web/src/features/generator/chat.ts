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
  /** The user pressed Stop; the partial answer is kept, the editor untouched. */
  stopped?: boolean;
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
