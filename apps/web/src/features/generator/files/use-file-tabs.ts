import { useCallback, useState } from 'react';
import type { TreeFile } from './use-project-files.ts';

/**
 * The editor's tabs over a project's files: which are open and which is shown, by file id so a
 * rename keeps its tab. The main file's tab is always there, first; a deleted file's tab goes.
 */
export function useFileTabs(files: readonly TreeFile[]) {
  const main = files.find((f) => f.isMain) ?? null;
  const [openIds, setOpenIds] = useState<string[]>([]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const byId = new Map(files.map((f) => [f.id, f]));
  const tabs = [
    ...(main ? [main] : []),
    ...openIds.map((id) => byId.get(id)).filter((f): f is TreeFile => f !== undefined && !f.isMain),
  ];
  const active = (activeId !== null ? byId.get(activeId) : undefined) ?? main;

  const open = useCallback((id: string) => {
    setOpenIds((ids) => (ids.includes(id) ? ids : [...ids, id]));
    setActiveId(id);
  }, []);

  const close = (id: string) => {
    if (id === main?.id) return;
    const at = tabs.findIndex((t) => t.id === id);
    setOpenIds((ids) => ids.filter((x) => x !== id));
    if (active?.id === id) setActiveId(tabs[Math.max(0, at - 1)]?.id ?? null);
  };

  return { tabs, active, main, open, close };
}
