import {
  type CreateWebhookBody,
  WEBHOOK_LOG_LENGTH,
  WEBHOOK_MESSAGES,
  WEBHOOK_ROTATION_GRACE_HOURS,
  WEBHOOKS_PER_WORKSPACE_MAX,
  type Webhook,
  type WebhookDelivery,
  type WebhookEvent,
  type WebhookWithSecret,
  type WorkspaceSummary,
} from '@codewright/contract';
import { randomBytes } from 'node:crypto';
import { AppError } from '../../lib/app-error.ts';
import { checkUrl, type AllowEntry, UrlRefusedError } from '../../lib/url-policy.ts';
import { integrationsOwner } from '../auth/api-keys.service.ts';
import { newWebhookSecret, type SecretBox } from './webhook-signing.ts';
import { toWebhook, type WebhooksRepository } from './webhooks.repository.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A workspace's webhooks (issue 49), managed by its owner while its plan has custom
 * integrations: made (with its secret, shown then), listed, changed, deleted, its secret
 * rotated (the previous one signs on for WEBHOOK_ROTATION_GRACE_HOURS), and its delivery log
 * read, with "send again".
 */
export function createWebhooksService(deps: {
  repo: WebhooksRepository;
  box: SecretBox;
  allowList: readonly AllowEntry[];
  workspaceOf: (callerId: string, workspaceId: string) => Promise<WorkspaceSummary>;
  /** A delivery was just written: send it now. */
  wake: () => void;
  now: () => number;
}) {
  const { repo, box, now } = deps;
  const owned = integrationsOwner(deps.workspaceOf);

  /** The URL as the fetcher would take it: refused at once when the policy will refuse it. */
  function checkedUrl(url: string): string {
    try {
      return checkUrl(url, deps.allowList).href;
    } catch (err) {
      if (err instanceof UrlRefusedError) throw new AppError('URL_NOT_ALLOWED', 400, err.message);
      throw err;
    }
  }

  /** The webhook, when the caller owns its workspace (404 for anyone else). */
  async function ownedWebhook(callerId: string, webhookId: string) {
    const row = await repo.find(webhookId);
    if (!row) throw new AppError('NOT_FOUND', 404, WEBHOOK_MESSAGES.notFound);
    try {
      await owned(callerId, row.workspaceId);
    } catch (err) {
      // A stranger learns nothing of it; its owner hears why (not owner, not on the plan).
      if (err instanceof AppError && err.code === 'NOT_FOUND')
        throw new AppError('NOT_FOUND', 404, WEBHOOK_MESSAGES.notFound);
      throw err;
    }
    return row;
  }

  return {
    async create(callerId: string, body: CreateWebhookBody): Promise<WebhookWithSecret> {
      await owned(callerId, body.workspaceId);
      const url = checkedUrl(body.url);
      if ((await repo.count(body.workspaceId)) >= WEBHOOKS_PER_WORKSPACE_MAX)
        throw new AppError('CONFLICT', 409, WEBHOOK_MESSAGES.tooMany);
      const secret = newWebhookSecret();
      const row = await repo.insert({
        id: `wh_${randomBytes(12).toString('base64url')}`,
        workspaceId: body.workspaceId,
        url,
        events: body.events,
        secret: box.seal(secret),
        createdBy: callerId,
      });
      return { webhook: toWebhook(row, now()), secret };
    },

    async list(callerId: string, workspaceId: string): Promise<Webhook[]> {
      await owned(callerId, workspaceId);
      return (await repo.list(workspaceId)).map((row) => toWebhook(row, now()));
    },

    async update(
      callerId: string,
      webhookId: string,
      body: { url?: string; events?: WebhookEvent[] },
    ): Promise<Webhook> {
      await ownedWebhook(callerId, webhookId);
      const row = await repo.update(webhookId, {
        ...(body.url !== undefined ? { url: checkedUrl(body.url) } : {}),
        ...(body.events !== undefined ? { events: body.events } : {}),
      });
      return toWebhook(row, now());
    },

    async remove(callerId: string, webhookId: string): Promise<void> {
      await ownedWebhook(callerId, webhookId);
      await repo.remove(webhookId);
    },

    /** A new secret; the one it replaces keeps signing for the grace period. */
    async rotate(callerId: string, webhookId: string): Promise<WebhookWithSecret> {
      const current = await ownedWebhook(callerId, webhookId);
      const secret = newWebhookSecret();
      const row = await repo.update(webhookId, {
        secret: box.seal(secret),
        previousSecret: current.secret,
        previousSecretUntil: new Date(now() + WEBHOOK_ROTATION_GRACE_HOURS * HOUR_MS),
      });
      return { webhook: toWebhook(row, now()), secret };
    },

    async deliveries(callerId: string, webhookId: string): Promise<WebhookDelivery[]> {
      await ownedWebhook(callerId, webhookId);
      return repo.deliveries(webhookId, WEBHOOK_LOG_LENGTH);
    },

    /** Sends an earlier delivery's event again, as a new delivery. */
    async resend(callerId: string, webhookId: string, deliveryId: string) {
      await ownedWebhook(callerId, webhookId);
      const delivery = await repo.resend(webhookId, deliveryId);
      if (!delivery) throw new AppError('NOT_FOUND', 404, WEBHOOK_MESSAGES.deliveryNotFound);
      deps.wake();
      return delivery;
    },
  };
}
