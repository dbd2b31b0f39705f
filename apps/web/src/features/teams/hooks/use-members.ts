import type { WorkspaceMembers } from '@codewright/sdk';
import { failedWith, useLoad, type LoadState } from '../../../hooks/use-load.ts';
import { client } from '../../../sdk.ts';

export type MembersState = LoadState<{ data: WorkspaceMembers }>;

/** Members and open invitations of one workspace, reloaded after each change. */
export function useMembers(workspaceId: string) {
  const { state, reload } = useLoad<MembersState, WorkspaceMembers>(workspaceId, {
    load: (signal) => client.workspaces.members(workspaceId, { signal }),
    ready: (data) => ({ status: 'ready', data }),
    failed: failedWith('Could not load the members.'),
  });
  return { state, reload };
}
