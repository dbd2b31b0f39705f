/**
 * What an API key may do on a request (issue 49), checked on every one it makes: it is live
 * (not revoked, not expired), its workspace is on a plan with custom integrations, it never
 * reaches the account and key routes, a read key only reads, and everything the request builds
 * is held to the key's workspace (lib/request-context.ts, workspaces/access.ts).
 */
import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { API_KEY_MESSAGES, PLAN_LIMITS } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { limitRequestToWorkspace } from '../../lib/request-context.ts';
import type { ApiKeyGrant } from './api-keys.repository.ts';

/** What we store instead of an API key: its sha256, hex. */
export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');

/**
 * Paths a key never reaches: the account (sign-in, password, email, sessions, export,
 * deletion), the keys and webhooks themselves, the plan (billing is the account's), and
 * storage (its files are the account's, not a workspace's).
 */
const ACCOUNT_PATHS = ['/api/auth/', '/api/integrations/', '/api/plan', '/api/storage/'];
const READS = new Set(['GET', 'HEAD']);

export function checkApiKeyRequest(
  key: ApiKeyGrant | null,
  request: FastifyRequest,
  now: number,
): asserts key is ApiKeyGrant {
  if (!key || key.revoked || key.expiresAtMs <= now)
    throw new AppError('UNAUTHORIZED', 401, API_KEY_MESSAGES.expired);
  if (!PLAN_LIMITS[key.workspacePlan].customIntegrations)
    throw new AppError('FEATURE_NOT_IN_PLAN', 403, API_KEY_MESSAGES.notInPlan);
  const path = request.url;
  if (ACCOUNT_PATHS.some((prefix) => path.startsWith(prefix)))
    throw new AppError('UNAUTHORIZED', 401, API_KEY_MESSAGES.notHere);
  if (key.scope === 'read' && !READS.has(request.method))
    throw new AppError('FORBIDDEN', 403, API_KEY_MESSAGES.readOnly);
  // Fails closed: a request the key cannot be held to is not served.
  if (!limitRequestToWorkspace(key.workspaceId)) throw new AppError('UNAUTHORIZED');
}
