import { useCallback, useEffect } from 'react';
import type { WebhookDelivery } from '@codewright/sdk';
import { failedWith, useLoad, type LoadState } from '../../../hooks/use-load.ts';
import { client } from '../../../sdk.ts';

export type DeliveriesState = LoadState<{ deliveries: WebhookDelivery[] }>;

/** How often an open log with a pending delivery reads itself again. */
const PENDING_POLL_MS = 4000;

/**
 * A webhook's delivery log (the last 50, newest first), loaded when its panel opens and read
 * again every few seconds while a delivery is pending; `refresh` reads it now, and `resend`
 * sends a delivery's event again as a new (pending) delivery.
 */
export function useWebhookDeliveries(webhookId: string) {
  const { state, setState, retry, reload } = useLoad<DeliveriesState, WebhookDelivery[]>(
    webhookId,
    {
      load: (signal) => client.integrations.webhooks.deliveries(webhookId, { signal }),
      ready: (deliveries) => ({ status: 'ready', deliveries }),
      failed: failedWith('Could not load the deliveries.'),
    },
  );

  const pending = state.status === 'ready' && state.deliveries.some((d) => d.status === 'pending');
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(reload, PENDING_POLL_MS);
    return () => clearTimeout(timer);
  }, [pending, state, reload]);

  const refresh = useCallback(async () => {
    const deliveries = await client.integrations.webhooks.deliveries(webhookId);
    setState({ status: 'ready', deliveries });
  }, [webhookId, setState]);

  const resend = useCallback(
    async (deliveryId: string) => {
      const again = await client.integrations.webhooks.resend(webhookId, deliveryId);
      setState((s) => (s.status === 'ready' ? { ...s, deliveries: [again, ...s.deliveries] } : s));
    },
    [webhookId, setState],
  );

  return { state, retry, refresh, resend };
}
