import { useMemo, useState } from 'react';
import { Check, Loader2, X } from 'lucide-react';
import type { LineHunk } from '@codewright/contract';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { DiffEditor, DiffLayoutToggle } from '../../editor/index.ts';
import {
  fileDecisionsOf,
  viewOf,
  type EditReview,
  type ReviewSession,
} from '../hooks/use-edit-review.ts';
import { FileChanges } from '../review/file-changes.tsx';
import { proposedCode, type HunkDecision } from '../review/review-hunks.ts';

export interface ReviewPanelProps {
  session: ReviewSession;
  review: EditReview;
  /** The editor's code now (the review is rebased onto it). */
  code: string;
  /** Monaco language id. */
  language: string;
}

function where(h: LineHunk): string {
  if (h.oldLines === 0) return h.oldStart === 1 ? 'at the top' : `after line ${h.oldStart - 1}`;
  return h.oldLines === 1
    ? `line ${h.oldStart}`
    : `lines ${h.oldStart}–${h.oldStart + h.oldLines - 1}`;
}

/** A change's two toggles, in order: pressed again, each returns the change to undecided. */
const TOGGLES = [
  { value: 'rejected', label: 'Reject', Icon: X },
  { value: 'accepted', label: 'Accept', Icon: Check },
] as const;

const DECISION_TEXT: Record<HunkDecision, string> = {
  accepted: 'Accepted',
  rejected: 'Rejected',
  undecided: 'Not decided',
};

/**
 * The review of an AI edit (docs/decisions/022): Monaco's diff of the editor's code against the
 * proposal (hunks rejected so far left out), a list of the changes with Accept / Reject each,
 * and Accept all / Reject all. While the answer streams the diff grows and nothing can be
 * decided yet; the Code tab stays editable meanwhile.
 */
export function ReviewPanel({ session, review, code, language }: ReviewPanelProps) {
  const [sideBySide, setSideBySide] = useState(true);
  const [reveal, setReveal] = useState<{ line: number; seq: number } | null>(null);
  const view = useMemo(() => viewOf(session, code), [session, code]);
  const shown = useMemo(
    () => proposedCode(code, view.hunks, view.decisions),
    [code, view.hunks, view.decisions],
  );
  const busy = session.streaming;
  const others = fileDecisionsOf(session).flatMap((f) => f.decisions);
  const mainCount = view.hunks.length;
  const count = mainCount + others.length;
  const decided = [...view.decisions, ...others].filter((d) => d !== 'undecided').length;
  // An edit across files that leaves the main file be: its list takes the room of the diff.
  const filesOnly = !busy && mainCount === 0 && others.length > 0;

  return (
    <div
      className="flex min-h-0 flex-1 flex-col"
      data-testid="review-panel"
      data-streaming={busy ? 'true' : undefined}
    >
      <div className="flex shrink-0 flex-wrap items-center gap-2 border-b border-border px-3 py-2">
        <p className="mr-auto flex items-center gap-2 text-sm text-fg" role="status">
          {busy ? (
            <Loader2 className="size-4 animate-spin text-accent-hover" aria-hidden="true" />
          ) : null}
          <span data-testid="review-status">
            {busy
              ? `The AI is writing its changes… ${count} so far. Your code is untouched.`
              : `${count} change${count === 1 ? '' : 's'} proposed · ${decided} decided`}
          </span>
        </p>
        <DiffLayoutToggle sideBySide={sideBySide} onChange={setSideBySide} />
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          onClick={() => review.decideAll('rejected')}
        >
          <X className="size-4" aria-hidden="true" />
          Reject all
        </Button>
        <Button size="sm" disabled={busy} onClick={() => review.decideAll('accepted')}>
          <Check className="size-4" aria-hidden="true" />
          Accept all
        </Button>
      </div>
      {view.dropped > 0 ? (
        <p className="shrink-0 border-b border-amber-400/30 bg-amber-400/10 px-3 py-1.5 text-xs text-amber-200">
          {view.dropped} change{view.dropped === 1 ? '' : 's'} of the answer touched lines edited
          meanwhile (by you or a teammate) and {view.dropped === 1 ? 'was' : 'were'} left out, so
          that typing stays.
        </p>
      ) : null}
      {mainCount > 0 ? (
        <ol
          className="max-h-40 shrink-0 overflow-y-auto border-b border-border px-2 py-1.5 text-sm"
          aria-label="Proposed changes"
        >
          {view.hunks.map((hunk, i) => {
            const decision = view.decisions[i]!;
            return (
              <li
                key={`${hunk.oldStart}:${i}`}
                className="flex flex-wrap items-center gap-1 rounded-lg px-1 py-0.5 hover:bg-white/5"
                data-testid="review-hunk"
                data-decision={decision}
              >
                <button
                  type="button"
                  className="mr-auto min-w-0 truncate text-left text-fg hover:underline"
                  onClick={() => setReveal({ line: hunk.newStart, seq: Date.now() })}
                  title="Show this change"
                >
                  Change {i + 1}: {where(hunk)}{' '}
                  <span className="text-emerald-300">+{hunk.newLines}</span>{' '}
                  <span className="text-red-300">−{hunk.oldLines}</span>
                </button>
                {/* Decision and buttons stay together: on a narrow column they wrap as one. */}
                <span className="ml-auto flex shrink-0 items-center gap-1">
                  <span
                    className={cn(
                      'text-xs whitespace-nowrap @max-[30rem]:sr-only',
                      decision === 'accepted' && 'text-emerald-300',
                      decision === 'rejected' && 'text-red-300',
                      decision === 'undecided' && 'text-subtle',
                    )}
                  >
                    {DECISION_TEXT[decision]}
                  </span>
                  {TOGGLES.map(({ value, label, Icon }) => (
                    <Button
                      key={value}
                      variant={decision === value ? 'outline' : 'ghost'}
                      size="sm"
                      disabled={busy}
                      aria-pressed={decision === value}
                      aria-label={`${label} change ${i + 1}`}
                      onClick={() => review.decide(i, decision === value ? 'undecided' : value)}
                    >
                      <Icon className="size-4" aria-hidden="true" />
                      {label}
                    </Button>
                  ))}
                </span>
              </li>
            );
          })}
        </ol>
      ) : null}
      <FileChanges
        session={session}
        review={review}
        className={filesOnly ? 'min-h-0 flex-1' : 'max-h-56 shrink-0'}
      />
      {filesOnly ? null : (
        <DiffEditor
          original={code}
          modified={shown}
          language={language}
          sideBySide={sideBySide}
          reveal={reveal}
          ariaLabel="Proposed changes: your code and the AI's edit"
          className="relative min-h-[12rem] flex-1 bg-[#1e1e1e]"
        />
      )}
    </div>
  );
}
