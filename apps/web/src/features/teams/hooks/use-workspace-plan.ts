import { useEffect, useState } from 'react';
import type { PlanInfo, WorkspaceSummary } from '@codewright/sdk';
import { client } from '../../../sdk.ts';

export interface WorkspacePlan {
  /** The plan and usage shown: the workspace owner's (docs/decisions/026). */
  plan: PlanInfo;
  /** True when it is the signed-in user's own plan. */
  own: boolean;
}

/**
 * The plan the dashboard shows for the chosen workspace: one's own plan in a workspace one owns,
 * else the owner's plan and usage (`GET /api/workspaces/{id}/plan`), which members' work counts
 * against. Until the owner's is known (or if it cannot be read) null, and the caller waits.
 */
export function useWorkspacePlan(
  userId: string,
  current: WorkspaceSummary | null,
  ownPlan: PlanInfo | null,
): WorkspacePlan | null | 'unavailable' {
  const other = current && current.ownerId !== userId ? current.id : null;
  const [loaded, setLoaded] = useState<{ id: string; plan: PlanInfo | 'unavailable' } | null>(null);

  useEffect(() => {
    if (!other) return;
    const controller = new AbortController();
    client.workspaces.plan(other, { signal: controller.signal }).then(
      (plan) => !controller.signal.aborted && setLoaded({ id: other, plan }),
      () => !controller.signal.aborted && setLoaded({ id: other, plan: 'unavailable' }),
    );
    return () => controller.abort();
  }, [other]);

  if (!other) return ownPlan ? { plan: ownPlan, own: true } : null;
  if (loaded?.id !== other) return null;
  return loaded.plan === 'unavailable' ? 'unavailable' : { plan: loaded.plan, own: false };
}
