import { Check, X } from 'lucide-react';
import type { LineHunk } from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { fileDecisionsOf, type EditReview, type ReviewSession } from '../hooks/use-edit-review.ts';
import type { HunkDecision } from './review-hunks.ts';

/** Lines of a hunk shown in the list; longer ones say how many more. */
const SHOWN_LINES = 12;

const STATUS_TEXT = { added: 'new file', changed: 'changed', deleted: 'deleted' } as const;

/** A hunk's lines as a unified diff, the first SHOWN_LINES of them. */
function hunkText(hunk: LineHunk): string {
  const lines = [...hunk.removed.map((l) => `- ${l}`), ...hunk.added.map((l) => `+ ${l}`)];
  const more = lines.length - SHOWN_LINES;
  return [...lines.slice(0, SHOWN_LINES), ...(more > 0 ? [`… ${more} more lines`] : [])].join('\n');
}

/** Reject / Accept toggles for one hunk or a whole file; pressed again, back to undecided. */
function Toggles({
  decision,
  name,
  disabled,
  onDecide,
}: {
  decision: HunkDecision;
  name: string;
  disabled: boolean;
  onDecide: (decision: HunkDecision) => void;
}) {
  return (
    <span className="ml-auto flex shrink-0 items-center gap-1">
      {(['rejected', 'accepted'] as const).map((value) => (
        <Button
          key={value}
          variant={decision === value ? 'outline' : 'ghost'}
          size="sm"
          disabled={disabled}
          aria-pressed={decision === value}
          aria-label={`${value === 'accepted' ? 'Accept' : 'Reject'} ${name}`}
          onClick={() => onDecide(decision === value ? 'undecided' : value)}
        >
          {value === 'accepted' ? (
            <Check className="size-4" aria-hidden="true" />
          ) : (
            <X className="size-4" aria-hidden="true" />
          )}
          {value === 'accepted' ? 'Accept' : 'Reject'}
        </Button>
      ))}
    </span>
  );
}

/**
 * The other files an edit across the project changes (issue 46): each with its status and
 * size, Accept or Reject for the whole file, and each of its changes with its own. A new file
 * or a deleted one is one change.
 */
export function FileChanges({
  session,
  review,
  className,
}: {
  session: ReviewSession;
  review: EditReview;
  className?: string;
}) {
  const files = fileDecisionsOf(session);
  if (files.length === 0) return null;
  const busy = session.streaming;
  return (
    <ul
      aria-label="Other files changed"
      className={cn('overflow-y-auto border-b border-border px-2 py-1.5 text-sm', className)}
    >
      {files.map(({ review: file, decisions }) => {
        const all = decisions.every((d) => d === decisions[0]) ? decisions[0]! : 'undecided';
        const added = file.hunks.reduce((n, h) => n + h.newLines, 0);
        const removed = file.hunks.reduce((n, h) => n + h.oldLines, 0);
        return (
          <li key={file.path} className="py-1" data-testid="review-file" data-path={file.path}>
            <div className="flex flex-wrap items-center gap-1">
              <span className="mr-auto min-w-0 truncate font-mono text-[13px] text-fg">
                {file.path}{' '}
                <span className="font-sans text-xs text-muted">{STATUS_TEXT[file.status]}</span>{' '}
                <span className="text-emerald-300">+{added}</span>{' '}
                <span className="text-red-300">−{removed}</span>
              </span>
              <Toggles
                decision={all}
                name={`all of ${file.path}`}
                disabled={busy}
                onDecide={(d) => review.decideFile(file.path, 'all', d)}
              />
            </div>
            {file.hunks.length > 1 || file.status === 'changed' ? (
              <ol className="mt-1 flex flex-col gap-1 pl-2">
                {file.hunks.map((hunk, i) => (
                  <li
                    key={`${hunk.oldStart}:${i}`}
                    className="flex flex-wrap items-start gap-1"
                    data-testid="review-file-hunk"
                    data-decision={decisions[i]}
                  >
                    <pre className="mr-auto max-w-full min-w-0 overflow-x-auto rounded bg-black/30 px-2 py-1 text-xs whitespace-pre text-muted">
                      {hunkText(hunk)}
                    </pre>
                    <Toggles
                      decision={decisions[i]!}
                      name={`change ${i + 1} of ${file.path}`}
                      disabled={busy}
                      onDecide={(d) => review.decideFile(file.path, i, d)}
                    />
                  </li>
                ))}
              </ol>
            ) : (
              <pre className="mt-1 max-w-full overflow-x-auto rounded bg-black/30 px-2 py-1 text-xs whitespace-pre text-muted">
                {hunkText(file.hunks[0]!)}
              </pre>
            )}
          </li>
        );
      })}
    </ul>
  );
}
