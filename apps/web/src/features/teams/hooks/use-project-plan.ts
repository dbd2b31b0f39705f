import { useCallback, useEffect, useState } from 'react';
import type { PlanInfo } from '@codewright/sdk';
import { client } from '../../../sdk.ts';
import { projectWorkspace } from '../project-workspace.ts';

export interface ProjectPlan {
  /** The workspace owner's plan and usage, which the member's work on this project counts against. */
  plan: PlanInfo;
  /** The owner's display name or email, when known. */
  ownerName: string | undefined;
}

/**
 * The plan a saved project's AI calls count against when it is in someone else's workspace
 * (docs/decisions/026): its owner's, from `GET /api/workspaces/{id}/plan`. Null for an unsaved
 * project, one in the user's own workspace, or until known: the caller shows the user's own plan.
 */
export function useProjectPlan(
  userId: string,
  projectId: string | null,
): { shown: ProjectPlan | null; reload: () => void } {
  // Whose workspace the project is in: read once per project (the project, the workspaces, the
  // owner's name). Null when it is the user's own workspace, or unknown.
  const [found, setFound] = useState<{
    projectId: string;
    workspace: { id: string; ownerName: string | undefined } | null;
  } | null>(null);
  // A lookup that failed (the server was away) is tried again, a little later each time.
  const [lookup, setLookup] = useState(0);
  useEffect(() => {
    if (!projectId) return;
    const controller = new AbortController();
    const signal = controller.signal;
    let again: ReturnType<typeof setTimeout> | undefined;
    (async () => {
      const workspace = await projectWorkspace(projectId, signal);
      if (!workspace || workspace.ownerId === userId) return null;
      const members = await client.workspaces.members(workspace.id, { signal }).catch(() => null);
      const owner = members?.members.find((m) => m.userId === workspace.ownerId);
      return { id: workspace.id, ownerName: owner ? owner.displayName || owner.email : undefined };
    })().then(
      (workspace) => !signal.aborted && setFound({ projectId, workspace }),
      // Unknown for now: the user's own plan is shown (the server still charges the right one)
      // until a later lookup answers.
      () => {
        if (signal.aborted) return;
        setFound({ projectId, workspace: null });
        again = setTimeout(() => setLookup((n) => n + 1), Math.min(30_000, 2_000 * 2 ** lookup));
      },
    );
    return () => {
      controller.abort();
      clearTimeout(again);
    };
  }, [userId, projectId, lookup]);
  const workspace = projectId && found?.projectId === projectId ? found.workspace : null;
  const workspaceId = workspace?.id ?? null;

  // The owner's plan and usage: read again after each AI call (`reload`), the last answer shown
  // meanwhile, so the meters do not flicker.
  const [attempt, setAttempt] = useState(0);
  const [plan, setPlan] = useState<{ workspaceId: string; plan: PlanInfo } | null>(null);
  useEffect(() => {
    if (!workspaceId) return;
    const controller = new AbortController();
    client.workspaces.plan(workspaceId, { signal: controller.signal }).then(
      (info) => !controller.signal.aborted && setPlan({ workspaceId, plan: info }),
      () => undefined, // The last known figures stay; the server still charges the right plan.
    );
    return () => controller.abort();
  }, [workspaceId, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const shown =
    workspace && plan?.workspaceId === workspace.id
      ? { plan: plan.plan, ownerName: workspace.ownerName }
      : null;
  return { shown, reload };
}

/** "alex's Pro plan" ("the owner's Pro plan" while the name is unknown). */
export function ownersPlan(ownerName: string | undefined, planName: string): string {
  return `${ownerName ? `${ownerName}'s` : "the owner's"} ${planName} plan`;
}

/** The generator's note; the dashboard's workspace note names the plan the same way. */
export function countsAgainst(ownerName: string | undefined, planName: string): string {
  return `Your work here counts against ${ownersPlan(ownerName, planName)}.`;
}
