/**
 * AI object, image, speech and transcription (DESIGN §2c) through the AI SDK, metered by the one
 * charge function of ai-meter.ts (docs/decisions/012, 014): one unit of the call's meter is
 * reserved before the model is called, kept once the call has fully succeeded (for an image:
 * once the image is stored), and refunded on any failure — provider error, time-out, an answer
 * that does not match the schema, a storage failure, or the client going away.
 */
import {
  experimental_generateSpeech as generateSpeech,
  experimental_transcribe as transcribe,
  generateImage,
  generateObject,
  jsonSchema,
  NoObjectGeneratedError,
  type LanguageModel,
} from 'ai';
import {
  AI_SPEECH_FORMATS,
  type AiCapability,
  type AiImageRequest,
  type AiMeter,
  type AiObjectRequest,
  type AiSpeechRequest,
  type AiUsage,
} from '@codewright/contract';
import { AppError, isAppError } from '../../lib/app-error.ts';
import type { PlanService } from '../plan/plan.service.ts';
import type { AiCapabilities } from './ai-capabilities.ts';
import { createMeterCharger } from './ai-meter.ts';
import { DEFAULT_AI_TIMEOUTS } from './ai.service.ts';
import { providerErrorMessage } from './provider-errors.ts';
import { compileObjectSchema, describeAjvErrors } from './object-schema.ts';

export interface AiMediaServiceOptions {
  capabilities: AiCapabilities;
  planService: Pick<PlanService, 'reserveUsage' | 'refundUsage'>;
  /** Whole call, model and storage (default 120 s, as text). */
  totalMs?: number;
  onRefundError?: (err: unknown) => void;
}

/** Bytes with their media type (an image to modify, a generated image, audio). */
export interface MediaFile {
  data: Uint8Array;
  mediaType: string;
}

interface Call {
  userId: string;
  /** Whose meter the call counts on, when not the caller's: a team workspace's owner. */
  meterUserId?: string;
  meter: AiMeter;
  /** Aborted when the client goes away. */
  signal: AbortSignal;
}

/** The 503 of a capability without a model, naming it and what to set. */
export function notConfigured(capability: AiCapability, reason: string): AppError {
  return new AppError(
    'AI_NOT_CONFIGURED',
    503,
    `AI ${capability} is not configured on this server: ${reason} (see docs/operations.md § AI capabilities).`,
  );
}

/** The system prompt of an object call: the caller's, then the schema the answer must follow. */
export function objectSystemPrompt(system: string | undefined, schema: unknown): string {
  return [
    system?.trim(),
    'Answer with one JSON value (no prose, no code fence) that is valid against this JSON Schema:',
    JSON.stringify(schema),
  ]
    .filter(Boolean)
    .join('\n\n');
}

const usageOf = (u: { inputTokens?: number; outputTokens?: number; totalTokens?: number }) =>
  ({
    inputTokens: u.inputTokens,
    outputTokens: u.outputTokens,
    totalTokens: u.totalTokens,
  }) as AiUsage;

export function createAiMediaService(options: AiMediaServiceOptions) {
  const { capabilities } = options;
  const totalMs = options.totalMs ?? DEFAULT_AI_TIMEOUTS.totalMs;
  const charge = createMeterCharger(options.planService, options.onRefundError);

  /**
   * Runs `work` under one reserved unit of the call's meter: kept on success, refunded on any
   * failure. Failures become 502 AI_PROVIDER_ERROR (or 499 when the client left), except
   * AppErrors, which pass through.
   */
  async function metered<T>(call: Call, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    if (call.signal.aborted)
      throw new AppError('AI_PROVIDER_ERROR', 499, 'The request was stopped.');
    const charged = await charge(call.meterUserId ?? call.userId, call.meter);
    const timeout = AbortSignal.timeout(totalMs);
    const signal = AbortSignal.any([timeout, call.signal]);
    try {
      const result = await work(signal);
      if (call.signal.aborted) throw new Error('client gone');
      charged.keep();
      return result;
    } catch (err) {
      await charged.refund();
      if (call.signal.aborted)
        throw new AppError('AI_PROVIDER_ERROR', 499, 'The request was stopped.');
      if (isAppError(err)) throw err;
      if (NoObjectGeneratedError.isInstance(err)) {
        throw new AppError(
          'AI_PROVIDER_ERROR',
          502,
          'The AI model’s answer did not match your schema. Please try again (a simpler schema helps).',
        );
      }
      throw new AppError(
        'AI_PROVIDER_ERROR',
        502,
        providerErrorMessage(err, timeout.aborted ? 'total-timeout' : null),
      );
    }
  }

  return {
    /** Which capabilities have a model (GET /api/ai/{project}/capabilities). */
    configured(): Record<AiCapability, boolean> {
      return {
        object: capabilities.objectMissingReason === null,
        image: capabilities.image.model !== null,
        speech: capabilities.speech.model !== null,
        transcription: capabilities.transcription.model !== null,
      };
    },

    /** Throws 503 AI_NOT_CONFIGURED naming the capability (checked before anything else). */
    assertConfigured(capability: AiCapability): void {
      const reason =
        capability === 'object'
          ? capabilities.objectMissingReason
          : capabilities[capability].model === null
            ? (capabilities[capability] as { reason: string }).reason
            : null;
      if (reason !== null) throw notConfigured(capability, reason);
    },

    /** A JSON value valid against the caller's JSON Schema (400 for a bad schema, before any charge). */
    async object(
      input: Call & {
        advanced: boolean;
        body: Pick<AiObjectRequest, 'prompt' | 'schema' | 'system'>;
      },
    ): Promise<{ object: unknown; usage?: AiUsage }> {
      const model: LanguageModel | null = capabilities.object(input.advanced);
      if (model === null) throw notConfigured('object', capabilities.objectMissingReason ?? '');
      const { body } = input;
      const validate = compileObjectSchema(body.schema);
      return metered(input, async (abortSignal) => {
        const result = await generateObject({
          model,
          schema: jsonSchema(body.schema as Parameters<typeof jsonSchema>[0], {
            validate: (value) =>
              validate(value)
                ? { success: true, value }
                : { success: false, error: new Error(describeAjvErrors(validate.errors)) },
          }),
          system: objectSystemPrompt(body.system, body.schema),
          prompt: body.prompt,
          maxRetries: 0,
          abortSignal,
          // OpenAI's strict mode refuses most hand-written schemas; the answer is checked here.
          providerOptions: { openai: { strictJsonSchema: false } },
        });
        return { object: result.object, usage: usageOf(result.usage) };
      });
    },

    /**
     * Generates images (or modifies `sources`) and stores each through `save`; the unit is kept
     * only once every image is stored.
     */
    async image<S>(
      input: Call & {
        body: Pick<AiImageRequest, 'prompt' | 'size' | 'n'>;
        /** Fetches the images to modify (inside the meter: a failure refunds). */
        loadSources?: (signal: AbortSignal) => Promise<MediaFile[]>;
        save: (image: MediaFile, index: number) => Promise<S>;
      },
    ): Promise<S[]> {
      const cap = capabilities.image;
      if (cap.model === null) throw notConfigured('image', cap.reason);
      const model = cap.model;
      return metered(input, async (abortSignal) => {
        const sources = input.loadSources ? await input.loadSources(abortSignal) : [];
        const result = await generateImage({
          model,
          prompt:
            sources.length > 0
              ? { text: input.body.prompt, images: sources.map((s) => s.data) }
              : input.body.prompt,
          n: input.body.n ?? 1,
          size: input.body.size as `${number}x${number}` | undefined,
          maxRetries: 0,
          abortSignal,
        });
        if (result.images.length === 0) throw new Error('no image');
        const saved: S[] = [];
        for (const [i, image] of result.images.entries()) {
          saved.push(await input.save({ data: image.uint8Array, mediaType: image.mediaType }, i));
        }
        return saved;
      });
    },

    /** Audio of `text` in the asked voice and format (SPEC §9 defaults alloy, mp3). */
    async speech(
      input: Call & { body: Pick<AiSpeechRequest, 'text' | 'voice' | 'format'> },
    ): Promise<MediaFile> {
      const cap = capabilities.speech;
      if (cap.model === null) throw notConfigured('speech', cap.reason);
      const model = cap.model;
      return metered(input, async (abortSignal) => {
        const result = await generateSpeech({
          model,
          text: input.body.text,
          voice: input.body.voice,
          outputFormat: input.body.format,
          maxRetries: 0,
          abortSignal,
        });
        return { data: result.audio.uint8Array, mediaType: AI_SPEECH_FORMATS[input.body.format] };
      });
    },

    /** The text of an audio file. */
    async transcribe(
      input: Call & { audio: Uint8Array },
    ): Promise<{ text: string; language?: string; durationInSeconds?: number }> {
      const cap = capabilities.transcription;
      if (cap.model === null) throw notConfigured('transcription', cap.reason);
      const model = cap.model;
      return metered(input, async (abortSignal) => {
        const result = await transcribe({ model, audio: input.audio, maxRetries: 0, abortSignal });
        return {
          text: result.text,
          language: result.language,
          durationInSeconds: result.durationInSeconds,
        };
      });
    },
  };
}

export type AiMediaService = ReturnType<typeof createAiMediaService>;
