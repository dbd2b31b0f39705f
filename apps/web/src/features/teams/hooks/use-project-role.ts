import { useEffect, useState } from 'react';
import type { WorkspaceSummary } from '@codewright/contract';
import { projectWorkspace } from '../project-workspace.ts';

/**
 * The workspace of a saved project as the caller sees it (their role, whether it is a team's):
 * null for an unsaved project, one of a workspace they left, or until known.
 */
export function useProjectWorkspace(projectId: string | null): WorkspaceSummary | null {
  const [found, setFound] = useState<{
    projectId: string;
    workspace: WorkspaceSummary | null;
  } | null>(null);
  useEffect(() => {
    if (!projectId) return;
    const controller = new AbortController();
    projectWorkspace(projectId, controller.signal).then(
      (workspace) => {
        if (controller.signal.aborted) return;
        setFound({ projectId, workspace: workspace ?? null });
      },
      () => undefined, // Unknown: nothing is hidden; the server still decides.
    );
    return () => controller.abort();
  }, [projectId]);
  return projectId && found?.projectId === projectId ? found.workspace : null;
}

/**
 * The caller's team role in a saved project's workspace (null for an unsaved project or until
 * known), so the generator can hide what a viewer may not do; the server refuses it anyway.
 */
export function useProjectRole(projectId: string | null): string | null {
  return useProjectWorkspace(projectId)?.role ?? null;
}
