import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error.ts';
import { principalOf } from '../../plugins/auth.ts';
import type { AbuseLimits } from './abuse-limits.ts';
import type { AccountService } from './account.service.ts';

/** What the account route files share (built once in auth.routes.ts). */
export interface AccountRouteDeps {
  account: AccountService;
  limits: AbuseLimits;
}

/** onRequest/preHandler hook: the caller must be an admin (`role === 'admin'`, see ADMIN_EMAILS). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  if (principalOf(request).user.role !== 'admin') {
    throw new AppError('FORBIDDEN', 403, 'Only an admin can generate links for other accounts.');
  }
}
