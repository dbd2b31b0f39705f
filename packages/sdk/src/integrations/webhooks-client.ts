/**
 * `client.integrations.webhooks`: a workspace owner's webhooks, their signing secret and their
 * delivery log (Enterprise; docs/api.md § Webhooks). Reached with a session only.
 */
import type {
  CreateWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  WebhookEvent,
  WebhookWithSecret,
} from '@codewright/contract';
import { parseResponse } from '../response.ts';
import type { HttpClient } from '../http.ts';
import type { RequestOptions } from '../types.ts';

export type {
  CreateWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  WebhookEvent,
  WebhookWithSecret,
};

/**
 * Rejects with CodewrightError codes: FEATURE_NOT_IN_PLAN (403) off Enterprise, FORBIDDEN (403)
 * for a member who is not the owner, NOT_FOUND (404) for a webhook or delivery that is not
 * yours, URL_NOT_ALLOWED (400) for a private or loopback receiver, CONFLICT (409) at the most.
 */
export interface WebhooksClient {
  /**
   * The workspace's webhooks, without their secret.
   * @example const hooks = await client.integrations.webhooks.list(workspace.id);
   */
  list(workspaceId: string, options?: RequestOptions): Promise<Webhook[]>;
  /**
   * Adds a webhook. `secret` (`whsec_…`) signs its deliveries and is answered this once.
   * @example const { secret } = await client.integrations.webhooks.create({ workspaceId, url, events: ['project.created'] });
   */
  create(body: CreateWebhookBody, options?: RequestOptions): Promise<WebhookWithSecret>;
  /**
   * Changes a webhook's URL or events.
   * @example await client.integrations.webhooks.update(hook.id, { events: ['project.deleted'] });
   */
  update(webhookId: string, body: UpdateWebhookBody, options?: RequestOptions): Promise<Webhook>;
  /**
   * Deletes a webhook and its delivery log.
   * @example await client.integrations.webhooks.remove(hook.id);
   */
  remove(webhookId: string, options?: RequestOptions): Promise<void>;
  /**
   * A new signing secret, answered this once; the previous one also signs until
   * `webhook.previousSecretUntil`.
   * @example const { secret } = await client.integrations.webhooks.rotate(hook.id);
   */
  rotate(webhookId: string, options?: RequestOptions): Promise<WebhookWithSecret>;
  /**
   * The last deliveries, newest first.
   * @example const log = await client.integrations.webhooks.deliveries(hook.id);
   */
  deliveries(webhookId: string, options?: RequestOptions): Promise<WebhookDelivery[]>;
  /**
   * Sends a delivery's event again, as a new delivery (answered pending).
   * @example await client.integrations.webhooks.resend(hook.id, delivery.id);
   */
  resend(webhookId: string, deliveryId: string, options?: RequestOptions): Promise<WebhookDelivery>;
}

/** Builds `client.integrations.webhooks`. */
export function createWebhooksClient(http: HttpClient): WebhooksClient {
  const base = '/api/integrations/webhooks';
  const one = (webhookId: string) => `${base}/${encodeURIComponent(webhookId)}`;
  return {
    async list(workspaceId, request = {}) {
      const body = await http({ path: base, query: { workspaceId }, signal: request.signal });
      return (await parseResponse('WebhookListSchema', body)).webhooks;
    },
    async create(create, request = {}) {
      const body = await http({ method: 'POST', path: base, body: create, signal: request.signal });
      return parseResponse('WebhookWithSecretSchema', body);
    },
    async update(webhookId, change, request = {}) {
      const body = await http({
        method: 'PATCH',
        path: one(webhookId),
        body: change,
        signal: request.signal,
      });
      return parseResponse('WebhookSchema', body);
    },
    async remove(webhookId, request = {}) {
      await http({ method: 'DELETE', path: one(webhookId), signal: request.signal });
    },
    async rotate(webhookId, request = {}) {
      const body = await http({
        method: 'POST',
        path: `${one(webhookId)}/rotate`,
        signal: request.signal,
      });
      return parseResponse('WebhookWithSecretSchema', body);
    },
    async deliveries(webhookId, request = {}) {
      const body = await http({ path: `${one(webhookId)}/deliveries`, signal: request.signal });
      return (await parseResponse('WebhookDeliveryListSchema', body)).deliveries;
    },
    async resend(webhookId, deliveryId, request = {}) {
      const body = await http({
        method: 'POST',
        path: `${one(webhookId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
        signal: request.signal,
      });
      return parseResponse('WebhookDeliverySchema', body);
    },
  };
}
