import { useCallback } from 'react';
import type { CreateWebhookBody, Webhook, WebhookWithSecret } from '@codewright/sdk';
import { failedWith, useLoad, type LoadState } from '../../../hooks/use-load.ts';
import { client } from '../../../sdk.ts';

export type WebhooksState = LoadState<{ webhooks: Webhook[] }>;

/**
 * The webhooks of a workspace its owner manages (Enterprise): loaded once, then kept in step with
 * what this screen adds, rotates and deletes, so a change shows without a reload.
 */
export function useWebhooks(workspaceId: string) {
  const { state, setState, retry } = useLoad<WebhooksState, Webhook[]>(workspaceId, {
    load: (signal) => client.integrations.webhooks.list(workspaceId, { signal }),
    ready: (webhooks) => ({ status: 'ready', webhooks }),
    failed: failedWith('Could not load the webhooks.'),
  });

  const replace = useCallback(
    (webhook: Webhook) =>
      setState((s) =>
        s.status === 'ready'
          ? { ...s, webhooks: s.webhooks.map((w) => (w.id === webhook.id ? webhook : w)) }
          : s,
      ),
    [setState],
  );

  const create = useCallback(
    async (body: Omit<CreateWebhookBody, 'workspaceId'>): Promise<WebhookWithSecret> => {
      const created = await client.integrations.webhooks.create({ ...body, workspaceId });
      setState((s) =>
        s.status === 'ready' ? { ...s, webhooks: [...s.webhooks, created.webhook] } : s,
      );
      return created;
    },
    [workspaceId, setState],
  );

  const rotate = useCallback(
    async (webhookId: string): Promise<WebhookWithSecret> => {
      const rotated = await client.integrations.webhooks.rotate(webhookId);
      replace(rotated.webhook);
      return rotated;
    },
    [replace],
  );

  const remove = useCallback(
    async (webhookId: string) => {
      await client.integrations.webhooks.remove(webhookId);
      setState((s) =>
        s.status === 'ready' ? { ...s, webhooks: s.webhooks.filter((w) => w.id !== webhookId) } : s,
      );
    },
    [setState],
  );

  return { state, retry, create, rotate, remove };
}
