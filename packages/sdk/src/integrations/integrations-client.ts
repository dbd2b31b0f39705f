/**
 * `client.integrations`: a workspace owner's API keys and webhooks (custom integrations, Enterprise; SPEC §6;
 * docs/api.md § Integrations). Reached with a session only: a request made with an API key is
 * refused here (401).
 */
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@codewright/contract';
import { parseResponse } from '../response.ts';
import type { HttpClient } from '../http.ts';
import type { RequestOptions } from '../types.ts';
import { createWebhooksClient, type WebhooksClient } from './webhooks-client.ts';

export type { ApiKey, CreateApiKeyBody, CreatedApiKey };

/**
 * Rejects with CodewrightError codes: FEATURE_NOT_IN_PLAN (403) when the workspace's plan has no
 * custom integrations, FORBIDDEN (403) for a member who is not the owner, NOT_FOUND (404) for a
 * workspace you are not in or a key that is not yours, CONFLICT (409) at the most keys.
 */
export interface ApiKeysClient {
  /**
   * The workspace's live keys (neither revoked nor expired), without their secret.
   * @example const keys = await client.integrations.keys.list(workspace.id);
   */
  list(workspaceId: string, options?: RequestOptions): Promise<ApiKey[]>;
  /**
   * Makes a key. `key` is the secret, answered this once: show it, it cannot be read again.
   * @example const { key } = await client.integrations.keys.create({ workspaceId, name: 'CI', scope: 'read', expiresInDays: 90 });
   */
  create(body: CreateApiKeyBody, options?: RequestOptions): Promise<CreatedApiKey>;
  /**
   * Revokes a key: its next request is refused.
   * @example await client.integrations.keys.revoke(apiKey.id);
   */
  revoke(keyId: string, options?: RequestOptions): Promise<void>;
}

export interface IntegrationsClient {
  /** API keys that script the API from CI as their user, in one workspace. */
  readonly keys: ApiKeysClient;
  /** Webhooks that tell a URL of the workspace's events, signed (webhooks-client.ts). */
  readonly webhooks: WebhooksClient;
}

/** Builds `client.integrations`. */
export function createIntegrationsClient(options: { http: HttpClient }): IntegrationsClient {
  const { http } = options;
  const keysPath = '/api/integrations/keys';
  return {
    webhooks: createWebhooksClient(http),
    keys: {
      async list(workspaceId, request = {}) {
        const body = await http({ path: keysPath, query: { workspaceId }, signal: request.signal });
        return (await parseResponse('ApiKeyListSchema', body)).keys;
      },
      async create(create, request = {}) {
        const body = await http({
          method: 'POST',
          path: keysPath,
          body: create,
          signal: request.signal,
        });
        return parseResponse('CreatedApiKeySchema', body);
      },
      async revoke(keyId, request = {}) {
        await http({
          method: 'DELETE',
          path: `${keysPath}/${encodeURIComponent(keyId)}`,
          signal: request.signal,
        });
      },
    },
  };
}
