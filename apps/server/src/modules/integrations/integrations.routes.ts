import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiKeyListSchema,
  CreateApiKeyBodySchema,
  CreatedApiKeySchema,
} from '@codewright/contract';
import { NO_CONTENT } from '../../lib/answers.ts';
import { principalOf } from '../auth/principal.ts';
import { createApiKeysService } from '../auth/api-keys.service.ts';
import type { Config } from '../../env.ts';
import { webhooksRoutes } from './webhooks.routes.ts';

const ListQuery = z.strictObject({ workspaceId: z.string().min(1, 'is required').max(200) });
const KeyParams = z.object({ keyId: z.string().min(1).max(200) });

/**
 * /api/integrations (issue 49, Enterprise): a workspace owner's API keys and webhooks. Reached with a
 * session only; an API key here is a 401 (auth/api-key-auth.ts).
 */
export const integrationsRoutes: FastifyPluginAsyncZod<{
  clock?: () => number;
  config: Pick<Config, 'URL_ALLOW_LIST'>;
}> = async (app, options) => {
  const service = createApiKeysService({
    keys: app.apiKeys,
    workspaceOf: (callerId, workspaceId) => app.workspaces.forMember(callerId, workspaceId),
    forget: (keyId) => app.principalCache.forgetApiKey(keyId),
    now: options.clock ?? Date.now,
  });
  const authenticated = { onRequest: app.authenticate };

  app.get(
    '/keys',
    {
      ...authenticated,
      schema: { querystring: ListQuery, response: { 200: ApiKeyListSchema } },
    },
    async (request) => ({
      keys: await service.list(principalOf(request).user.id, request.query.workspaceId),
    }),
  );

  app.post(
    '/keys',
    {
      ...authenticated,
      schema: { body: CreateApiKeyBodySchema, response: { 201: CreatedApiKeySchema } },
    },
    async (request, reply) =>
      reply.code(201).send(await service.create(principalOf(request).user.id, request.body)),
  );

  app.delete(
    '/keys/:keyId',
    { ...authenticated, schema: { params: KeyParams }, config: { answers: NO_CONTENT } },
    async (request, reply) => {
      await service.revoke(principalOf(request).user.id, request.params.keyId);
      return reply.code(204).send();
    },
  );

  await app.register(webhooksRoutes, {
    prefix: '/webhooks',
    config: options.config,
    clock: options.clock,
  });
};
