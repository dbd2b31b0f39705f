import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AiStatusSchema,
  AiTextRequestSchema,
  type AiTextResult,
  BACKEND_UPLOAD_MAX_BYTES,
  PLAN_LIMITS,
  PlanNameSchema,
} from '@codewright/contract';
import type { Config } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import { principalOf } from '../../plugins/auth.ts';
import { LocalDiskBackend } from '../storage/local-disk-backend.ts';
import { createStorageService } from '../storage/storage.service.ts';
import { loadImages, type ImageSource } from './ai-images.ts';
import { createAiService, type AiTimeouts } from './ai.service.ts';
import { resolveAiProvider, type AiProviderResolution, type ResolveOptions } from './providers.ts';
import { createSseWriter } from './sse-writer.ts';

export interface AiRoutesOptions {
  config: Config;
  /** A provider resolved elsewhere (tests); resolved from `config` otherwise. */
  provider?: AiProviderResolution;
  resolve?: ResolveOptions;
  timeouts?: Partial<AiTimeouts>;
}

/** The UI message stream headers of the AI SDK, plus no buffering by proxies. */
const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  'x-vercel-ai-ui-message-stream': 'v1',
  'x-accel-buffering': 'no',
};

const params = z.object({ project: z.string() });

/** /api/ai/{project}: status and text generation (DESIGN §2b; docs/api.md § AI). */
export const aiRoutes: FastifyPluginAsyncZod<AiRoutesOptions> = async (app, options) => {
  const provider = options.provider ?? (await resolveAiProvider(options.config, options.resolve));
  if (provider.name === null) app.log.warn(`AI: not configured — ${provider.reason}`);
  else app.log.info(`AI: ${provider.describe()}`);

  const service = createAiService({
    provider,
    planService: app.planService,
    timeouts: options.timeouts,
    onRefundError: (err) => app.log.error({ err }, 'AI: meter refund failed'),
    streamsPerUser: options.config.AI_STREAMS_PER_USER,
  });
  const stallMs = options.config.AI_STREAM_STALL_MS;
  const storage = createStorageService({
    backend: await LocalDiskBackend.open(options.config.DATA_DIR),
    maxBytes: BACKEND_UPLOAD_MAX_BYTES,
  });
  const images: ImageSource = { download: (userId, path) => storage.download(userId, path) };

  const authenticated = { preHandler: [app.requireAppProject, app.authenticate] };
  const advancedOf = (plan: string | undefined) => {
    const name = PlanNameSchema.safeParse(plan);
    return PLAN_LIMITS[name.success ? name.data : 'free'].advancedAI;
  };

  app.get(
    '/:project/status',
    { ...authenticated, schema: { params, response: { 200: AiStatusSchema } } },
    async (request) => service.status(advancedOf(principalOf(request).plan?.plan)),
  );

  app.post(
    '/:project/text',
    {
      ...authenticated,
      // No response schema: the 200 is either JSON (AiTextResultSchema) or an SSE stream.
      schema: { params, body: AiTextRequestSchema },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const userId = principal.user.id;
      const body = request.body;
      service.assertConfigured();
      const imageParts = body.imageUrls?.length
        ? await loadImages(body.imageUrls, images, {
            project: request.params.project,
            host: request.host,
            userId,
          })
        : [];

      // A streamed answer takes one of the user's slots until its response closes, however
      // it ends (done, failed, stopped, dropped for stalling); taken before the meter is charged.
      if (body.stream) reply.raw.once('close', service.acquireStreamSlot(userId));

      // Client gone (closed tab, Stop, dropped) before the answer finished: abort the model call.
      const client = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) client.abort();
      });

      const run = await service.start({
        userId,
        advanced: advancedOf(principal.plan?.plan),
        body,
        images: imageParts,
        clientSignal: client.signal,
      });

      if (!body.stream) {
        for await (const chunk of run) {
          if (chunk.type === 'error') throw new AppError('AI_PROVIDER_ERROR', 502, chunk.errorText);
        }
        const result: AiTextResult = {
          text: run.text,
          finishReason: run.finishReason,
          usage: await run.usage(),
        };
        return result;
      }

      // SSE out with backpressure (sse-writer.ts): while the reader is stalled nothing more is
      // pulled from the model; past the stall limit the connection is closed, which aborts the
      // model call (above) and settles the meter by the refund rule (ai.service.ts).
      const out = new PassThrough();
      const sse = createSseWriter(out, {
        stallMs,
        onStalled: () => {
          request.log.info({ userId, stallMs }, 'AI: stalled reader dropped');
          reply.raw.destroy();
        },
      });
      void (async () => {
        try {
          for await (const chunk of run) {
            sse.send(`data: ${JSON.stringify(chunk)}\n\n`);
            // Leaving the loop ends the run: the model call is aborted and the meter settled.
            if (!(await sse.ready())) break;
          }
          sse.send('data: [DONE]\n\n');
        } catch (err) {
          request.log.error({ err }, 'AI: stream failed');
        } finally {
          sse.end();
        }
      })();
      return reply.headers(SSE_HEADERS).send(out);
    },
  );
};
