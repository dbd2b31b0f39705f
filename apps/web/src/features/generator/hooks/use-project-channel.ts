import { useEffect } from 'react';
import type { RealtimePresenceMember } from '@codewright/contract';
import { projectChangeOf, useChannel, type ProjectChange } from '../../realtime/index.ts';

/**
 * The open project's realtime channel `project:<id>` (docs/api.md § Realtime): the teammates who
 * have it open, each "viewing" or "editing" (with unsaved changes, or typing in a shared file),
 * and in which file; the server's news of each
 * change to the project (`onChange`); and whether the connection is being made again.
 */
export function useProjectChannel(
  projectId: string | null,
  userId: string,
  editing: boolean,
  onChange: (change: ProjectChange & { event: string }) => void,
  /** The file this member has open (the others' file trees show it). */
  file: string | null = null,
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
    const state = editing ? 'editing' : 'viewing';
    void joined.track(file ? { state, file } : { state }).catch(() => undefined);
  }, [joined, editing, file]);

  return { present: members.filter((m) => m.userId !== userId), reconnecting };
}
