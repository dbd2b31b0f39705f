import { useCallback, useEffect, useRef, useState } from 'react';
import {
  acceptedFiles,
  type FileOutcome,
  type FileReview,
  type LineHunk,
  type LineRange,
} from '@codewright/contract';
import {
  acceptedCode,
  hunkKey,
  rebaseHunks,
  type HunkDecision,
  type RebasedReview,
} from '../review/review-hunks.ts';

/** What made the proposal: a prompt or Edit selection (`edit`), or Fix with AI (`fix`). */
/** What made the change under review: the AI (an edit, a fix), or the user by hand (a quick edit, issue 53). */
export type EditSource = 'edit' | 'fix' | 'save';

/** An AI edit under review (docs/decisions/022). */
export interface ReviewSession {
  /** The chat answer this edit belongs to. */
  answerId: string;
  /** The editor's code when the edit was asked for. */
  base: string;
  /** The code the answer proposes (so far, while it streams). */
  proposal: string;
  /** The answer is still arriving: hunks can be looked at, not yet decided. */
  streaming: boolean;
  request: string;
  source: EditSource;
  selection?: LineRange;
  /** Decisions by hunk key (hunkKey + occurrence), so they survive a rebase that moves hunks. */
  decisions: Readonly<Record<string, Exclude<HunkDecision, 'undecided'>>>;
  /** An edit across files (issue 46): the project's other files it changes, with their hunks. */
  files?: readonly FileReview[];
  /** Decisions of those files' hunks, by fileHunkKey(path, index). */
  fileDecisions?: Readonly<Record<string, Exclude<HunkDecision, 'undecided'>>>;
}

/** The key of hunk `index` of another file's review. */
export const fileHunkKey = (path: string, index: number) => `${path}\u0000${index}`;

/** Each other file's hunk decisions, in order (undecided where none was made). */
export function fileDecisionsOf(
  session: ReviewSession,
): Array<{ review: FileReview; decisions: HunkDecision[] }> {
  return (session.files ?? []).map((review) => ({
    review,
    decisions: review.hunks.map(
      (_h, i) => session.fileDecisions?.[fileHunkKey(review.path, i)] ?? 'undecided',
    ),
  }));
}

export interface ReviewView extends RebasedReview {
  decisions: HunkDecision[];
}

/** Keys of hunks in order: hunkKey plus its occurrence, so equal hunks stay apart. */
function keysOf(hunks: readonly LineHunk[]): string[] {
  const seen = new Map<string, number>();
  return hunks.map((h) => {
    const key = hunkKey(h);
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    return `${n}:${key}`;
  });
}

/** The review's hunks against the editor's code `current`, with their decisions. */
export function viewOf(session: ReviewSession, current: string): ReviewView {
  const rebased = rebaseHunks(session.base, session.proposal, current);
  const keys = keysOf(rebased.hunks);
  return { ...rebased, decisions: keys.map((k) => session.decisions[k] ?? 'undecided') };
}

export interface ReviewResolution {
  session: ReviewSession;
  /** The editor's code with only the accepted hunks applied. */
  code: string;
  accepted: number;
  total: number;
  /** Changes left out because they touched lines edited meanwhile (by this member or a teammate). */
  dropped: number;
  /** The other files' outcomes (an edit across files), in path order. */
  files: FileOutcome[];
}

/**
 * The review of an AI edit: its session while the answer streams and until every hunk is
 * decided. `resolve` is called once all are (accept/reject each, or all at once), with the code
 * that reaches the editor; `read` gives the editor's code at that moment (the user may have
 * typed meanwhile: hunks are rebased onto it, see review-hunks.ts).
 */
export function useEditReview(options: {
  read: () => string;
  resolve: (resolution: ReviewResolution) => void;
}) {
  const [session, setSession] = useState<ReviewSession | null>(null);
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const current = useRef<ReviewSession | null>(null);
  const commit = (next: ReviewSession | null) => {
    current.current = next;
    setSession(next);
  };

  /** Settles the review once nothing is undecided. */
  const settle = useCallback((next: ReviewSession) => {
    const code = latest.current.read();
    const view = viewOf(next, code);
    const others = fileDecisionsOf(next).flatMap((f) => f.decisions);
    if (next.streaming || [...view.decisions, ...others].some((d) => d === 'undecided')) {
      commit(next);
      return;
    }
    commit(null);
    latest.current.resolve({
      session: next,
      code: acceptedCode(code, view.hunks, view.decisions),
      accepted: [...view.decisions, ...others].filter((d) => d === 'accepted').length,
      total: view.hunks.length + others.length,
      dropped: view.dropped,
      files: acceptedFiles(
        next.files ?? [],
        (path, i) => next.fileDecisions?.[fileHunkKey(path, i)] === 'accepted',
      ),
    });
  }, []);

  const decideWhere = useCallback(
    (
      pick: (index: number, decision: HunkDecision) => HunkDecision,
      pickFile: (path: string, index: number, decision: HunkDecision) => HunkDecision = (
        _p,
        _i,
        d,
      ) => d,
    ) => {
      const s = current.current;
      if (!s || s.streaming) return;
      const view = viewOf(s, latest.current.read());
      const keys = keysOf(view.hunks);
      const decisions = { ...s.decisions };
      keys.forEach((key, i) => {
        const d = pick(i, view.decisions[i]!);
        if (d === 'undecided') delete decisions[key];
        else decisions[key] = d;
      });
      const fileDecisions = { ...s.fileDecisions };
      for (const { review, decisions: made } of fileDecisionsOf(s))
        made.forEach((made1, i) => {
          const key = fileHunkKey(review.path, i);
          const d = pickFile(review.path, i, made1);
          if (d === 'undecided') delete fileDecisions[key];
          else fileDecisions[key] = d;
        });
      settle({ ...s, decisions, fileDecisions });
    },
    [settle],
  );

  return {
    session,
    /** True while a review is open (streaming or waiting for decisions). */
    isOpen: useCallback(() => current.current !== null, []),
    /** An edit starts: the review opens on `base` and follows the answer as it streams. */
    begin: useCallback(
      (s: Omit<ReviewSession, 'proposal' | 'streaming' | 'decisions'>) =>
        commit({ ...s, proposal: s.base, streaming: true, decisions: {} }),
      [],
    ),
    /** The proposal so far (while streaming). */
    propose: useCallback((proposal: string) => {
      const s = current.current;
      if (s && s.streaming && s.proposal !== proposal) commit({ ...s, proposal });
    }, []),
    /**
     * The answer is complete: its hunks can be decided (a proposal that changes nothing closes);
     * `files`, an edit across files' other files to review.
     */
    ready: useCallback(
      (proposal: string, files?: readonly FileReview[]) => {
        const s = current.current;
        if (!s) return;
        settle({
          ...s,
          proposal,
          streaming: false,
          ...(files ? { files, fileDecisions: {} } : {}),
        });
      },
      [settle],
    ),
    /** The edit ended without a proposal (refused, stopped, failed): the review closes. */
    cancel: useCallback(() => commit(null), []),
    /** Accepts or rejects one hunk (by its index in the current view); 'undecided' undoes. */
    decide: useCallback(
      (index: number, decision: HunkDecision) =>
        decideWhere((i, d) => (i === index ? decision : d)),
      [decideWhere],
    ),
    /** Accept all / Reject all: every hunk, whatever was decided before; the review resolves. */
    decideAll: useCallback(
      (decision: 'accepted' | 'rejected') =>
        decideWhere(
          () => decision,
          () => decision,
        ),
      [decideWhere],
    ),
    /** Accepts or rejects hunk `index` of another file ('undecided' undoes), or all its hunks. */
    decideFile: useCallback(
      (path: string, index: number | 'all', decision: HunkDecision) =>
        decideWhere(
          (_i, d) => d,
          (p, i, d) => (p === path && (index === 'all' || i === index) ? decision : d),
        ),
      [decideWhere],
    ),
    /** Rebases after the user typed: a review whose hunks all vanished resolves. */
    recheck: useCallback(() => {
      const s = current.current;
      if (s && !s.streaming) settle(s);
    }, [settle]),
  };
}

export type EditReview = ReturnType<typeof useEditReview>;
