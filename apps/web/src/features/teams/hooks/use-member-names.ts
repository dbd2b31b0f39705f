import { useEffect, useState } from 'react';
import { client } from '../../../sdk.ts';

/** Display names of a workspace's members by user id, for "who changed it last" (empty until loaded). */
export function useMemberNames(workspaceId: string | null): ReadonlyMap<string, string> {
  const [names, setNames] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    if (!workspaceId) return;
    const controller = new AbortController();
    client.workspaces.members(workspaceId, { signal: controller.signal }).then(
      (data) =>
        !controller.signal.aborted &&
        setNames(new Map(data.members.map((m) => [m.userId, m.displayName || m.email]))),
      () => undefined, // The card then leaves the name out.
    );
    return () => controller.abort();
  }, [workspaceId]);
  return names;
}
