import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pkg from '../../../package.json' with { type: 'json' };

const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({ status: z.enum(['ok', 'error']), kind: z.enum(['embedded', 'postgres']) }),
  version: z.string(),
});

/** GET /api/health — 200 when the database answers `select 1`, else 503. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: { response: { 200: HealthSchema, 503: HealthSchema } },
      config: { rateLimit: false },
    },
    async (_request, reply) => {
      const ok = await app.pingDatabase();
      const status = ok ? ('ok' as const) : ('error' as const);
      return reply.code(ok ? 200 : 503).send({
        status,
        database: { status, kind: app.dbKind },
        version: pkg.version,
      });
    },
  );

  /** GET /api/openapi.json — the API's OpenAPI 3.1 document (plugins/openapi.ts), built once. */
  app.get('/openapi.json', async (_request, reply) =>
    reply.type('application/json; charset=utf-8').send(app.openapiDocument()),
  );
};
