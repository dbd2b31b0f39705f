/**
 * The API's OpenAPI 3.1 document (issue 48), generated from the routes' own zod schemas by
 * @fastify/swagger with fastify-type-provider-zod's transform: no second copy by hand. Each
 * operation also says its auth (a Bearer access token when the route authenticates) and its
 * errors (our envelope, `{ error: { code, message } }`). Built once when the app is ready and
 * served at GET /api/openapi.json.
 */
import { brotliCompressSync, gzipSync } from 'node:zlib';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteAnswers } from '../lib/answers.ts';
import { checkAnswerDocumented } from './openapi-check.ts';

/** The error envelope every failure answers with (docs/api.md § Errors). */
const ERROR_ENVELOPE = {
  description: 'An error: its code (docs/api.md § Errors) and a message that says what to fix.',
  content: {
    'application/json': {
      schema: {
        type: 'object',
        required: ['error'],
        properties: {
          error: {
            type: 'object',
            required: ['code', 'message'],
            properties: { code: { type: 'string' }, message: { type: 'string' } },
          },
        },
      },
    },
  },
};

function documentedAnswers(answers: RouteAnswers | undefined) {
  return Object.fromEntries(
    Object.entries(answers ?? {}).map(([status, { description, content }]) => [
      status,
      content
        ? {
            description,
            content: Object.fromEntries(
              Object.entries(content).map(([type, schema]) => [
                type,
                { schema: schema ? z.toJSONSchema(schema, { io: 'output' }) : {} },
              ]),
            ),
          }
        : // @fastify/swagger writes no content for a schema of type null.
          { description, type: 'null' },
    ]),
  );
}

async function openapiPlugin(
  app: FastifyInstance,
  options: { version: string; checkAnswers: boolean },
) {
  await app.register(swagger, {
    // HEAD answers as GET does (Fastify adds it): documented too.
    exposeHeadRoutes: true,
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Codewright API',
        version: options.version,
        description: 'The JSON API of a Codewright server (docs/api.md).',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: (input) => {
      const { schema = {}, url } = jsonSchemaTransform(input);
      // Pages (the app's index, the hosted sign-in page) are not the API.
      if (!url.startsWith('/api/')) return { url, schema: { ...schema, hide: true } };
      const hooks = [input.route.onRequest ?? [], input.route.preHandler ?? []].flat();
      const authenticated = hooks.includes(app.authenticate);
      return {
        url,
        schema: {
          ...schema,
          // Grouped by the API's part: auth, db, ai, storage, versions, …
          tags: [url.split('/')[2]!],
          ...(authenticated ? { security: [{ bearer: [] }] } : {}),
          response: {
            ...(schema.response as object | undefined),
            ...documentedAnswers(input.route.config?.answers),
            default: ERROR_ENVELOPE,
          },
        },
      };
    },
  });
  // In tests every answer of the API suite must be one its route documents (openapi-check.ts).
  if (options.checkAnswers) app.addHook('onSend', checkAnswerDocumented);
  let document: string | null = null;
  let encoded: { br: Buffer; gzip: Buffer } | null = null;
  app.addHook('onReady', async () => {
    document = JSON.stringify(app.swagger());
    // Compressed once too: 150 KB of JSON is about 15 KB in either, sent as is.
    encoded = { br: brotliCompressSync(document), gzip: gzipSync(document) };
  });
  app.decorate('openapiDocument', (acceptEncoding?: string) => {
    const text = document ?? JSON.stringify(app.swagger());
    const accepted = new Set(
      (acceptEncoding ?? '').split(',').map((e) => e.split(';')[0]!.trim().toLowerCase()),
    );
    for (const encoding of ['br', 'gzip'] as const)
      if (encoded && accepted.has(encoding)) return { body: encoded[encoding], encoding };
    return { body: text, encoding: null };
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** This route's answers that no response schema can say, for its OpenAPI operation. */
    answers?: RouteAnswers;
  }
  interface FastifyInstance {
    /**
     * The OpenAPI document (built once the app is ready): JSON text, or its brotli or gzip bytes
     * when the client's Accept-Encoding takes one (`encoding` says which).
     */
    openapiDocument(acceptEncoding?: string): {
      body: string | Buffer;
      encoding: 'br' | 'gzip' | null;
    };
  }
}

export default fp(openapiPlugin, { name: 'openapi', dependencies: ['auth'] });
