import { useCallback, useEffect, useState } from 'react';
import type { WorkspaceMembers } from '@codewright/sdk';
import { client } from '../../../sdk.ts';

export type MembersState =
  | { status: 'loading' }
  | { status: 'ready'; data: WorkspaceMembers }
  | { status: 'error'; message: string };

/** Members and open invitations of one workspace, reloaded after each change. */
export function useMembers(workspaceId: string) {
  const [state, setState] = useState<MembersState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    client.workspaces.members(workspaceId, { signal: controller.signal }).then(
      (data) => !controller.signal.aborted && setState({ status: 'ready', data }),
      (error: unknown) =>
        !controller.signal.aborted &&
        setState({
          status: 'error',
          message: error instanceof Error ? error.message : 'Could not load the members.',
        }),
    );
    return () => controller.abort();
  }, [workspaceId, attempt]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, reload };
}
