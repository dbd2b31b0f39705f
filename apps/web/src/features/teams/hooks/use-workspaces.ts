import { useCallback, useState } from 'react';
import type { WorkspaceSummary } from '@codewright/sdk';
import { failedWith, useLoad, type LoadState } from '../../../hooks/use-load.ts';
import { client } from '../../../sdk.ts';

/** Where the chosen workspace is remembered between visits (per browser). */
const CURRENT_KEY = 'codewright.workspace';

export type WorkspacesState = LoadState<{ workspaces: WorkspaceSummary[] }>;

/** What useWorkspaces answers: the list, the chosen workspace and how to choose another. */
export type Workspaces = ReturnType<typeof useWorkspaces>;

function remembered(): string | null {
  try {
    return globalThis.localStorage?.getItem(CURRENT_KEY) ?? null;
  } catch {
    return null;
  }
}

/**
 * The workspaces the user belongs to and the one being worked in (docs/decisions/025): the
 * dashboard switcher, the Settings screen and the generator read it. The choice survives a reload.
 */
export function useWorkspaces(userId: string) {
  const { state, reload } = useLoad<WorkspacesState, WorkspaceSummary[]>(userId, {
    load: (signal) => client.workspaces.list({ signal }),
    ready: (workspaces) => ({ status: 'ready', workspaces }),
    failed: failedWith('Could not load your workspaces.'),
  });
  const [currentId, setCurrentId] = useState<string | null>(remembered);

  const select = useCallback((id: string) => {
    setCurrentId(id);
    try {
      globalThis.localStorage?.setItem(CURRENT_KEY, id);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, []);

  const workspaces = state.status === 'ready' ? state.workspaces : [];
  // A remembered workspace one has left falls back to the personal one.
  const current =
    workspaces.find((w) => w.id === currentId) ??
    workspaces.find((w) => w.personal && w.ownerId === userId) ??
    workspaces[0] ??
    null;
  return { state, workspaces, current, select, reload };
}
