import { useEffect, useRef } from 'react';
import { Bot, MessageSquare, RotateCcw, Square, User as UserIcon } from 'lucide-react';
import { MESSAGES } from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { formatTime, type ChatMessage } from '../chat.ts';

export interface ChatHistoryProps {
  messages: ChatMessage[];
  loading: boolean;
  onRollback: (snapshot: string) => void;
  disabled: boolean;
}

/** "Chat History" (SPEC §2.12): sender, content, time; Rollback on answers with a snapshot. */
export function ChatHistory({ messages, loading, onRollback, disabled }: ChatHistoryProps) {
  const endRef = useRef<HTMLDivElement>(null);
  const last = messages[messages.length - 1];

  // Follows new messages and the answer as it streams in.
  useEffect(() => {
    const log = endRef.current?.parentElement;
    if (log) log.scrollTop = log.scrollHeight;
  }, [messages.length, last?.content]);

  return (
    <section
      aria-labelledby="chat-title"
      className="flex min-h-0 min-w-0 flex-col rounded-2xl border border-border bg-surface"
    >
      <h2
        id="chat-title"
        className="flex items-center gap-2 border-b border-border px-4 py-3 text-sm font-semibold text-fg"
      >
        <MessageSquare className="size-4 text-accent-hover" aria-hidden="true" />
        Chat History
        {messages.length > 0 ? (
          <span className="ml-auto text-xs font-normal text-subtle tabular-nums">
            {messages.length} {messages.length === 1 ? 'message' : 'messages'}
          </span>
        ) : null}
      </h2>
      <div
        role="log"
        aria-live="polite"
        aria-labelledby="chat-title"
        tabIndex={0}
        className="max-h-[22rem] min-h-40 flex-1 space-y-3 overflow-y-auto p-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-accent lg:max-h-[30rem]"
        data-testid="chat-log"
      >
        {messages.length === 0 ? (
          <p className="py-8 text-center text-sm text-muted">
            {loading ? 'Loading the conversation…' : MESSAGES.chatEmpty}
          </p>
        ) : (
          messages.map((m) => (
            <Message key={m.id} message={m} onRollback={onRollback} disabled={disabled} />
          ))
        )}
        <div ref={endRef} />
      </div>
    </section>
  );
}

function Message({
  message,
  onRollback,
  disabled,
}: {
  message: ChatMessage;
  onRollback: (snapshot: string) => void;
  disabled: boolean;
}) {
  const mine = message.role === 'user';
  const sender = mine ? 'You' : 'AI Assistant';
  const snapshot = message.codeSnapshot;
  return (
    <article
      aria-label={`${sender} message`}
      data-role={message.role}
      data-streaming={message.streaming ? 'true' : undefined}
      data-stopped={message.stopped ? 'true' : undefined}
      className={cn(
        'rounded-xl border px-3.5 py-3 text-sm',
        mine ? 'ml-6 border-accent/25 bg-accent-soft/50' : 'mr-6 border-border bg-white/[0.03]',
      )}
    >
      <header className="mb-1.5 flex items-center gap-2 text-xs">
        {mine ? (
          <UserIcon className="size-3.5 text-accent-hover" aria-hidden="true" />
        ) : (
          <Bot className="size-3.5 text-emerald-300" aria-hidden="true" />
        )}
        <span className="font-semibold text-fg">{sender}</span>
        <time dateTime={message.timestamp} className="ml-auto text-subtle tabular-nums">
          {formatTime(message.timestamp)}
        </time>
      </header>
      {message.streaming && !message.content ? (
        <p className="flex items-center gap-2 text-muted">
          <span className="inline-flex gap-1" aria-hidden="true">
            <span className="size-1.5 animate-pulse rounded-full bg-accent-hover" />
            <span className="size-1.5 animate-pulse rounded-full bg-accent-hover [animation-delay:150ms]" />
            <span className="size-1.5 animate-pulse rounded-full bg-accent-hover [animation-delay:300ms]" />
          </span>
          Thinking…
        </p>
      ) : (
        <p className="max-h-72 overflow-y-auto break-words whitespace-pre-wrap text-muted">
          {message.content}
          {message.streaming ? (
            <span
              className="ml-0.5 inline-block h-4 w-1.5 translate-y-0.5 animate-pulse bg-accent-hover"
              aria-hidden="true"
            />
          ) : null}
        </p>
      )}
      {message.stopped ? (
        <p className="mt-2 flex items-center gap-1.5 text-xs text-amber-300">
          <Square className="size-3" aria-hidden="true" />
          Stopped — the editor was not changed
        </p>
      ) : null}
      {!mine && snapshot ? (
        <div className="mt-2.5 flex justify-end">
          <Button
            variant="outline"
            size="sm"
            disabled={disabled}
            onClick={() => onRollback(snapshot)}
            aria-label={`Rollback to the code of the answer at ${formatTime(message.timestamp)}`}
          >
            <RotateCcw className="size-3.5" aria-hidden="true" />
            Rollback
          </Button>
        </div>
      ) : null}
    </article>
  );
}
