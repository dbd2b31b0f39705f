import { defaultPlanData, type PlanData, PlanNameSchema, type User } from '@codewright/contract';
import type { UserPlanRow, UserRow } from '../../db/schema.ts';
import { effectiveRole } from './admin-role.ts';

/** Plan data as SPEC §3 names it, from the server's own table (default Free when missing). */
export function planDataOf(plan: UserPlanRow | null, fallbackDate: Date): PlanData {
  if (!plan) return defaultPlanData(fallbackDate);
  const name = PlanNameSchema.safeParse(plan.plan);
  return {
    plan: name.success ? name.data : 'free',
    generationsUsed: plan.generationsUsed,
    editsUsed: plan.editsUsed,
    lastResetDate: plan.lastResetDate.toISOString(),
  };
}

/** Parses stored metadata; anything that is not a JSON object counts as empty. */
export function parseMetadataObject(metadata: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(metadata);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/**
 * The user as the API returns it: metadata always carries the server's planData, and
 * the role is the effective one (admin-role.ts), so sign-in, refresh, sign-up and /me
 * always agree. Never the password hash.
 */
export function toUserView(
  user: UserRow,
  plan: UserPlanRow | null,
  adminEmails: ReadonlySet<string>,
): User {
  const metadata = {
    ...parseMetadataObject(user.metadata),
    planData: planDataOf(plan, user.createdAt),
  };
  return {
    id: user.id,
    email: user.email,
    displayName: user.displayName,
    role: effectiveRole(user, adminEmails),
    metadata: JSON.stringify(metadata),
  };
}
