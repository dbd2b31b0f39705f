import { PLAN_LIMITS, UNLIMITED, USAGE_WARNING_RATIO, type PlanLimits } from '@codewright/contract';

/** How full a metered allowance is (SPEC §2.11): warning at ≥ 80 %, exhausted at the limit. */
export type UsageState = 'unlimited' | 'ok' | 'warning' | 'exhausted';

/** The state of a meter with `used` out of `limit` (-1 = unlimited). */
export function usageState(used: number, limit: number): UsageState {
  if (limit === UNLIMITED) return 'unlimited';
  if (limit <= 0 || used >= limit) return 'exhausted';
  return used / limit >= USAGE_WARNING_RATIO ? 'warning' : 'ok';
}

/** The unlimited status on a plan the user does not own: a teammate's view of the team's plan. */
export const UNLIMITED_ON_WORKSPACE_PLAN = "Unlimited on the workspace's plan";

/** "8 / 10", or "8 / Unlimited". */
export function formatUsage(used: number, limit: number): string {
  return `${used} / ${limit === UNLIMITED ? 'Unlimited' : limit}`;
}

/**
 * The text that accompanies the meter colour, so colour is never the only signal. `own` false:
 * the meter shows the plan of a workspace someone else owns (docs/decisions/026).
 */
export function usageStatusText(used: number, limit: number, own = true): string {
  const state = usageState(used, limit);
  if (state === 'unlimited') return own ? 'Unlimited on your plan' : UNLIMITED_ON_WORKSPACE_PLAN;
  if (state === 'exhausted') return 'Limit reached';
  const left = Math.max(0, limit - used);
  return state === 'warning' ? `Running low · ${left} left` : `${left} left this month`;
}

/** Pro's selling points, derived from the plan table so they never drift from it (SPEC §2.13, §6). */
export function proBenefits(pro: PlanLimits = PLAN_LIMITS.pro): string[] {
  const benefits: string[] = [];
  const unlimitedGenerations = pro.generationsPerMonth === UNLIMITED;
  const unlimitedEdits = pro.editsPerMonth === UNLIMITED;
  if (unlimitedGenerations && unlimitedEdits) benefits.push('Unlimited generations and edits');
  else {
    benefits.push(
      unlimitedGenerations
        ? 'Unlimited generations'
        : `${pro.generationsPerMonth} generations a month`,
    );
    benefits.push(unlimitedEdits ? 'Unlimited edits' : `${pro.editsPerMonth} edits a month`);
  }
  benefits.push(
    pro.maxProjects === UNLIMITED ? 'Unlimited projects' : `Up to ${pro.maxProjects} projects`,
  );
  if (pro.maxTeamMembers === UNLIMITED) benefits.push('Unlimited team members');
  else if (pro.maxTeamMembers > 1)
    benefits.push(`Team collaboration for up to ${pro.maxTeamMembers} members`);
  if (pro.privateProjects) benefits.push('Private projects');
  if (pro.advancedAI) benefits.push('Advanced AI models');
  if (pro.prioritySupport) benefits.push('Priority support');
  if (pro.versionControl) benefits.push('Version control');
  if (pro.customIntegrations) benefits.push('Custom integrations');
  return benefits;
}
