import { isDifferentMonth } from '@codewright/contract';
import type { Principal } from '../auth/auth.repository.ts';

export const ADMIN_ROLE = 'admin';

/**
 * Server rules applied to a freshly loaded principal, so `/me` and every
 * authenticated route see them:
 * - a user whose email is in ADMIN_EMAILS has the role 'admin';
 * - plan counters of an earlier month read as 0 (SPEC §4.3). The row itself is
 *   reset by the next plan read or quota reservation, in its own transaction.
 */
export function applyPrincipalPolicy(
  principal: Principal,
  adminEmails: ReadonlySet<string>,
  now = new Date(),
): Principal {
  let { user, plan } = principal;
  if (adminEmails.has(user.email.toLowerCase()) && user.role !== ADMIN_ROLE)
    user = { ...user, role: ADMIN_ROLE };
  if (plan && isDifferentMonth(plan.lastResetDate, now))
    plan = { ...plan, generationsUsed: 0, editsUsed: 0, lastResetDate: now };
  return user === principal.user && plan === principal.plan
    ? principal
    : { ...principal, user, plan };
}
