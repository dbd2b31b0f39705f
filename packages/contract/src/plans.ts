import { UNLIMITED } from './constants.ts';
import type { PlanLimits, PlanName } from './responses.ts';
import type { PlanData } from './plans.schemas.ts';

/** The plan table of SPEC §6, the one source for web, sdk and server. */
export const PLAN_LIMITS: Record<PlanName, PlanLimits> = {
  free: {
    name: 'Free',
    generationsPerMonth: 10,
    editsPerMonth: 5,
    maxProjects: 3,
    maxTeamMembers: 1,
    privateProjects: false,
    advancedAI: false,
    prioritySupport: false,
    versionControl: false,
    customIntegrations: false,
  },
  pro: {
    name: 'Pro',
    generationsPerMonth: UNLIMITED,
    editsPerMonth: UNLIMITED,
    maxProjects: UNLIMITED,
    maxTeamMembers: 5,
    privateProjects: true,
    advancedAI: true,
    prioritySupport: true,
    versionControl: true,
    customIntegrations: false,
  },
  enterprise: {
    name: 'Enterprise',
    generationsPerMonth: UNLIMITED,
    editsPerMonth: UNLIMITED,
    maxProjects: UNLIMITED,
    maxTeamMembers: UNLIMITED,
    privateProjects: true,
    advancedAI: true,
    prioritySupport: true,
    versionControl: true,
    customIntegrations: true,
  },
};

/** How many files one project may hold, and their total size in bytes (issue 45). */
export const PROJECT_FILE_LIMITS: Record<PlanName, { maxFiles: number; maxBytes: number }> = {
  free: { maxFiles: 20, maxBytes: 2 * 1024 * 1024 },
  pro: { maxFiles: 500, maxBytes: 20 * 1024 * 1024 },
  enterprise: { maxFiles: 500, maxBytes: 20 * 1024 * 1024 },
};

/** The default when plan data is missing or unreadable (SPEC §4.3). */
export function defaultPlanData(now: Date = new Date()): PlanData {
  return { plan: 'free', generationsUsed: 0, editsUsed: 0, lastResetDate: now.toISOString() };
}

/** Remaining quota, never below 0; -1 when unlimited (SPEC §5). */
export function remainingOf(limit: number, used: number): number {
  return limit === UNLIMITED ? UNLIMITED : Math.max(0, limit - used);
}
