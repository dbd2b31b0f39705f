/** One chat message of the generator: the user's prompt as sent, or the AI's answer as Markdown. */
import { memo, useMemo } from 'react';
import { Bot, CircleDot, RotateCcw, Square, User as UserIcon } from 'lucide-react';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { formatTime, type ChatMessage } from '../chat.ts';
import { MessageContext } from '../context/message-context.tsx';
import { ReadAloudButton } from '../context/read-aloud-button.tsx';
import { treeAnswerMarkdown } from '../tree-answer-markdown.ts';
import { Markdown } from './markdown.tsx';

export interface ChatMessageViewProps {
  message: ChatMessage;
  /** Its snapshot is the code in the editor. */
  current: boolean;
  onRollback: (message: ChatMessage) => void;
  disabled: boolean;
}

/**
 * What a stopped answer did, in words (docs/api.md § AI "Stop": charged ⇔ text was delivered).
 * Never "unchanged" when partial code reached the editor or the review.
 */
function stoppedText(message: ChatMessage): string {
  if (!message.charged) return 'Stopped before any answer — nothing was charged';
  if (message.codeSnapshot)
    return 'Stopped — the partial code is in the editor (this counted toward your usage)';
  if (message.reviewOffered)
    return 'Stopped — the partial changes are offered for review (this counted toward your usage)';
  return 'Stopped before any code — the editor is unchanged (this counted toward your usage)';
}

/** One message of the chat (SPEC §2.12): sender, content (answers as Markdown), time, Rollback. */
export const ChatMessageView = memo(function ChatMessageView({
  message,
  current,
  onRollback,
  disabled,
}: ChatMessageViewProps) {
  const mine = message.role === 'user';
  const sender = mine ? 'You' : 'AI Assistant';
  const snapshot = message.codeSnapshot;
  // An answer across files shows its sections as code blocks (docs/decisions/048).
  const answer = useMemo(
    () => (mine ? '' : treeAnswerMarkdown(message.content)),
    [mine, message.content],
  );
  return (
    <article
      aria-label={`${sender} message`}
      aria-current={current ? 'true' : undefined}
      aria-busy={message.streaming ? 'true' : undefined}
      data-role={message.role}
      data-streaming={message.streaming ? 'true' : undefined}
      data-stopped={message.stopped ? 'true' : undefined}
      data-current={current ? 'true' : undefined}
      className={cn(
        'rounded-xl border px-3.5 py-3 text-sm',
        mine
          ? 'ml-6 border-accent/25 bg-accent-soft/50'
          : current
            ? 'mr-2 border-emerald-400/35 bg-surface-2'
            : 'mr-2 border-border bg-surface-2',
      )}
    >
      <header className="mb-1.5 flex items-center gap-2 text-xs">
        {mine ? (
          <UserIcon className="size-3.5 text-accent-hover" aria-hidden="true" />
        ) : (
          <Bot className="size-3.5 text-emerald-300" aria-hidden="true" />
        )}
        <span className="font-semibold text-fg">{sender}</span>
        {current ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-emerald-400/15 px-2 py-0.5 font-medium text-emerald-200">
            <CircleDot className="size-3" aria-hidden="true" />
            Current
          </span>
        ) : null}
        <time dateTime={message.timestamp} className="ml-auto text-muted tabular-nums">
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
      ) : mine ? (
        <>
          <p className="break-words whitespace-pre-wrap text-fg">{message.content}</p>
          {/* The chips it was sent with (docs/decisions/033). */}
          <MessageContext refs={message.context ?? []} label="Context sent with this message" />
        </>
      ) : (
        <Markdown text={answer} streaming={message.streaming} />
      )}
      {message.stopped ? (
        <p className="mt-2 flex items-center gap-1.5 text-xs text-amber-200">
          <Square className="size-3 shrink-0" aria-hidden="true" />
          {stoppedText(message)}
        </p>
      ) : null}
      {!mine && !message.streaming ? (
        // Read aloud shows only when the server has a speech model (docs/decisions/024).
        <div className="mt-2.5 flex flex-wrap items-center justify-end gap-2 empty:hidden">
          <ReadAloudButton markdown={message.content} />
          {snapshot != null && !current ? (
            <Button
              variant="outline"
              size="sm"
              disabled={disabled}
              onClick={() => onRollback(message)}
              aria-label={`Rollback to the code of the answer at ${formatTime(message.timestamp)}`}
            >
              <RotateCcw className="size-3.5" aria-hidden="true" />
              Rollback
            </Button>
          ) : null}
        </div>
      ) : null}
    </article>
  );
});
