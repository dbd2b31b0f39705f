import type { KeyboardEvent } from 'react';
import { X } from 'lucide-react';
import { cn } from '../../../components/ui/cn.ts';
import type { TreeFile } from './use-project-files.ts';

export interface FileTabsProps {
  tabs: readonly TreeFile[];
  activeId: string | null;
  onSelect: (id: string) => void;
  onClose: (id: string) => void;
}

/**
 * The open files as tabs over the editor (← → move between them, Delete closes one); the main
 * file's tab stays. A file whose save failed says so on its tab.
 */
export function FileTabs({ tabs, activeId, onSelect, onClose }: FileTabsProps) {
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = tabs.findIndex((t) => t.id === activeId);
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (step !== 0) {
      const next = tabs[(at + step + tabs.length) % tabs.length];
      if (next) {
        onSelect(next.id);
        requestAnimationFrame(() =>
          event.currentTarget
            .querySelector<HTMLElement>(`[data-tab-id="${CSS.escape(next.id)}"]`)
            ?.focus(),
        );
      }
      event.preventDefault();
    } else if (event.key === 'Delete' && activeId) {
      onClose(activeId);
      event.preventDefault();
    }
  };
  return (
    <div
      role="tablist"
      aria-label="Open files"
      className="flex shrink-0 items-stretch overflow-x-auto border-b border-border bg-bg/40"
      onKeyDown={onKeyDown}
      data-testid="file-tabs"
    >
      {tabs.map((file) => {
        const active = file.id === activeId;
        const name = file.path.slice(file.path.lastIndexOf('/') + 1);
        return (
          <div
            key={file.id}
            className={cn(
              'flex shrink-0 items-center border-r border-border',
              active ? 'bg-[#1e1e1e] text-fg' : 'text-muted hover:text-fg',
            )}
          >
            <button
              type="button"
              role="tab"
              aria-selected={active}
              tabIndex={active ? 0 : -1}
              title={file.isMain ? file.path : `${file.path} (Delete closes the tab)`}
              aria-keyshortcuts={file.isMain ? undefined : 'Delete'}
              className="py-1.5 pr-1 pl-3 font-mono text-xs outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-inset"
              onClick={() => onSelect(file.id)}
              data-tab-id={file.id}
            >
              {name}
              {file.saveError ? <span className="ml-1 text-red-300">(not saved)</span> : null}
            </button>
            {file.isMain ? (
              <span className="pr-2" />
            ) : (
              // For the pointer; the keyboard closes the tab in focus with Delete (said on the tab).
              <button
                type="button"
                tabIndex={-1}
                aria-hidden="true"
                title={`Close ${file.path}`}
                className="mr-1 rounded p-0.5 hover:bg-white/10"
                onClick={() => onClose(file.id)}
              >
                <X className="size-3" aria-hidden="true" />
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
}
