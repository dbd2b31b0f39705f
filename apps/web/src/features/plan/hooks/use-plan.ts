import { useCallback, useEffect, useState } from 'react';
import { PLAN_LIMITS, defaultPlanData, remainingOf } from '@codewright/contract';
import type { PlanInfo } from '@codewright/sdk';
import { client } from '../../../sdk.ts';

/** The slice of the SDK this hook needs; tests pass a fake. */
export interface PlanApi {
  get(): Promise<PlanInfo>;
}

export interface UsePlanResult {
  /** The server's plan data; the default Free plan if it could not be read (SPEC §4.3, §8.2). */
  plan: PlanInfo | null;
  /** True until the first answer (success or failure) arrives. */
  loading: boolean;
  /** Set when the last read failed (the failure is only logged, per SPEC §8.2). */
  failed: boolean;
  /** Reads the plan again without going back to the loading state (e.g. after a generation). */
  reload: () => void;
}

/** A Free plan with zero usage: what SPEC §4.3 shows when plan data is missing or unreadable. */
export function fallbackPlanInfo(): PlanInfo {
  const { plan, generationsUsed, editsUsed, lastResetDate } = defaultPlanData();
  const limits = PLAN_LIMITS[plan];
  return {
    plan,
    limits,
    usage: { generationsUsed, editsUsed, lastResetDate },
    remaining: {
      generations: remainingOf(limits.generationsPerMonth, generationsUsed),
      edits: remainingOf(limits.editsPerMonth, editsUsed),
      projects: limits.maxProjects,
    },
  };
}

/**
 * Plan, limits, usage and remaining quota of the signed-in user (`GET /api/plan`).
 * Keyed by user id so a different account never sees the previous one's figures.
 */
export function usePlan(userId: string, api: PlanApi = client.plan): UsePlanResult {
  const [result, setResult] = useState<{ userId: string; plan: PlanInfo; failed: boolean } | null>(
    null,
  );
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let cancelled = false;
    api.get().then(
      (plan) => {
        if (!cancelled) setResult({ userId, plan, failed: false });
      },
      (error: unknown) => {
        console.error('Failed to load plan data', error);
        if (!cancelled) setResult({ userId, plan: fallbackPlanInfo(), failed: true });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [api, userId, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const current = result?.userId === userId ? result : null;
  return {
    plan: current?.plan ?? null,
    loading: current === null,
    failed: current?.failed ?? false,
    reload,
  };
}
