import { useCallback } from 'react';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@codewright/sdk';
import { failedWith, useLoad, type LoadState } from '../../../hooks/use-load.ts';
import { client } from '../../../sdk.ts';

export type ApiKeysState = LoadState<{ keys: ApiKey[] }>;

/**
 * The live API keys of a workspace its owner manages (Enterprise): loaded once, then kept in step
 * with what this screen makes and revokes, so a new key is listed without a reload.
 */
export function useApiKeys(workspaceId: string) {
  const { state, setState, retry } = useLoad<ApiKeysState, ApiKey[]>(workspaceId, {
    load: (signal) => client.integrations.keys.list(workspaceId, { signal }),
    ready: (keys) => ({ status: 'ready', keys }),
    failed: failedWith('Could not load the API keys.'),
  });

  const create = useCallback(
    async (body: Omit<CreateApiKeyBody, 'workspaceId'>): Promise<CreatedApiKey> => {
      const created = await client.integrations.keys.create({ ...body, workspaceId });
      setState((s) => (s.status === 'ready' ? { ...s, keys: [created.apiKey, ...s.keys] } : s));
      return created;
    },
    [workspaceId, setState],
  );

  const revoke = useCallback(
    async (keyId: string) => {
      await client.integrations.keys.revoke(keyId);
      setState((s) =>
        s.status === 'ready' ? { ...s, keys: s.keys.filter((k) => k.id !== keyId) } : s,
      );
    },
    [setState],
  );

  return { state, retry, create, revoke };
}
