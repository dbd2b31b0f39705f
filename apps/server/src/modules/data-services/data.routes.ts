/**
 * POST /api/data/{project}/fetch | scrape | extract-from-url | extract-from-blob | screenshot |
 * search (SPEC §7.3; DESIGN §2c, §3.14; docs/api.md § Data). Thin: schema, auth, the service.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DATA_BLOB_MAX_BYTES,
  DataCapabilitiesSchema,
  DataExtractResultSchema,
  DataFetchResultSchema,
  DataScrapeRequestSchema,
  DataScrapeResultSchema,
  DataScreenshotRequestSchema,
  DataSearchRequestSchema,
  DataSearchResultSchema,
  DataUrlRequestSchema,
  DOCUMENT_READ_TIMEOUT_MS,
  PLAN_LIMITS,
  PlanNameSchema,
} from '@codewright/contract';
import type { Config } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import { principalOf } from '../auth/principal.ts';
import { createDataService } from './data.service.ts';
import { createDocumentPool } from './document-pool.ts';
import { createScreenshotter } from './screenshot.ts';
import { createSearchProvider } from './search.ts';
import { clientSignal } from '../../lib/client-signal.ts';

export interface DataRoutesOptions {
  config: Config;
}

const params = z.object({ project: z.string() });

export const dataRoutes: FastifyPluginAsyncZod<DataRoutesOptions> = async (app, { config }) => {
  const documents = createDocumentPool({ timeoutMs: DOCUMENT_READ_TIMEOUT_MS });
  const service = createDataService({ fetcher: app.urlFetcher, documents, ai: app.aiMedia });
  const screenshots = createScreenshotter({
    chromiumPath: config.CHROMIUM_PATH,
    fetcher: app.urlFetcher,
    allowList: config.URL_ALLOW_LIST,
    timeoutMs: config.URL_FETCH_TIMEOUT_MS,
  });
  const search = createSearchProvider(config);
  app.log.info(
    `Data: screenshots ${screenshots.configured ? 'on' : `off — ${screenshots.reason}`}; search ${search.name ?? `off — ${search.reason}`}`,
  );
  app.addHook('onClose', async () => {
    await Promise.all([documents.close(), screenshots.close()]);
  });

  // Registered in this scope only: the rest of the API stays JSON-only.
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: DATA_BLOB_MAX_BYTES + 1, files: 1, fields: 0, parts: 1, headerPairs: 100 },
  });

  const authenticated = { preHandler: [app.requireAppProject, app.authenticate] };

  // What this server offers, so clients hide the rest (docs/decisions/024): fetch, scrape and
  // extract are built in; screenshots need Chromium, search a provider.
  app.get(
    '/:project/capabilities',
    { ...authenticated, schema: { params, response: { 200: DataCapabilitiesSchema } } },
    async () => ({
      fetch: true,
      scrape: true,
      extract: true,
      screenshot: screenshots.configured,
      search: search.name !== null,
    }),
  );

  app.post(
    '/:project/fetch',
    {
      ...authenticated,
      schema: { params, body: DataUrlRequestSchema, response: { 200: DataFetchResultSchema } },
    },
    async (request, reply) => service.fetch(request.body.url, clientSignal(reply)),
  );

  app.post(
    '/:project/scrape',
    {
      ...authenticated,
      schema: { params, body: DataScrapeRequestSchema, response: { 200: DataScrapeResultSchema } },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const plan = PlanNameSchema.safeParse(principal.plan?.plan);
      return service.scrape({
        url: request.body.url,
        extract: request.body.extract,
        meter: request.body.meter,
        userId: principal.user.id,
        advanced: PLAN_LIMITS[plan.success ? plan.data : 'free'].advancedAI,
        signal: clientSignal(reply),
      });
    },
  );

  app.post(
    '/:project/extract-from-url',
    {
      ...authenticated,
      schema: { params, body: DataUrlRequestSchema, response: { 200: DataExtractResultSchema } },
    },
    async (request, reply) => service.extractFromUrl(request.body.url, clientSignal(reply)),
  );

  app.post(
    '/:project/extract-from-blob',
    {
      ...authenticated,
      bodyLimit: DATA_BLOB_MAX_BYTES + 1024 * 1024,
      schema: { params, response: { 200: DataExtractResultSchema } },
      onRequest: async (request) => {
        if (!request.headers['content-type']?.toLowerCase().startsWith('multipart/form-data')) {
          throw new AppError(
            'UNSUPPORTED_MEDIA_TYPE',
            415,
            'Send the document as multipart/form-data in the field "file".',
          );
        }
      },
    },
    async (request) => {
      let file: {
        bytes: Buffer;
        mimeType: string;
        fileName: string | null;
        truncated: boolean;
      } | null = null;
      try {
        for await (const part of request.parts()) {
          if (part.type !== 'file' || part.fieldname !== 'file') {
            if (part.type === 'file') part.file.resume();
            throw new AppError(
              'VALIDATION_ERROR',
              400,
              `Unknown multipart field "${part.fieldname}"; send only "file".`,
            );
          }
          const bytes = await part.toBuffer();
          file = {
            bytes,
            mimeType: part.mimetype,
            fileName: part.filename || null,
            truncated: part.file.truncated,
          };
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          'The multipart body could not be read; send the document in the field "file".',
        );
      }
      if (!file || file.bytes.length === 0) {
        throw new AppError(
          'VALIDATION_ERROR',
          400,
          'A document is required: send a non-empty file in the field "file".',
        );
      }
      if (file.truncated || file.bytes.length > DATA_BLOB_MAX_BYTES) {
        throw new AppError(
          'FILE_TOO_LARGE',
          413,
          'The document is larger than 10 MB; send a smaller one.',
        );
      }
      return service.extractFromBlob({
        bytes: new Uint8Array(file.bytes),
        mimeType: file.mimeType,
        fileName: file.fileName,
      });
    },
  );

  app.post(
    '/:project/screenshot',
    {
      ...authenticated,
      schema: { params, body: DataScreenshotRequestSchema },
      config: {
        answers: { 200: { description: 'The screenshot.', content: { 'image/png': null } } },
      },
    },
    async (request, reply) => {
      const png = await screenshots.capture(request.body, clientSignal(reply));
      return reply
        .header('content-type', 'image/png')
        .header('cache-control', 'no-store')
        .send(png);
    },
  );

  app.post(
    '/:project/search',
    {
      ...authenticated,
      schema: { params, body: DataSearchRequestSchema, response: { 200: DataSearchResultSchema } },
    },
    async (request, reply) => {
      if (search.name === null) throw new AppError('DATA_NOT_CONFIGURED', 503, search.reason);
      return search.search(request.body, clientSignal(reply));
    },
  );
};
