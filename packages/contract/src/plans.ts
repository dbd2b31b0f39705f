import { z } from 'zod';
import { UNLIMITED } from './constants.ts';

/** Plan names (SPEC §3, §6). */
export const PLAN_NAMES = ['free', 'pro', 'enterprise'] as const;
export const PlanNameSchema = z.enum(PLAN_NAMES);
export type PlanName = z.infer<typeof PlanNameSchema>;

/** Plan limits record (SPEC §3); -1 means unlimited. */
export const PlanLimitsSchema = z.object({
  name: z.string(),
  generationsPerMonth: z.number().int(),
  editsPerMonth: z.number().int(),
  maxProjects: z.number().int(),
  maxTeamMembers: z.number().int(),
  privateProjects: z.boolean(),
  advancedAI: z.boolean(),
  prioritySupport: z.boolean(),
  versionControl: z.boolean(),
  customIntegrations: z.boolean(),
});
export type PlanLimits = z.infer<typeof PlanLimitsSchema>;

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

/** Plan data as reported inside user metadata under `planData` (SPEC §3). */
export const PlanDataSchema = z.object({
  plan: PlanNameSchema,
  generationsUsed: z.number().int().min(0),
  editsUsed: z.number().int().min(0),
  lastResetDate: z.string(),
});
export type PlanData = z.infer<typeof PlanDataSchema>;

/** The default when plan data is missing or unreadable (SPEC §4.3). */
export function defaultPlanData(now: Date = new Date()): PlanData {
  return { plan: 'free', generationsUsed: 0, editsUsed: 0, lastResetDate: now.toISOString() };
}

/** Remaining quota, never below 0; -1 when unlimited (SPEC §5). */
export function remainingOf(limit: number, used: number): number {
  return limit === UNLIMITED ? UNLIMITED : Math.max(0, limit - used);
}
