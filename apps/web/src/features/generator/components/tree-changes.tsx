import { diffTrees, type VersionFile } from '@codewright/contract';
import { cn } from '../../../components/ui/cn.ts';

const STATUS_TEXT = { added: 'added', removed: 'deleted', changed: 'changed', renamed: 'renamed' };

/** The files two versions' trees differ in (issue 45), each with what happened to it. */
export function treeChanges(from: readonly VersionFile[], to: readonly VersionFile[]) {
  return diffTrees(
    new Map(from.map((f) => [f.path, f.content])),
    new Map(to.map((f) => [f.path, f.content])),
  );
}

/** Whether a version's tree is `files` (same paths, same contents). */
export function sameTree(a: readonly VersionFile[], b: readonly VersionFile[]): boolean {
  return a.length === b.length && treeChanges(a, b).length === 0;
}

export interface TreeChangesProps {
  from: readonly VersionFile[];
  to: readonly VersionFile[];
  /** The file whose diff is shown. */
  shownPath: string;
  onShow: (path: string) => void;
}

/**
 * "Files" of a comparison in History: every file that differs between the two versions —
 * changed, added, deleted or renamed (with the path it had) and its lines added and removed;
 * choosing one shows its diff. Nothing when only the main file differs.
 */
export function TreeChanges({ from, to, shownPath, onShow }: TreeChangesProps) {
  const changes = treeChanges(from, to);
  if (changes.length === 0 || (changes.length === 1 && from.length === 1 && to.length === 1))
    return null;
  return (
    <ul
      aria-label="Files changed"
      className="flex shrink-0 flex-wrap gap-1 border-b border-border px-3 py-1.5"
      data-testid="history-files"
    >
      {changes.map((change) => (
        <li key={change.path}>
          <button
            type="button"
            aria-pressed={change.path === shownPath}
            onClick={() => onShow(change.path)}
            className={cn(
              'rounded-md px-2 py-0.5 font-mono text-xs focus-visible:outline-2 focus-visible:outline-accent',
              change.path === shownPath
                ? 'bg-accent-soft text-fg'
                : 'bg-white/5 text-muted hover:text-fg',
            )}
          >
            {change.oldPath ? `${change.oldPath} → ` : ''}
            {change.path}{' '}
            <span className="font-sans text-subtle">
              {STATUS_TEXT[change.status]} +{change.added} −{change.removed}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
