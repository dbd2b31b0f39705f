/**
 * The server side of the permission module (SPEC §6, docs/decisions/025): every route asks
 * these functions instead of comparing role strings. The table itself is
 * packages/contract/src/permissions.ts, shared with the SDK's `can` and `hasRole`.
 */
import type { FastifyRequest } from 'fastify';
import { type Action, ADMIN_ROLE, type Resource, roleCan, roleMatches } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { principalOf } from './principal.ts';

export {
  ADMIN_ROLE,
  EDITOR_ROLE,
  OWNER_ROLE,
  USER_ROLE,
  VIEWER_ROLE,
  roleCan,
  roleMatches,
  workspaceRolesWith,
} from '@codewright/contract';
export { principalOf } from './principal.ts';

/** True when the instance role (admin or user) may do `action` on an instance resource. */
export function instanceCan(role: string, action: Action, resource: Resource = 'instance') {
  return roleCan(role, action, resource);
}

/** Throws 403 FORBIDDEN (with `message`, if given) unless `role` may do `action` on `resource`. */
export function assertCan(
  role: string | null | undefined,
  action: Action,
  resource: Resource,
  message?: string,
): void {
  if (!roleCan(role, action, resource)) throw new AppError('FORBIDDEN', 403, message);
}

/** True when the user acts as the instance admin (ADMIN_EMAILS or `npm run admin`). */
export function isAdmin(role: string | null | undefined): boolean {
  return roleMatches(role, ADMIN_ROLE);
}

/**
 * onRequest/preHandler hook after `app.authenticate`: the caller must be allowed to manage the
 * instance (the admin role). `message` says what was refused.
 */
export function requireAdmin(message?: string) {
  return async (request: FastifyRequest): Promise<void> => {
    assertCan(principalOf(request).user.role, 'manage', 'instance', message);
  };
}
