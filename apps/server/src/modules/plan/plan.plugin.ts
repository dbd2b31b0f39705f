import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createPlanService, type PlanService } from './plan.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Plans and usage meters; the AI route calls `reserveUsage` / `refundUsage` on it. */
    planService: PlanService;
  }
}

/** Decorates `app.planService` for every module (routes of other modules run in sibling scopes). */
async function planPlugin(app: FastifyInstance) {
  app.decorate('planService', createPlanService({ db: app.db, cache: app.principalCache }));
}

export default fp(planPlugin, { name: 'plan', dependencies: ['db', 'auth'] });
