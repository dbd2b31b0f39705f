import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { selectTreeContext } from '@codewright/contract';
import type { TreeFile } from '../files/use-project-files.ts';
import type { TreeSnapshot } from '../hooks/tree-edit-outcome.ts';

const NONE: string[] = [];

/**
 * Which files an AI edit of a saved project sends (issue 46): the file shown in the editor, the
 * files the user added in the composer and those taken out (kept per project), and what
 * selectTreeContext makes of them — for the composer to show, and for the edit to send.
 */
export function useEditFiles({
  files,
  code,
  projectId,
}: {
  files: readonly TreeFile[];
  /** The editor's code: the main file's content. */
  code: string;
  projectId: string | null;
}) {
  const [openPath, setOpenPath] = useState<string | null>(null);
  const [chosen, setChosen] = useState<{
    projectId: string | null;
    pinned: string[];
    excluded: string[];
  }>({ projectId: null, pinned: [], excluded: [] });
  const own = chosen.projectId === projectId ? chosen : { projectId, pinned: NONE, excluded: NONE };
  const mainPath = files.find((f) => f.isMain)?.path ?? null;

  /** The tree as the editor holds it now, with what the edit should send. */
  const snapshot = (): TreeSnapshot | null => {
    if (!mainPath || !projectId) return null;
    const tree = new Map(files.map((f) => [f.path, f.isMain ? code : f.content]));
    return {
      files: tree,
      mainPath,
      openPath: openPath && tree.has(openPath) ? openPath : mainPath,
      pinned: own.pinned,
      excluded: own.excluded,
    };
  };

  // Shown in the composer for a project of several files; typing waits for a quiet moment.
  const deferredCode = useDeferredValue(code);
  const context = useMemo(() => {
    if (!mainPath || files.length < 2) return null;
    const tree = new Map(files.map((f) => [f.path, f.isMain ? deferredCode : f.content]));
    return selectTreeContext({
      files: tree,
      openPath: openPath && tree.has(openPath) ? openPath : mainPath,
      pinned: own.pinned,
      excluded: own.excluded,
    });
  }, [files, deferredCode, mainPath, openPath, own.pinned, own.excluded]);

  const choose = (path: string, how: 'pinned' | 'excluded') => {
    const without = (list: string[]) => list.filter((p) => p !== path);
    setChosen({
      projectId,
      pinned: how === 'pinned' ? [...without(own.pinned), path] : without(own.pinned),
      excluded: how === 'excluded' ? [...without(own.excluded), path] : without(own.excluded),
    });
  };

  return {
    context,
    excluded: own.excluded,
    choose,
    snapshot,
    setOpenPath: useCallback((path: string | null) => setOpenPath(path), []),
  };
}
