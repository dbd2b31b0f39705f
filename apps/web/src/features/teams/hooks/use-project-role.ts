import { useEffect, useState } from 'react';
import { client } from '../../../sdk.ts';

/**
 * The caller's team role in a saved project's workspace (null for an unsaved project or until
 * known), so the generator can hide what a viewer may not do; the server refuses it anyway.
 */
export function useProjectRole(projectId: string | null): string | null {
  const [role, setRole] = useState<{ projectId: string; role: string | null } | null>(null);
  useEffect(() => {
    if (!projectId) return;
    const controller = new AbortController();
    Promise.all([
      client.db.from('projects').select('*').eq('id', projectId).abortSignal(controller.signal),
      client.workspaces.list({ signal: controller.signal }),
    ]).then(
      ([rows, workspaces]) => {
        if (controller.signal.aborted) return;
        const workspaceId = (rows[0] as { workspaceId?: string } | undefined)?.workspaceId;
        setRole({ projectId, role: workspaces.find((w) => w.id === workspaceId)?.role ?? null });
      },
      () => undefined, // Unknown: nothing is hidden; the server still decides.
    );
    return () => controller.abort();
  }, [projectId]);
  return projectId && role?.projectId === projectId ? role.role : null;
}
