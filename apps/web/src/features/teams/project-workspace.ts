import type { WorkspaceSummary } from '@codewright/sdk';
import { readProject } from '../../projects.ts';
import { client } from '../../sdk.ts';

/** The workspace of saved project `projectId`, among the caller's; undefined when not theirs. */
export async function projectWorkspace(
  projectId: string,
  signal: AbortSignal,
): Promise<WorkspaceSummary | undefined> {
  const [project, workspaces] = await Promise.all([
    readProject(projectId, signal),
    client.workspaces.list({ signal }),
  ]);
  return workspaces.find((w) => w.id === project?.workspaceId);
}
