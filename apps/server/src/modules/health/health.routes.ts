import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pkg from '../../../package.json' with { type: 'json' };

/** What GET /api/openapi.json promises of its document. */
const OpenApiDocumentSchema = z.looseObject({
  openapi: z.literal('3.1.0'),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

const HealthSchema = z.object({
  status: z.enum(['ok', 'error']),
  database: z.object({ status: z.enum(['ok', 'error']), kind: z.enum(['embedded', 'postgres']) }),
  version: z.string(),
});

/**
 * GET /api/health — 200 when the database answers `select 1`, else 503; 503 too once the server
 * is shutting down (plugins/drain.ts), so a load balancer stops sending it requests at once.
 */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: { response: { 200: HealthSchema, 503: HealthSchema } },
      config: { rateLimit: false, answersWhileDraining: true },
    },
    async (_request, reply) => {
      const ok = await app.pingDatabase();
      const database = ok ? ('ok' as const) : ('error' as const);
      const serving = ok && !app.drain.draining;
      return reply.code(serving ? 200 : 503).send({
        status: serving ? 'ok' : 'error',
        database: { status: database, kind: app.dbKind },
        version: pkg.version,
      });
    },
  );

  /** GET /api/openapi.json — the API's OpenAPI 3.1 document (plugins/openapi.ts), built once. */
  const documentAnswer = {
    200: {
      description: 'The OpenAPI 3.1 document.',
      content: { 'application/json': OpenApiDocumentSchema },
    },
  };
  app.get('/openapi.json', { config: { answers: documentAnswer } }, async (request, reply) => {
    const { body, encoding } = app.openapiDocument(request.headers['accept-encoding']);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('vary', 'accept-encoding')
      .type('application/json; charset=utf-8')
      .send(body);
  });
};
