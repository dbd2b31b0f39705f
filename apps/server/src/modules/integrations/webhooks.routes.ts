import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateWebhookBodySchema,
  UpdateWebhookBodySchema,
  WebhookDeliveryListSchema,
  WebhookDeliverySchema,
  WebhookListSchema,
  WebhookSchema,
  WebhookWithSecretSchema,
} from '@codewright/contract';
import type { Config } from '../../env.ts';
import { NO_CONTENT } from '../../lib/answers.ts';
import { principalOf } from '../auth/principal.ts';
import { createWebhooksService } from './webhooks.service.ts';

const ListQuery = z.strictObject({ workspaceId: z.string().min(1, 'is required').max(200) });
const WebhookParams = z.object({ webhookId: z.string().min(1).max(200) });
const DeliveryParams = WebhookParams.extend({ deliveryId: z.string().min(1).max(200) });

/**
 * /api/integrations/webhooks (issue 49, Enterprise): a workspace owner's webhooks, their secret
 * rotation and their delivery log. Reached with a session only (an API key is a 401).
 */
export const webhooksRoutes: FastifyPluginAsyncZod<{
  config: Pick<Config, 'URL_ALLOW_LIST'>;
  clock?: () => number;
}> = async (app, options) => {
  const service = createWebhooksService({
    repo: app.webhooks.repo,
    box: app.webhooks.box,
    allowList: options.config.URL_ALLOW_LIST,
    workspaceOf: (callerId, workspaceId) => app.workspaces.forMember(callerId, workspaceId),
    wake: app.webhooks.wake,
    now: options.clock ?? Date.now,
  });
  const authenticated = { onRequest: app.authenticate };
  const caller = (request: Parameters<typeof principalOf>[0]) => principalOf(request).user.id;

  app.get(
    '/',
    { ...authenticated, schema: { querystring: ListQuery, response: { 200: WebhookListSchema } } },
    async (request) => ({
      webhooks: await service.list(caller(request), request.query.workspaceId),
    }),
  );

  app.post(
    '/',
    {
      ...authenticated,
      schema: { body: CreateWebhookBodySchema, response: { 201: WebhookWithSecretSchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(caller(request), request.body)),
  );

  app.patch(
    '/:webhookId',
    {
      ...authenticated,
      schema: {
        params: WebhookParams,
        body: UpdateWebhookBodySchema,
        response: { 200: WebhookSchema },
      },
    },
    async (request) => service.update(caller(request), request.params.webhookId, request.body),
  );

  app.delete(
    '/:webhookId',
    { ...authenticated, schema: { params: WebhookParams }, config: { answers: NO_CONTENT } },
    async (request, reply) => {
      await service.remove(caller(request), request.params.webhookId);
      return reply.code(204).send();
    },
  );

  app.post(
    '/:webhookId/rotate',
    {
      ...authenticated,
      schema: { params: WebhookParams, response: { 200: WebhookWithSecretSchema } },
    },
    async (request) => service.rotate(caller(request), request.params.webhookId),
  );

  app.get(
    '/:webhookId/deliveries',
    {
      ...authenticated,
      schema: { params: WebhookParams, response: { 200: WebhookDeliveryListSchema } },
    },
    async (request) => ({
      deliveries: await service.deliveries(caller(request), request.params.webhookId),
    }),
  );

  app.post(
    '/:webhookId/deliveries/:deliveryId/resend',
    {
      ...authenticated,
      schema: { params: DeliveryParams, response: { 202: WebhookDeliverySchema } },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(
          await service.resend(
            caller(request),
            request.params.webhookId,
            request.params.deliveryId,
          ),
        ),
  );
};
