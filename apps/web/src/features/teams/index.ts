/** The teams feature's door: workspaces, roles and plans as other screens show them. */
export { SaveDestination } from './components/save-destination.tsx';
export { ViewerNotice } from './components/viewer-notice.tsx';
export { VisibilityNote } from './components/visibility-note.tsx';
export { WorkspacePlanNote } from './components/workspace-plan-note.tsx';
export { WorkspaceSettings } from './components/workspace-settings.tsx';
export { WorkspaceSwitcher } from './components/workspace-switcher.tsx';
export { useMemberNames } from './hooks/use-member-names.ts';
export { countsAgainst, useProjectPlan } from './hooks/use-project-plan.ts';
export { useProjectRole, useProjectWorkspace } from './hooks/use-project-role.ts';
export { useSaveTarget } from './hooks/use-save-target.ts';
export { useWorkspacePlan } from './hooks/use-workspace-plan.ts';
export { useWorkspaces, type Workspaces } from './hooks/use-workspaces.ts';
