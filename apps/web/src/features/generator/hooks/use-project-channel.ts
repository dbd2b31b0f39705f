import { useEffect } from 'react';
import type { RealtimePresenceMember } from '@codewright/contract';
import { projectChangeOf, useChannel, type ProjectChange } from '../../realtime/index.ts';

/**
 * The open project's realtime channel `project:<id>` (docs/api.md § Realtime): the teammates who
 * have it open, each "viewing" or "editing" (with unsaved changes); the server's news of each
 * change to the project (`onChange`); and whether the connection is being made again.
 */
export function useProjectChannel(
  projectId: string | null,
  userId: string,
  editing: boolean,
  onChange: (change: ProjectChange & { event: string }) => void,
): { present: RealtimePresenceMember[]; reconnecting: boolean } {
  const { joined, members, reconnecting } = useChannel(
    projectId ? `project:${projectId}` : null,
    (message) => {
      const change = projectChangeOf(message);
      if (change && change.projectId === projectId) onChange(change);
    },
  );

  useEffect(() => {
    if (!joined) return;
    void joined.track({ state: editing ? 'editing' : 'viewing' }).catch(() => undefined);
  }, [joined, editing]);

  return { present: members.filter((m) => m.userId !== userId), reconnecting };
}
