import { randomBytes } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEY_VISIBLE_CHARS,
  API_KEYS_PER_WORKSPACE_MAX,
  type ApiKey,
  type CreateApiKeyBody,
  type CreatedApiKey,
  PLAN_LIMITS,
  type WorkspaceSummary,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { hashApiKey } from './api-key-auth.ts';
import type { ApiKeysRepository } from './api-keys.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

type WorkspaceOf = (callerId: string, workspaceId: string) => Promise<WorkspaceSummary>;

/**
 * The check of every integrations call (API keys, webhooks): the workspace, when the caller owns
 * it (403 otherwise; 404 when not a member) and its plan has custom integrations (403
 * FEATURE_NOT_IN_PLAN).
 */
export function integrationsOwner(workspaceOf: WorkspaceOf) {
  return async (callerId: string, workspaceId: string): Promise<WorkspaceSummary> => {
    const workspace = await workspaceOf(callerId, workspaceId);
    if (workspace.role !== 'owner')
      throw new AppError('FORBIDDEN', 403, API_KEY_MESSAGES.ownersOnly);
    if (!PLAN_LIMITS[workspace.plan].customIntegrations)
      throw new AppError('FEATURE_NOT_IN_PLAN', 403, API_KEY_MESSAGES.notInPlan);
    return workspace;
  };
}

/**
 * API keys of a workspace (issue 49): made, listed and revoked by its owner while the
 * workspace's plan has custom integrations (Enterprise). A key is shown once, when it is made;
 * only its sha256 and its first characters are kept.
 */
export function createApiKeysService(deps: {
  keys: ApiKeysRepository;
  /** The caller's workspace with their role and its plan (404 when not a member). */
  workspaceOf: WorkspaceOf;
  /** Drops a revoked key from the principal cache: refused from its next request. */
  forget: (keyId: string) => void;
  now: () => number;
}) {
  const { keys } = deps;

  const ownedIntegrations = integrationsOwner(deps.workspaceOf);

  return {
    async create(callerId: string, body: CreateApiKeyBody): Promise<CreatedApiKey> {
      await ownedIntegrations(callerId, body.workspaceId);
      if ((await keys.listLive(body.workspaceId)).length >= API_KEYS_PER_WORKSPACE_MAX)
        throw new AppError('CONFLICT', 409, API_KEY_MESSAGES.tooMany);
      const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
      const apiKey = await keys.insert({
        id: `key_${randomBytes(12).toString('base64url')}`,
        userId: callerId,
        workspaceId: body.workspaceId,
        name: body.name,
        scope: body.scope,
        tokenHash: hashApiKey(key),
        start: key.slice(0, API_KEY_VISIBLE_CHARS),
        expiresAt: new Date(deps.now() + body.expiresInDays * DAY_MS),
      });
      return { key, apiKey };
    },

    async list(callerId: string, workspaceId: string): Promise<ApiKey[]> {
      await ownedIntegrations(callerId, workspaceId);
      return keys.listLive(workspaceId);
    },

    /** Revokes a live key of a workspace the caller owns (404 for any other). */
    async revoke(callerId: string, keyId: string): Promise<void> {
      const workspaceId = await keys.workspaceOf(keyId);
      if (!workspaceId) throw new AppError('NOT_FOUND', 404, 'No such API key.');
      const workspace = await deps.workspaceOf(callerId, workspaceId).catch(() => null);
      if (workspace?.role !== 'owner') throw new AppError('NOT_FOUND', 404, 'No such API key.');
      await keys.revoke(keyId);
      deps.forget(keyId);
    },
  };
}
