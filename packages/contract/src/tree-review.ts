/**
 * The review of an AI answer across files (issue 46): each file the proposed tree changes, with
 * its hunks — an added file one hunk adding all its lines, a deleted file one hunk removing
 * them — and the files as they stand once some hunks are accepted and others rejected. Only
 * accepted hunks change anything; a file whose every hunk is rejected stays as it was.
 */
import { comparePaths } from './data.ts';
import { applyLineHunks, type LineHunk, lineHunks, splitLines } from './line-diff.ts';

export interface FileReview {
  path: string;
  status: 'added' | 'changed' | 'deleted';
  /** The file before the answer (null: added). */
  base: string | null;
  /** The file the answer proposes (null: deleted). */
  proposal: string | null;
  hunks: LineHunk[];
}

/** Every file `proposed` changes from `base`, in path order, with its hunks. */
export function prepareTreeReview(
  base: ReadonlyMap<string, string>,
  proposed: ReadonlyMap<string, string>,
): FileReview[] {
  const reviews: FileReview[] = [];
  const paths = [...new Set([...base.keys(), ...proposed.keys()])].sort(comparePaths);
  for (const path of paths) {
    const before = base.get(path) ?? null;
    const after = proposed.get(path) ?? null;
    if (before === after) continue;
    if (before === null) {
      const added = splitLines(after!);
      reviews.push({
        path,
        status: 'added',
        base: null,
        proposal: after,
        hunks: [
          { oldStart: 1, oldLines: 0, newStart: 1, newLines: added.length, removed: [], added },
        ],
      });
    } else if (after === null) {
      const removed = splitLines(before);
      reviews.push({
        path,
        status: 'deleted',
        base: before,
        proposal: null,
        hunks: [
          { oldStart: 1, oldLines: removed.length, newStart: 1, newLines: 0, removed, added: [] },
        ],
      });
    } else
      reviews.push({
        path,
        status: 'changed',
        base: before,
        proposal: after,
        hunks: lineHunks(before, after),
      });
  }
  return reviews;
}

/** What accepting some hunks of a file does: its new content, its removal, or nothing. */
export type FileOutcome =
  | { path: string; kind: 'write'; content: string }
  | { path: string; kind: 'delete' }
  | { path: string; kind: 'unchanged' };

/**
 * The outcome of each reviewed file once `accepted(path, hunkIndex)` says which hunks were
 * taken: an added file is created only when its hunk is accepted, a deleted file removed only
 * when its hunk is; a changed file gets its accepted hunks alone.
 */
export function acceptedFiles(
  reviews: readonly FileReview[],
  accepted: (path: string, index: number) => boolean,
): FileOutcome[] {
  return reviews.map((review): FileOutcome => {
    const { path } = review;
    if (review.status === 'added')
      return accepted(path, 0)
        ? { path, kind: 'write', content: review.proposal! }
        : { path, kind: 'unchanged' };
    if (review.status === 'deleted')
      return accepted(path, 0) ? { path, kind: 'delete' } : { path, kind: 'unchanged' };
    const content = applyLineHunks(review.base!, review.hunks, (_h, i) => accepted(path, i));
    return content === review.base ? { path, kind: 'unchanged' } : { path, kind: 'write', content };
  });
}
