/**
 * Line diffs for version storage, the diff of two versions and the hunk-by-hunk
 * review of an AI edit (docs/decisions/015). jsdiff's Myers diff does the work
 * inside each region; unique lines common to both texts anchor the regions first
 * (the "patience" idea), so two 5,000-line versions diff in milliseconds, and a
 * region too different to be worth a minimal diff becomes one replacement.
 */
import { diffArrays } from 'diff';

/** A text's lines, split on `\n` only: `joinLines(splitLines(t)) === t` for every string. */
export function splitLines(text: string): string[] {
  return text.split('\n');
}

/** The inverse of `splitLines`. */
export function joinLines(lines: readonly string[]): string {
  return lines.join('\n');
}

/** One run of a line diff: lines kept, removed from the old text, or added. */
export type LineRun =
  | { kind: 'equal'; count: number }
  | { kind: 'remove'; count: number }
  | { kind: 'add'; lines: string[] };

/**
 * Myers work allowed per region (lines × edit length); past it the region is one replacement.
 * 2 M cells is ~20 ms on the server here (bench/version-diff.mjs).
 */
const MYERS_CELL_BUDGET = 2_000_000;

function pushRun(runs: LineRun[], run: LineRun): void {
  const size = run.kind === 'add' ? run.lines.length : run.count;
  if (size === 0) return;
  const last = runs[runs.length - 1];
  if (last && last.kind === run.kind) {
    if (last.kind === 'add') last.lines.push(...(run as { lines: string[] }).lines);
    else last.count += (run as { count: number }).count;
    return;
  }
  runs.push(run.kind === 'add' ? { kind: 'add', lines: [...run.lines] } : { ...run });
}

/** Myers diff of one region, or "remove all, add all" when it would cost too much. */
function diffRegion(a: readonly string[], b: readonly string[], runs: LineRun[]): void {
  if (a.length === 0 || b.length === 0) {
    pushRun(runs, { kind: 'remove', count: a.length });
    pushRun(runs, { kind: 'add', lines: b.slice() });
    return;
  }
  const maxEditLength = Math.max(16, Math.floor(MYERS_CELL_BUDGET / (a.length + b.length)));
  const changes = diffArrays(a as string[], b as string[], { maxEditLength });
  if (!changes) {
    pushRun(runs, { kind: 'remove', count: a.length });
    pushRun(runs, { kind: 'add', lines: b.slice() });
    return;
  }
  for (const change of changes) {
    if (change.added) pushRun(runs, { kind: 'add', lines: change.value });
    else if (change.removed) pushRun(runs, { kind: 'remove', count: change.count });
    else pushRun(runs, { kind: 'equal', count: change.count });
  }
}

/** Pairs (i in a, j in b) of lines that occur exactly once in each, longest increasing in both. */
function uniqueAnchors(a: readonly string[], b: readonly string[]): [number, number][] {
  const seen = new Map<string, { inA: number; inB: number; i: number; j: number }>();
  a.forEach((line, i) => {
    const s = seen.get(line);
    if (s) s.inA++;
    else seen.set(line, { inA: 1, inB: 0, i, j: -1 });
  });
  b.forEach((line, j) => {
    const s = seen.get(line);
    if (s) {
      s.inB++;
      s.j = j;
    }
  });
  const pairs: [number, number][] = [];
  for (const s of seen.values()) if (s.inA === 1 && s.inB === 1) pairs.push([s.i, s.j]);
  pairs.sort((x, y) => x[0] - y[0]);
  // Longest increasing subsequence on j (patience sorting), O(n log n).
  const tails: number[] = [];
  const prev: number[] = new Array(pairs.length).fill(-1);
  for (let k = 0; k < pairs.length; k++) {
    const j = pairs[k]![1];
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (pairs[tails[mid]!]![1] < j) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[k] = tails[lo - 1]!;
    tails[lo] = k;
  }
  const out: [number, number][] = [];
  for (let k = tails.length ? tails[tails.length - 1]! : -1; k !== -1; k = prev[k]!)
    out.push(pairs[k]!);
  return out.reverse();
}

/**
 * The runs that turn `a` into `b` (line arrays). Common head and tail are kept,
 * the middle is cut at lines unique to both sides, and each piece between two
 * such anchors gets a Myers diff.
 */
export function diffLineArrays(a: readonly string[], b: readonly string[]): LineRun[] {
  const runs: LineRun[] = [];
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  pushRun(runs, { kind: 'equal', count: head });
  const midA = a.slice(head, a.length - tail);
  const midB = b.slice(head, b.length - tail);
  let i = 0;
  let j = 0;
  for (const [ai, bj] of uniqueAnchors(midA, midB)) {
    diffRegion(midA.slice(i, ai), midB.slice(j, bj), runs);
    pushRun(runs, { kind: 'equal', count: 1 });
    i = ai + 1;
    j = bj + 1;
  }
  diffRegion(midA.slice(i), midB.slice(j), runs);
  pushRun(runs, { kind: 'equal', count: tail });
  return runs;
}

/** Applies runs made by `diffLineArrays(base, …)` to `base`; throws when they do not fit it. */
export function applyLineRuns(base: readonly string[], runs: readonly LineRun[]): string[] {
  const out: string[] = [];
  let at = 0;
  for (const run of runs) {
    if (run.kind === 'add') {
      for (const line of run.lines) out.push(line);
      continue;
    }
    if (at + run.count > base.length) throw new RangeError('line runs do not fit the base text');
    if (run.kind === 'equal') for (let k = 0; k < run.count; k++) out.push(base[at + k]!);
    at += run.count;
  }
  if (at !== base.length) throw new RangeError('line runs do not cover the base text');
  return out;
}

/**
 * One change of a diff: the old lines `oldStart … oldStart+oldLines-1` (1-based) become
 * `added`, which sit at `newStart …` in the new text. A pure insertion has `oldLines` 0
 * and goes before old line `oldStart` (old length + 1 at the end).
 */
export interface LineHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  removed: string[];
  added: string[];
}

/** The hunks (changes without context) between two texts, in order. */
export function lineHunks(before: string, after: string): LineHunk[] {
  const a = splitLines(before);
  const runs = diffLineArrays(a, splitLines(after));
  const hunks: LineHunk[] = [];
  let oldAt = 0;
  let newAt = 0;
  let open: LineHunk | null = null;
  for (const run of runs) {
    if (run.kind === 'equal') {
      open = null;
      oldAt += run.count;
      newAt += run.count;
      continue;
    }
    if (!open) {
      open = {
        oldStart: oldAt + 1,
        oldLines: 0,
        newStart: newAt + 1,
        newLines: 0,
        removed: [],
        added: [],
      };
      hunks.push(open);
    }
    if (run.kind === 'remove') {
      open.removed.push(...a.slice(oldAt, oldAt + run.count));
      open.oldLines += run.count;
      oldAt += run.count;
    } else {
      open.added.push(...run.lines);
      open.newLines += run.lines.length;
      newAt += run.lines.length;
    }
  }
  return hunks;
}

/**
 * `before` with only the accepted hunks applied (the hunk-by-hunk review of an AI
 * edit): `accept(hunk, index)` true takes its new lines, false keeps the old ones.
 * Throws a RangeError when the hunks were not made from `before`.
 */
export function applyLineHunks(
  before: string,
  hunks: readonly LineHunk[],
  accept: (hunk: LineHunk, index: number) => boolean,
): string {
  const a = splitLines(before);
  const out: string[] = [];
  let at = 0;
  hunks.forEach((hunk, index) => {
    const start = hunk.oldStart - 1;
    if (start < at || start + hunk.oldLines > a.length)
      throw new RangeError('the hunks were not made from this text');
    for (; at < start; at++) out.push(a[at]!);
    for (let k = 0; k < hunk.oldLines; k++)
      if (a[start + k] !== hunk.removed[k])
        throw new RangeError('the hunks were not made from this text');
    out.push(...(accept(hunk, index) ? hunk.added : hunk.removed));
    at = start + hunk.oldLines;
  });
  for (; at < a.length; at++) out.push(a[at]!);
  return joinLines(out);
}
