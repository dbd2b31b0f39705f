import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnalyticsLogBodySchema,
  AnalyticsLogResponseSchema,
  CtaStatsSchema,
} from '@codewright/contract';
import { requireAdmin } from '../auth/permissions.ts';
import { createAnalyticsRepository } from './analytics.repository.ts';
import { createAnalyticsService, type AnalyticsCaller } from './analytics.service.ts';

export interface AnalyticsRoutesOptions {
  /** Log requests per client IP per minute (tighter than the API-wide limit). */
  rateLimitMax: number;
}

const Params = z.object({ project: z.string() });

/**
 * /api/analytics/{project}/log (SPEC §7.3): validates a batch of at most 50
 * events and stores them. Anonymous batches are accepted (sendBeacon cannot set
 * Authorization); with a Bearer token the user comes from the token.
 */
export const analyticsRoutes: FastifyPluginAsyncZod<AnalyticsRoutesOptions> = async (
  app,
  options,
) => {
  const service = createAnalyticsService(createAnalyticsRepository(app.db));

  app.post(
    '/:project/log',
    {
      config: { rateLimit: { max: options.rateLimitMax, timeWindow: '1 minute' } },
      // The project is checked before the body, so a wrong project is a 404 whatever it sends.
      onRequest: async (request) => app.requireAppProject(request),
      preHandler: async (request) => {
        // A token is optional, but one that is sent must be valid (401 otherwise).
        if (request.headers.authorization) await app.authenticate(request);
      },
      schema: {
        params: Params,
        body: AnalyticsLogBodySchema,
        response: { 202: AnalyticsLogResponseSchema },
      },
    },
    async (request, reply) => {
      const user = request.principal?.user;
      const caller: AnalyticsCaller = { userId: user?.id ?? null, userEmail: user?.email ?? null };
      const accepted = await service.log(request.body.events, request.params.project, caller);
      return reply.code(202).send({ accepted });
    },
  );

  // CTA stats (SPEC §7.1): counted by the database, for admins only (the role rule of
  // modules/auth/permissions.ts; DESIGN §3.10 keeps cta_interactions admin-read).
  app.get(
    '/:project/cta-stats',
    {
      onRequest: async (request) => app.requireAppProject(request),
      preHandler: [app.authenticate, requireAdmin('Only an admin can read the CTA stats.')],
      schema: { params: Params, response: { 200: CtaStatsSchema } },
    },
    async () => service.ctaStats(),
  );
};
