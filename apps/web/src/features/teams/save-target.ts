import { roleCan } from '@codewright/contract';
import type { WorkspaceSummary } from '@codewright/sdk';

/**
 * The workspace a new project is saved into (docs/decisions/032): the one chosen on the
 * dashboard switcher when the user may create projects there (editor, owner), else their
 * personal workspace.
 */
export function newProjectWorkspace(
  workspaces: readonly WorkspaceSummary[],
  current: WorkspaceSummary | null,
  userId: string,
): { workspace: WorkspaceSummary | null; notAllowedIn: WorkspaceSummary | null } {
  const personal = workspaces.find((w) => w.personal && w.ownerId === userId) ?? null;
  if (current && roleCan(current.role, 'create', 'project')) {
    return { workspace: current, notAllowedIn: null };
  }
  return { workspace: personal, notAllowedIn: current && current !== personal ? current : null };
}
