import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../env.ts';
import { resolveAiCapabilities } from './ai-capabilities.ts';
import { createAiMediaService, type AiMediaService } from './ai-media.service.ts';
import { resolveAiProvider, type AiProviderResolution, type ResolveOptions } from './providers.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The text model provider, resolved once at start (providers.ts). */
    aiProvider: AiProviderResolution;
    /**
     * AI object, image, speech and transcription (ai-media.service.ts), metered; the data
     * module's scrape `extract` uses `object` too.
     */
    aiMedia: AiMediaService;
  }
}

export interface AiPluginOptions {
  config: Config;
  resolve?: ResolveOptions;
}

/** Resolves the AI providers once, logs what answers, and decorates them for every module. */
async function aiPlugin(app: FastifyInstance, options: AiPluginOptions) {
  const { config } = options;
  // The AI SDK prints a warning per call to the console (e.g. a JSON schema a server does not
  // enforce — the object service checks every answer itself); the server log stays ours.
  (globalThis as { AI_SDK_LOG_WARNINGS?: boolean }).AI_SDK_LOG_WARNINGS = false;
  const provider = await resolveAiProvider(config, options.resolve);
  if (provider.name === null) app.log.warn(`AI: not configured — ${provider.reason}`);
  else app.log.info(`AI: ${provider.describe()}`);
  const capabilities = resolveAiCapabilities(config, provider);
  for (const line of capabilities.describe()) app.log.info(line);
  app.decorate<AiProviderResolution>('aiProvider', provider);
  app.decorate(
    'aiMedia',
    createAiMediaService({
      capabilities,
      planService: app.planService,
      onRefundError: (err) => app.log.error({ err }, 'AI: meter refund failed'),
    }),
  );
}

export default fp(aiPlugin, { name: 'ai', dependencies: ['plan'] });
