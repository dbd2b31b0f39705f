import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AI_ANSWER_ID_MAX_LENGTH,
  AI_METER_EVENT,
  AiCapabilitiesSchema,
  AiStatusSchema,
  AiStopResponseSchema,
  AiTextRequestSchema,
  AiTextResultSchema,
  type AiTextResult,
  PLAN_LIMITS,
  PlanNameSchema,
} from '@codewright/contract';
import type { Config } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';
import { principalOf } from '../auth/principal.ts';
import { urlOriginOf } from '../storage/storage-urls.ts';
import { loadImages, type ImageSource } from './ai-images.ts';
import { aiMediaRoutes } from './ai-media.routes.ts';
import { createAiService, type AiTimeouts } from './ai.service.ts';
import type { AiProviderResolution } from './providers.ts';
import { createSseWriter } from './sse-writer.ts';
import { clientSignal } from '../../lib/client-signal.ts';

export interface AiRoutesOptions {
  config: Config;
  /** A provider resolved elsewhere (tests); the app's (ai.plugin.ts) otherwise. */
  provider?: AiProviderResolution;
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
const stopParams = z.object({
  project: z.string(),
  answerId: z.string().min(1).max(AI_ANSWER_ID_MAX_LENGTH),
});

/**
 * /api/ai/{project}: status and text generation (DESIGN §2b; docs/api.md § AI), plus object,
 * image, speech and transcribe (ai-media.routes.ts; DESIGN §2c).
 */
export const aiRoutes: FastifyPluginAsyncZod<AiRoutesOptions> = async (app, options) => {
  // Resolved once at start, and logged, by ai.plugin.ts.
  const provider = options.provider ?? app.aiProvider;

  const service = createAiService({
    provider,
    planService: app.planService,
    timeouts: options.timeouts,
    onRefundError: (err) => app.log.error({ err }, 'AI: meter refund failed'),
    streamsPerUser: options.config.AI_STREAMS_PER_USER,
  });
  const stallMs = options.config.AI_STREAM_STALL_MS;
  // The app's one storage service (storage.plugin.ts): the caller's own uploads.
  const images: ImageSource = { download: (userId, path) => app.storage.download(userId, path) };

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

  // Which calls this server can answer, so clients hide the rest (docs/decisions/024).
  app.get(
    '/:project/capabilities',
    { ...authenticated, schema: { params, response: { 200: AiCapabilitiesSchema } } },
    async () => ({ text: provider.name !== null, ...app.aiMedia.configured() }),
  );

  app.post(
    '/:project/text',
    {
      ...authenticated,
      // No response schema: the 200 is either JSON or an SSE stream.
      schema: { params, body: AiTextRequestSchema },
      config: {
        answers: {
          200: {
            description: 'The answer (stream: false), or its chunks as server-sent events.',
            content: { 'application/json': AiTextResultSchema, 'text/event-stream': null },
          },
        },
      },
    },
    async (request, reply) => {
      const principal = principalOf(request);
      const userId = principal.user.id;
      const body = request.body;
      service.assertConfigured();
      // Work on a saved project: a team role that may generate there, on the workspace's plan.
      const access = body.projectId
        ? await app.workspaces.projectAccess(userId, body.projectId, 'generate', 'ai')
        : undefined;
      if (access === null)
        throw new AppError('NOT_FOUND', 404, `Project ${body.projectId} not found.`);
      const imageParts = body.imageUrls?.length
        ? await loadImages(body.imageUrls, images, {
            origin: urlOriginOf(app.publicUrls, request.params.project),
            userId,
          })
        : [];

      // The workspace's webhooks hear of an answer on one of its projects (issue 49).
      const finished = (finishReason: string | undefined) => {
        if (!access) return;
        app.webhooks
          .emit(access.workspaceId, 'generation.finished', {
            projectId: body.projectId,
            userId,
            finishReason: finishReason ?? null,
          })
          .catch((err: unknown) => request.log.error({ err }, 'AI: telling webhooks failed'));
      };

      // A streamed answer takes one of the user's slots until its response closes, however
      // it ends (done, failed, stopped, dropped for stalling); taken before the meter is charged.
      if (body.stream) reply.raw.once('close', service.acquireStreamSlot(userId));

      const run = await service.start({
        userId,
        meterUserId: access?.ownerId,
        advanced: advancedOf(access?.plan ?? principal.plan?.plan),
        body,
        images: imageParts,
        // Client gone (closed tab, Stop, dropped) before the answer finished: the model call stops.
        clientSignal: clientSignal(reply),
        // A shutdown past its drain deadline ends the answer with a "restarting" error event.
        shutdownSignal: app.drain.deadline,
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
        finished(result.finishReason);
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
          let whole = true;
          for await (const chunk of run) {
            sse.send(`data: ${JSON.stringify(chunk)}\n\n`);
            // Leaving the loop ends the run: the model call is aborted and the meter settled.
            if (!(await sse.ready())) {
              whole = false;
              break;
            }
          }
          if (whole) finished(run.finishReason);
          // The meter is settled once the loop ended: say how (docs/api.md § AI "Stop").
          if (run.verdict)
            sse.send(
              `data: ${JSON.stringify({ type: AI_METER_EVENT, data: run.verdict, transient: true })}\n\n`,
            );
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

  // Stop (docs/api.md § AI "Stop"): ends the caller's streaming answer at a chunk boundary; its
  // stream then carries the last chunks, an `abort`, the meter verdict and [DONE].
  app.post(
    '/:project/text/:answerId/stop',
    { ...authenticated, schema: { params: stopParams, response: { 200: AiStopResponseSchema } } },
    async (request) => {
      if (!service.stop(principalOf(request).user.id, request.params.answerId)) {
        throw new AppError(
          'NOT_FOUND',
          404,
          'No answer with this id is streaming for you: it has finished, or it runs on another server.',
        );
      }
      return { stopped: true as const };
    },
  );

  // Object, image, speech and transcribe (DESIGN §2c).
  await app.register(aiMediaRoutes);
};
