import { useId } from 'react';
import { Users } from 'lucide-react';
import { OWNER_ROLE } from '@codewright/contract';
import type { WorkspaceSummary } from '@codewright/sdk';

/** Label of a workspace in lists: its name, and the caller's role when it is not theirs. */
export function workspaceLabel(ws: WorkspaceSummary): string {
  return ws.role === OWNER_ROLE ? ws.name : `${ws.name} (${ws.role})`;
}

/** The dashboard's workspace switcher: a native select, so keyboard and screen readers just work. */
export function WorkspaceSwitcher({
  workspaces,
  current,
  onSelect,
}: {
  workspaces: WorkspaceSummary[];
  current: WorkspaceSummary;
  onSelect: (id: string) => void;
}) {
  const id = useId();
  return (
    <div className="flex min-w-0 items-center gap-2" data-testid="workspace-switcher">
      <Users className="size-4 shrink-0 text-subtle" aria-hidden="true" />
      <label htmlFor={id} className="shrink-0 text-sm text-muted">
        Workspace
      </label>
      <select
        id={id}
        value={current.id}
        onChange={(e) => onSelect(e.target.value)}
        className="h-9 max-w-full min-w-0 truncate rounded-lg border border-border-strong bg-surface px-3 text-sm text-fg focus:border-accent focus:outline-none"
      >
        {workspaces.map((ws) => (
          <option key={ws.id} value={ws.id}>
            {workspaceLabel(ws)}
          </option>
        ))}
      </select>
    </div>
  );
}
