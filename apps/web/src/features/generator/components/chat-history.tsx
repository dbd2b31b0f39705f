import { useEffect, useRef } from 'react';
import { Lightbulb } from 'lucide-react';
import { MESSAGES } from '@codewright/contract';
import type { ChatMessage } from '../chat.ts';
import { ChatMessageView } from './chat-message.tsx';

export interface ChatHistoryProps {
  messages: ChatMessage[];
  loading: boolean;
  /** Id of the message whose snapshot is in the editor. */
  currentId: string | null;
  onRollback: (message: ChatMessage) => void;
  disabled: boolean;
  /** Suggested follow-ups under the last answer (empty: none). */
  followUps: string[];
  onFollowUp: (text: string) => void;
}

/** Closer than this to the bottom counts as "reading the newest": the log then follows new text. */
const FOLLOW_SLACK_PX = 48;

/**
 * "Chat History" (SPEC §2.12): the log, scrolling on its own inside the chat column; it follows
 * new messages and a streaming answer unless the user has scrolled up to read.
 */
export function ChatHistory({
  messages,
  loading,
  currentId,
  onRollback,
  disabled,
  followUps,
  onFollowUp,
}: ChatHistoryProps) {
  const logRef = useRef<HTMLDivElement>(null);
  const following = useRef(true);
  const last = messages[messages.length - 1];

  useEffect(() => {
    const log = logRef.current;
    if (log && following.current) log.scrollTop = log.scrollHeight;
  }, [messages.length, last?.content, followUps.length]);

  return (
    <section aria-labelledby="chat-title" className="flex min-h-0 min-w-0 flex-1 flex-col">
      <h2
        id="chat-title"
        className="flex items-center gap-2 px-1 pb-2 text-sm font-semibold text-fg"
      >
        Chat History
        {messages.length > 0 ? (
          <span className="ml-auto text-xs font-normal text-muted tabular-nums">
            {messages.length} {messages.length === 1 ? 'message' : 'messages'}
          </span>
        ) : null}
      </h2>
      <div
        ref={logRef}
        role="log"
        aria-live="polite"
        aria-labelledby="chat-title"
        tabIndex={0}
        onScroll={(e) => {
          const el = e.currentTarget;
          following.current = el.scrollHeight - el.scrollTop - el.clientHeight < FOLLOW_SLACK_PX;
        }}
        className="min-h-0 flex-1 space-y-3 overflow-y-auto overscroll-contain rounded-2xl border border-border bg-surface p-3 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent"
        data-testid="chat-log"
      >
        {messages.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted">
            {loading ? 'Loading the conversation…' : MESSAGES.chatEmpty}
          </p>
        ) : (
          messages.map((m) => (
            <ChatMessageView
              key={m.id}
              message={m}
              current={m.id === currentId}
              onRollback={onRollback}
              disabled={disabled}
            />
          ))
        )}
        {followUps.length > 0 ? (
          <div role="group" aria-label="Suggested follow-ups" className="flex flex-wrap gap-2 pt-1">
            <Lightbulb className="mt-1.5 size-3.5 text-muted" aria-hidden="true" />
            {followUps.map((text) => (
              <button
                key={text}
                type="button"
                onClick={() => onFollowUp(text)}
                className="rounded-full border border-border-strong bg-surface-2 px-3 py-1 text-xs text-fg transition-colors hover:border-accent/60 hover:bg-accent-soft"
              >
                {text}
              </button>
            ))}
          </div>
        ) : null}
      </div>
    </section>
  );
}
