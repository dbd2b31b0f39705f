import { isDifferentMonth } from '@codewright/contract';
import { withEffectiveRole } from '../auth/admin-role.ts';
import type { Principal } from '../auth/principal.ts';

export { ADMIN_ROLE } from '@codewright/contract';

/**
 * Server rules applied to a freshly loaded principal, so `/me` and every
 * authenticated route see them:
 * - the user carries their effective role (modules/auth/admin-role.ts): the
 *   stored role, or 'admin' for a verified ADMIN_EMAILS address;
 * - plan counters of an earlier month read as 0 (SPEC §4.3). The row itself is
 *   reset by the next plan read or quota reservation, in its own transaction.
 */
export function applyPrincipalPolicy(
  principal: Principal,
  adminEmails: ReadonlySet<string>,
  now = new Date(),
): Principal {
  const user = withEffectiveRole(principal.user, adminEmails);
  let { plan } = principal;
  if (plan && isDifferentMonth(plan.lastResetDate, now))
    plan = { ...plan, generationsUsed: 0, editsUsed: 0, lastResetDate: now };
  return user === principal.user && plan === principal.plan
    ? principal
    : { ...principal, user, plan };
}
