import { useEffect, useState } from 'react';
import type { ProjectVisibility } from '@codewright/contract';
import type { WorkspaceSummary } from '@codewright/sdk';
import { readProject } from '../../../projects.ts';
import { useWorkspaces } from './use-workspaces.ts';
import { newProjectWorkspace } from '../save-target.ts';

/** Where a save goes, and what it says about who can see the project. */
export type SaveTarget =
  | { status: 'loading' }
  | { status: 'error' }
  | {
      status: 'ready';
      /** The workspace the project is (or will be) saved in. */
      workspace: WorkspaceSummary;
      /** The workspace chosen on the dashboard when the user may not create projects there. */
      notAllowedIn: WorkspaceSummary | null;
      /** The saved project's visibility; null for a new project. */
      visibility: ProjectVisibility | null;
    };

/**
 * The save dialog's target while it is open: a new project's workspace from the dashboard's
 * choice, a saved project's own workspace and visibility (read again each time it opens).
 */
export function useSaveTarget(userId: string, projectId: string | null, open: boolean): SaveTarget {
  const workspaces = useWorkspaces(userId);
  const [saved, setSaved] = useState<
    { projectId: string; workspaceId: string; visibility: ProjectVisibility } | 'error' | null
  >(null);

  useEffect(() => {
    if (!open || !projectId) return;
    const controller = new AbortController();
    readProject(projectId, controller.signal).then(
      (row) => {
        if (controller.signal.aborted) return;
        setSaved(
          row ? { projectId, workspaceId: row.workspaceId, visibility: row.visibility } : 'error',
        );
      },
      () => {
        if (!controller.signal.aborted) setSaved('error');
      },
    );
    return () => controller.abort();
  }, [open, projectId]);

  if (workspaces.state.status === 'error' || saved === 'error') return { status: 'error' };
  if (workspaces.state.status === 'loading') return { status: 'loading' };
  if (projectId) {
    if (saved?.projectId !== projectId) return { status: 'loading' };
    const workspace = workspaces.workspaces.find((w) => w.id === saved.workspaceId);
    return workspace
      ? { status: 'ready', workspace, notAllowedIn: null, visibility: saved.visibility }
      : { status: 'error' };
  }
  const { workspace, notAllowedIn } = newProjectWorkspace(
    workspaces.workspaces,
    workspaces.current,
    userId,
  );
  return workspace
    ? { status: 'ready', workspace, notAllowedIn, visibility: null }
    : { status: 'error' };
}
