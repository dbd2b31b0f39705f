import { useEffect, useState } from 'react';
import type { RealtimePresenceMember } from '@codewright/contract';
import { client } from '../../../sdk.ts';

/**
 * Who else has this saved project open (the realtime channel `project:<id>`, docs/api.md §
 * Realtime), each "viewing" or "editing" (with unsaved changes). Best effort: when the channel
 * cannot be joined the list stays empty and nothing else changes.
 */
export function useProjectPresence(
  projectId: string | null,
  userId: string,
  editing: boolean,
): RealtimePresenceMember[] {
  const [members, setMembers] = useState<RealtimePresenceMember[]>([]);
  const [joined, setJoined] = useState<string | null>(null);

  useEffect(() => {
    if (!projectId) return;
    const channel = client.realtime.channel(`project:${projectId}`);
    let live = true;
    const stop = channel.onPresence((all) => {
      if (live) setMembers(all.filter((m) => m.userId !== userId));
    });
    channel
      .subscribe()
      .then(() => live && setJoined(projectId))
      .catch(() => undefined);
    return () => {
      live = false;
      stop();
      setMembers([]);
      setJoined(null);
      void channel.unsubscribe().catch(() => undefined);
    };
  }, [projectId, userId]);

  useEffect(() => {
    if (!joined) return;
    void client.realtime
      .channel(`project:${joined}`)
      .track({ state: editing ? 'editing' : 'viewing' })
      .catch(() => undefined);
  }, [joined, editing]);

  return members;
}
