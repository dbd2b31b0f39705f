import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  RealtimeMessageListSchema,
  RealtimeMessageSchema,
  RealtimeMessagesQuerySchema,
  RealtimePublishBodySchema,
} from '@codewright/contract';
import { principalOf } from '../auth/principal.ts';
import { createRealtimeService } from './realtime.service.ts';

const ProjectParams = z.object({ project: z.string() });

/**
 * /api/realtime/{project} (DESIGN §2c, docs/api.md § Realtime): publish to a channel and read
 * back what it kept since an id. The websocket and presence come with the connection layer.
 */
export const realtimeRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createRealtimeService({ db: app.db, workspaces: app.workspaces });
  const authenticated = { onRequest: [app.requireAppProject, app.authenticate] };

  app.post(
    '/:project/publish',
    {
      ...authenticated,
      schema: {
        params: ProjectParams,
        body: RealtimePublishBodySchema,
        response: { 201: RealtimeMessageSchema },
      },
    },
    async (request, reply) => {
      const message = await service.publish(principalOf(request).user.id, request.body);
      return reply.code(201).send(message);
    },
  );

  app.get(
    '/:project/messages',
    {
      ...authenticated,
      schema: {
        params: ProjectParams,
        querystring: RealtimeMessagesQuerySchema,
        response: { 200: RealtimeMessageListSchema },
      },
    },
    async (request) => ({
      messages: await service.messages(principalOf(request).user.id, request.query),
    }),
  );
};
