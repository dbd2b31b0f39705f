/**
 * How two trees of files differ (issue 45): the files changed, added, removed and renamed, each
 * with its line hunks. A removed file and an added one are a rename when their contents are
 * equal, or when at least half their lines are (the closest pairs first), as git counts it —
 * within a budget of work, past which only equal contents count.
 */
import { comparePaths } from './data.ts';
import { lineHunks, splitLines } from './line-diff.ts';
import type { VersionFileChange } from './versions.ts';

/**
 * Work allowed for rename detection by likeness (lines looked up, summed over the pairs); past it
 * only equal contents count, so a diff of many big files stays quick.
 */
const SIMILARITY_LINES_MAX = 1_000_000;
/** The share of lines a removed and an added file must have in common to be a rename. */
const RENAME_SIMILARITY = 0.5;

function change(
  status: VersionFileChange['status'],
  path: string,
  before: string,
  after: string,
  oldPath?: string,
): VersionFileChange {
  const hunks =
    before === after
      ? []
      : status === 'added'
        ? [{ oldStart: 0, oldLines: 0, newStart: 1, ...lines(after, 'added') }]
        : status === 'removed'
          ? [{ oldStart: 1, newStart: 0, newLines: 0, ...lines(before, 'removed') }]
          : lineHunks(before, after);
  return {
    status,
    path,
    hunks,
    added: hunks.reduce((n, h) => n + h.newLines, 0),
    removed: hunks.reduce((n, h) => n + h.oldLines, 0),
    ...(oldPath === undefined ? {} : { oldPath }),
  };
}

/** All of a file's lines as one side of a hunk. */
function lines(text: string, side: 'added'): { newLines: number; added: string[]; removed: [] };
function lines(text: string, side: 'removed'): { oldLines: number; removed: string[]; added: [] };
function lines(text: string, side: 'added' | 'removed') {
  const all = splitLines(text);
  return side === 'added'
    ? { newLines: all.length, added: all, removed: [] }
    : { oldLines: all.length, removed: all, added: [] };
}

/** How many times each line occurs in a text. */
function lineCounts(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of splitLines(text)) counts.set(line, (counts.get(line) ?? 0) + 1);
  return counts;
}

/**
 * The share of lines two texts have in common, in any order (1 = the same lines): a rename that
 * also moved lines about still counts, and it costs one lookup per distinct line of the smaller.
 */
function similarity(a: Map<string, number>, sizeA: number, b: Map<string, number>, sizeB: number) {
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let common = 0;
  for (const [line, count] of small) common += Math.min(count, large.get(line) ?? 0);
  return (2 * common) / (sizeA + sizeB);
}

/**
 * Pairs of a removed and an added file with at least RENAME_SIMILARITY of their lines in common,
 * closest first; none when comparing them all would cost more than SIMILARITY_LINES_MAX.
 */
function likelyRenames(
  oldFiles: ReadonlyArray<[string, string]>,
  newFiles: ReadonlyArray<[string, string]>,
): Array<{ oldPath: string; path: string }> {
  const sized = (files: ReadonlyArray<[string, string]>) =>
    files.map(([path, text]) => ({ path, text, lines: splitLines(text).length }));
  const olds = sized(oldFiles);
  const news = sized(newFiles);
  let cost = 0;
  for (const o of olds) for (const n of news) cost += Math.min(o.lines, n.lines);
  if (cost > SIMILARITY_LINES_MAX) return [];
  const newCounts = news.map((n) => lineCounts(n.text));
  const scored: Array<{ oldPath: string; path: string; score: number }> = [];
  for (const o of olds) {
    const counts = lineCounts(o.text);
    news.forEach((n, i) => {
      // Line counts too far apart cannot reach the share: skip the lookups.
      if ((2 * Math.min(o.lines, n.lines)) / (o.lines + n.lines) < RENAME_SIMILARITY) return;
      const score = similarity(counts, o.lines, newCounts[i]!, n.lines);
      if (score >= RENAME_SIMILARITY) scored.push({ oldPath: o.path, path: n.path, score });
    });
  }
  return scored.sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
}

/** Every file that differs from `from` to `to` (path → content), in path order. */
export function diffTrees(
  from: ReadonlyMap<string, string>,
  to: ReadonlyMap<string, string>,
): VersionFileChange[] {
  const changes: VersionFileChange[] = [];
  const removed = [...from.keys()].filter((p) => !to.has(p));
  const added = [...to.keys()].filter((p) => !from.has(p));
  for (const [path, content] of to) {
    const before = from.get(path);
    if (before !== undefined && before !== content)
      changes.push(change('changed', path, before, content));
  }

  const renamedFrom = new Set<string>();
  const renamedTo = new Set<string>();
  const pair = (oldPath: string, path: string) => {
    renamedFrom.add(oldPath);
    renamedTo.add(path);
    changes.push(change('renamed', path, from.get(oldPath)!, to.get(path)!, oldPath));
  };
  for (const path of added) {
    const same = removed.find((old) => !renamedFrom.has(old) && from.get(old) === to.get(path));
    if (same !== undefined) pair(same, path);
  }
  const restOld = removed.filter((p) => !renamedFrom.has(p));
  const restNew = added.filter((p) => !renamedTo.has(p));
  const likely = likelyRenames(
    restOld.map((p) => [p, from.get(p)!]),
    restNew.map((p) => [p, to.get(p)!]),
  );
  for (const s of likely)
    if (!renamedFrom.has(s.oldPath) && !renamedTo.has(s.path)) pair(s.oldPath, s.path);

  for (const path of removed)
    if (!renamedFrom.has(path)) changes.push(change('removed', path, from.get(path)!, ''));
  for (const path of added)
    if (!renamedTo.has(path)) changes.push(change('added', path, '', to.get(path)!));
  return changes.sort((a, b) => comparePaths(a.path, b.path));
}
