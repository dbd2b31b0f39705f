import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PlanInfoSchema, PlanUpgradeBodySchema } from '@codewright/contract';
import { principalOf } from '../auth/principal.ts';

/** /api/plan: the caller's plan and usage, and the self-serve plan change (DESIGN §2b). */
export const planRoutes: FastifyPluginAsyncZod = async (app) => {
  const authenticated = { preHandler: app.authenticate };

  app.get(
    '/',
    { ...authenticated, schema: { response: { 200: PlanInfoSchema } } },
    async (request) => app.planService.getPlanInfo(principalOf(request).user.id),
  );

  app.post(
    '/upgrade',
    {
      ...authenticated,
      schema: { body: PlanUpgradeBodySchema, response: { 200: PlanInfoSchema } },
    },
    async (request) => app.planService.upgrade(principalOf(request).user.id, request.body.plan),
  );
};
