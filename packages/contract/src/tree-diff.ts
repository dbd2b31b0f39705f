/**
 * How two trees of files differ (issue 45): the files changed, added, removed and renamed, each
 * with its line hunks. A removed file and an added one are a rename when their contents are
 * equal, or when at least half their lines are (the closest pairs first), as git counts it.
 */
import { lineHunks, splitLines } from './line-diff.ts';
import type { VersionFileChange } from './versions.ts';

/** Files compared as renames by their lines: beyond this many pairs only equal contents count. */
const SIMILARITY_PAIRS_MAX = 400;
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

/** The share of lines two texts have in common (1 = equal). */
function similarity(a: string, b: string): number {
  const sizeA = splitLines(a).length;
  const sizeB = splitLines(b).length;
  const removed = lineHunks(a, b).reduce((n, h) => n + h.oldLines, 0);
  return (2 * (sizeA - removed)) / (sizeA + sizeB);
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
  if (restOld.length * restNew.length <= SIMILARITY_PAIRS_MAX) {
    const scored = restOld
      .flatMap((oldPath) =>
        restNew.map((path) => ({
          oldPath,
          path,
          score: similarity(from.get(oldPath)!, to.get(path)!),
        })),
      )
      .filter((s) => s.score >= RENAME_SIMILARITY)
      .sort((a, b) => b.score - a.score || a.path.localeCompare(b.path));
    for (const s of scored)
      if (!renamedFrom.has(s.oldPath) && !renamedTo.has(s.path)) pair(s.oldPath, s.path);
  }

  for (const path of removed)
    if (!renamedFrom.has(path)) changes.push(change('removed', path, from.get(path)!, ''));
  for (const path of added)
    if (!renamedTo.has(path)) changes.push(change('added', path, '', to.get(path)!));
  return changes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}
