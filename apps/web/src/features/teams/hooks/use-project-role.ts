import { useEffect, useState } from 'react';
import { projectWorkspace } from '../project-workspace.ts';

/**
 * The caller's team role in a saved project's workspace (null for an unsaved project or until
 * known), so the generator can hide what a viewer may not do; the server refuses it anyway.
 */
export function useProjectRole(projectId: string | null): string | null {
  const [role, setRole] = useState<{ projectId: string; role: string | null } | null>(null);
  useEffect(() => {
    if (!projectId) return;
    const controller = new AbortController();
    projectWorkspace(projectId, controller.signal).then(
      (workspace) => {
        if (controller.signal.aborted) return;
        setRole({ projectId, role: workspace?.role ?? null });
      },
      () => undefined, // Unknown: nothing is hidden; the server still decides.
    );
    return () => controller.abort();
  }, [projectId]);
  return projectId && role?.projectId === projectId ? role.role : null;
}
