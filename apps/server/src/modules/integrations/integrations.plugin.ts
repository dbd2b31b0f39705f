import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { WebhookEvent } from '@codewright/contract';
import type { Config } from '../../env.ts';
import { listenOn } from '../../db/listen.ts';
import { createWebhookDeliverer } from './webhook-deliverer.ts';
import { createSecretBox, type SecretBox } from './webhook-signing.ts';
import { createWebhooksRepository, type WebhooksRepository } from './webhooks.repository.ts';

/** The NOTIFY channel of webhook_enqueue (drizzle/0014). */
const WEBHOOKS_CHANNEL = 'codewright_webhooks';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Webhooks (issue 49): `emit` writes an event the database cannot see itself (a generation
     * finished) for the workspace's webhooks; the rest come from triggers (drizzle/0014).
     */
    webhooks: {
      emit(workspaceId: string, event: WebhookEvent, data: unknown): Promise<void>;
      repo: WebhooksRepository;
      box: SecretBox;
      wake(): void;
    };
  }
}

export interface IntegrationsPluginOptions {
  secret: string;
  config: Pick<Config, 'WEBHOOK_MAX_ATTEMPTS' | 'WEBHOOK_RETRY_BASE_MS' | 'WEBHOOK_POLL_MS'>;
  clock?: () => number;
}

/** Decorates `app.webhooks` and runs this instance's deliverer while the app is up. */
async function integrationsPlugin(app: FastifyInstance, options: IntegrationsPluginOptions) {
  const repo = createWebhooksRepository(app.db);
  const box = createSecretBox(options.secret);
  const deliverer = createWebhookDeliverer({
    repo,
    box,
    fetcher: app.urlFetcher,
    maxAttempts: options.config.WEBHOOK_MAX_ATTEMPTS,
    retryBaseMs: options.config.WEBHOOK_RETRY_BASE_MS,
    pollMs: options.config.WEBHOOK_POLL_MS,
    now: options.clock ?? Date.now,
    log: app.log,
  });
  let listening: { close(): Promise<void> } | null = null;
  app.decorate('webhooks', {
    repo,
    box,
    wake: deliverer.wake,
    async emit(workspaceId: string, event: WebhookEvent, data: unknown) {
      await repo.enqueue(workspaceId, event, data);
      deliverer.wake();
    },
  });
  app.addHook('onReady', async () => {
    listening = listenOn({
      connection: app.dbPool.options,
      channel: WEBHOOKS_CHANNEL,
      onPayload: deliverer.wake,
      // Told again once listening: what was written while it was not is looked for now.
      onListening: deliverer.wake,
      onError: (err) => app.log.warn({ err }, 'webhooks: listening for deliveries failed'),
    });
    deliverer.start();
  });
  app.addHook('onClose', async () => {
    await listening?.close();
    await deliverer.close();
  });
}

export default fp(integrationsPlugin, {
  name: 'integrations',
  dependencies: ['db', 'url-fetcher'],
});
