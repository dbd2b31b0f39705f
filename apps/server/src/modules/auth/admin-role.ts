import { ADMIN_ROLE } from '@codewright/contract';
import type { UserRow } from '../../db/schema.ts';

/** What the role rule reads of a user row. */
export type RoleFacts = Pick<UserRow, 'email' | 'role' | 'emailVerifiedAt'>;

/**
 * The role a user acts with — the one rule behind every user view (sign-in, refresh,
 * sign-up, /me) and every admin check (DESIGN §3.10, docs/operations.md "Admins"):
 * - the stored role (`users.role`, set by `npm run admin -- grant`), or
 * - 'admin' for an ADMIN_EMAILS address, but only once that address is verified
 *   (email link, password-reset link, magic link or an OAuth provider's verified
 *   email all set `email_verified_at`). Before that, anyone could sign up with it.
 */
export function effectiveRole(user: RoleFacts, adminEmails: ReadonlySet<string>): string {
  if (user.role === ADMIN_ROLE) return ADMIN_ROLE;
  if (user.emailVerifiedAt && adminEmails.has(normaliseEmail(user.email))) return ADMIN_ROLE;
  return user.role;
}

/** An email as ADMIN_EMAILS holds it (env.ts trims and lower-cases each entry). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The user row with its effective role (the same object when nothing changes). */
export function withEffectiveRole<T extends RoleFacts>(
  user: T,
  adminEmails: ReadonlySet<string>,
): T {
  const role = effectiveRole(user, adminEmails);
  return role === user.role ? user : { ...user, role };
}
