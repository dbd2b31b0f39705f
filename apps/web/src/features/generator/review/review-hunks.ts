/**
 * The hunk-by-hunk review of an AI edit (docs/decisions/022): the proposal is diffed against
 * the code it was asked for, and its hunks are moved onto the editor's code as it is now — the
 * user may have kept typing while the answer streamed. Hunks that touch lines the user changed
 * meanwhile are left out (reported, never applied over the typing), so nothing typed is lost.
 */
import {
  applyLineHunks,
  diffLineArrays,
  joinLines,
  lineHunks,
  splitLines,
  type LineHunk,
} from '@codewright/contract';

/** Old-side range of a hunk, 0-based, end exclusive. */
const spanOf = (h: LineHunk) => ({ start: h.oldStart - 1, end: h.oldStart - 1 + h.oldLines });

/** True when two hunks made from the same text touch the same lines (or insert at one point). */
function overlaps(a: LineHunk, b: LineHunk): boolean {
  const x = spanOf(a);
  const y = spanOf(b);
  if (x.start === y.start) return true;
  if (x.start < y.end && y.start < x.end) return true;
  // An insertion strictly inside the other's lines.
  if (a.oldLines === 0 && y.start < x.start && x.start < y.end) return true;
  if (b.oldLines === 0 && x.start < y.start && y.start < x.end) return true;
  return false;
}

/** `newStart` of each hunk recomputed for hunks applied in order to one text. */
function renumber(hunks: LineHunk[]): LineHunk[] {
  let shift = 0;
  return hunks.map((h) => {
    const out = { ...h, newStart: h.oldStart + shift };
    shift += h.newLines - h.oldLines;
    return out;
  });
}

export interface RebasedReview {
  /** The proposal's hunks against `current`, in order (applyLineHunks(current, hunks, …)). */
  hunks: LineHunk[];
  /** Hunks of the proposal left out because they touch lines the user changed meanwhile. */
  dropped: number;
}

/**
 * The hunks of `proposal` (an answer to a prompt built from `base`) as changes of `current`.
 * With `current === base` these are simply lineHunks(base, proposal).
 */
export function rebaseHunks(base: string, proposal: string, current: string): RebasedReview {
  const ai = lineHunks(base, proposal);
  if (current === base) return { hunks: ai, dropped: 0 };
  const typed = lineHunks(base, current);
  const kept: LineHunk[] = [];
  let dropped = 0;
  for (const hunk of ai) {
    if (typed.some((t) => overlaps(hunk, t))) {
      dropped++;
      continue;
    }
    // The lines the hunk replaces are untouched in `current`; only their place moved.
    const before = typed.filter((t) => spanOf(t).end <= spanOf(hunk).start);
    const offset = before.reduce((n, t) => n + t.newLines - t.oldLines, 0);
    kept.push({ ...hunk, oldStart: hunk.oldStart + offset });
  }
  return { hunks: renumber(kept), dropped };
}

/** A hunk's decision in the review; undecided hunks show as proposed. */
export type HunkDecision = 'accepted' | 'rejected' | 'undecided';

/** The code the review shows on its "proposed" side: every hunk not rejected applied. */
export function proposedCode(
  current: string,
  hunks: readonly LineHunk[],
  decisions: readonly HunkDecision[],
): string {
  return applyLineHunks(current, hunks, (_h, i) => decisions[i] !== 'rejected');
}

/** The code that reaches the editor: only the accepted hunks applied. */
export function acceptedCode(
  current: string,
  hunks: readonly LineHunk[],
  decisions: readonly HunkDecision[],
): string {
  return applyLineHunks(current, hunks, (_h, i) => decisions[i] === 'accepted');
}

/** A stable key of a hunk (its lines), so decisions survive a rebase that moves it. */
export function hunkKey(hunk: LineHunk): string {
  return `${hunk.removed.join('\n')}\u0000${hunk.added.join('\n')}`;
}

/**
 * What a whole-code answer still arriving proposes: its complete lines, then the rest of
 * `base` from where they reach (so the diff shows the change so far, not the end of the file
 * as deleted). `partial` is the code received so far (its last, unfinished line is left out).
 */
export function streamingProposal(base: string, partial: string): string {
  const cut = partial.lastIndexOf('\n');
  if (cut < 0) return base;
  const lines = splitLines(partial.slice(0, cut));
  const old = splitLines(base);
  const runs = diffLineArrays(old, lines);
  // The changes after the last kept line: the answer has reached only as many old lines
  // there as it has written new ones; the rest of the file is still to come.
  let end = runs.length;
  while (end > 0 && runs[end - 1]!.kind !== 'equal') end--;
  let reached = 0;
  for (const run of runs.slice(0, end)) if (run.kind !== 'add') reached += run.count;
  let removed = 0;
  let added = 0;
  for (const run of runs.slice(end)) {
    if (run.kind === 'remove') removed += run.count;
    else if (run.kind === 'add') added += run.lines.length;
  }
  reached += Math.min(removed, added);
  return joinLines([...lines, ...old.slice(reached)]);
}
