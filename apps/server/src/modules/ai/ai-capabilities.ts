/**
 * Which model answers each AI capability besides text (DESIGN §2c; docs/operations.md § AI
 * capabilities). Each may have its own OpenAI-compatible server (`AI_<CAP>_BASE_URL`,
 * `AI_<CAP>_API_KEY`, `AI_<CAP>_MODEL`), because local servers differ. Without one:
 * - object uses the text provider's model (Basic or Advanced by plan);
 * - image, speech and transcription use OpenAI when the text provider is OpenAI itself, or
 *   the text provider's OpenAI-compatible server when `AI_<CAP>_MODEL` names a model there;
 * - otherwise the capability is "not configured" and its route answers 503 AI_NOT_CONFIGURED.
 */
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { ImageModel, LanguageModel, SpeechModel, TranscriptionModel } from 'ai';
import type { AiCapability } from '@codewright/contract';
import type { Config } from '../../env.ts';
import { providerFetch } from './provider-fetch.ts';
import type { AiProviderResolution } from './providers.ts';

/** A configured capability: its model and where it runs (for the start-up log). */
export interface CapabilityModel<M> {
  model: M;
  modelId: string;
  where: string;
}

/** A capability that is not configured, with the sentence telling an operator what to set. */
export interface CapabilityMissing {
  model: null;
  reason: string;
}

export type Capability<M> = CapabilityModel<M> | CapabilityMissing;

export interface AiCapabilities {
  /** The object model for a caller (Basic/Advanced by plan when it is the text model). */
  object(advanced: boolean): LanguageModel | null;
  objectMissingReason: string | null;
  image: Capability<ImageModel>;
  speech: Capability<SpeechModel>;
  transcription: Capability<TranscriptionModel>;
  /** One start-up log line per capability. */
  describe(): string[];
}

/** OpenAI's own models, used when the text provider is OpenAI and no model is named. */
export const OPENAI_DEFAULT_MODELS = {
  image: 'gpt-image-1',
  speech: 'gpt-4o-mini-tts',
  transcription: 'whisper-1',
} as const;

type MediaCapability = 'image' | 'speech' | 'transcription';
const ENV_PREFIX: Record<MediaCapability | 'object', string> = {
  object: 'AI_OBJECT',
  image: 'AI_IMAGE',
  speech: 'AI_SPEECH',
  transcription: 'AI_TRANSCRIBE',
};

const trimSlash = (url: string) => url.replace(/\/+$/, '');

function settingsOf(config: Config, capability: MediaCapability | 'object') {
  const prefix = ENV_PREFIX[capability];
  const read = (suffix: string) =>
    (config as unknown as Record<string, string | undefined>)[`${prefix}_${suffix}`];
  return { prefix, baseUrl: read('BASE_URL'), apiKey: read('API_KEY'), model: read('MODEL') };
}

/** Where OpenAI-style media calls go: an explicit server, OpenAI itself, or the text server. */
function mediaTarget(
  config: Config,
  capability: MediaCapability,
): { baseURL?: string; apiKey: string; model: string; where: string } | { reason: string } {
  const own = settingsOf(config, capability);
  if (own.baseUrl) {
    if (!own.model)
      return {
        reason: `${own.prefix}_BASE_URL is set; also set ${own.prefix}_MODEL (the model id there)`,
      };
    const baseURL = trimSlash(own.baseUrl);
    return { baseURL, apiKey: own.apiKey ?? '', model: own.model, where: ` at ${baseURL}` };
  }
  const openAiKey =
    config.AI_PROVIDER === 'openai'
      ? (config.AI_API_KEY ?? config.OPENAI_API_KEY)
      : config.AI_PROVIDER === undefined
        ? config.OPENAI_API_KEY
        : undefined;
  if (openAiKey && !config.AI_BASE_URL) {
    return {
      apiKey: own.apiKey ?? openAiKey,
      model: own.model ?? OPENAI_DEFAULT_MODELS[capability],
      where: ' (OpenAI)',
    };
  }
  const compatibleText =
    config.AI_BASE_URL &&
    (config.AI_PROVIDER === 'openai-compatible' || config.AI_PROVIDER === 'openai');
  if (compatibleText && own.model) {
    const baseURL = trimSlash(config.AI_BASE_URL as string);
    return {
      baseURL,
      apiKey: own.apiKey ?? config.AI_API_KEY ?? config.OPENAI_API_KEY ?? '',
      model: own.model,
      where: ` at ${baseURL}`,
    };
  }
  return {
    reason:
      `set ${own.prefix}_BASE_URL and ${own.prefix}_MODEL (an OpenAI-compatible server` +
      `${capability === 'image' ? ' such as LocalAI' : capability === 'speech' ? ' such as speaches or LocalAI' : ' such as speaches or a faster-whisper server'}), ` +
      'or use OpenAI (OPENAI_API_KEY)',
  };
}

function media<M>(
  config: Config,
  capability: MediaCapability,
  make: (target: { baseURL?: string; apiKey: string; model: string }) => M,
): Capability<M> {
  const target = mediaTarget(config, capability);
  if ('reason' in target) return { model: null, reason: target.reason };
  return { model: make(target), modelId: target.model, where: target.where };
}

/** Resolves every capability from the config and the already resolved text provider. */
export function resolveAiCapabilities(config: Config, text: AiProviderResolution): AiCapabilities {
  const openai = (t: { baseURL?: string; apiKey: string }) =>
    createOpenAI({ baseURL: t.baseURL, apiKey: t.apiKey, fetch: providerFetch });

  const image = media(config, 'image', (t) =>
    // OpenAI's own image API differs per model (gpt-image-1 has no response_format); other
    // servers speak the classic /images/generations with b64_json.
    t.baseURL
      ? createOpenAICompatible({
          name: 'image',
          baseURL: t.baseURL,
          apiKey: t.apiKey || undefined,
          fetch: providerFetch,
        }).imageModel(t.model)
      : openai(t).image(t.model),
  );
  const speech = media(config, 'speech', (t) => openai(t).speech(t.model));
  const transcription = media(config, 'transcription', (t) => openai(t).transcription(t.model));

  const own = settingsOf(config, 'object');
  let objectModel: ((advanced: boolean) => LanguageModel) | null = null;
  let objectWhere = '';
  let objectMissingReason: string | null = null;
  if (own.baseUrl) {
    if (own.model) {
      const baseURL = trimSlash(own.baseUrl);
      const model = createOpenAICompatible({
        name: 'object',
        baseURL,
        apiKey: own.apiKey,
        supportsStructuredOutputs: true,
        includeUsage: true,
        fetch: providerFetch,
      }).chatModel(own.model);
      objectModel = () => model;
      objectWhere = `model ${own.model} at ${baseURL}`;
    } else {
      objectMissingReason = 'AI_OBJECT_BASE_URL is set; also set AI_OBJECT_MODEL';
    }
  } else if (text.name !== null) {
    objectModel = (advanced) => text.model(advanced);
    objectWhere = `the text model (${text.basicModelId} / ${text.advancedModelId})`;
  } else {
    objectMissingReason = `no text model is configured (${text.reason}), or set AI_OBJECT_BASE_URL and AI_OBJECT_MODEL`;
  }

  const line = (name: AiCapability, c: Capability<unknown>) =>
    'reason' in c
      ? `AI ${name}: not configured — ${c.reason}`
      : `AI ${name}: model ${c.modelId}${c.where}`;
  return {
    object: (advanced) => (objectModel ? objectModel(advanced) : null),
    objectMissingReason,
    image,
    speech,
    transcription,
    describe: () => [
      objectModel
        ? `AI object: ${objectWhere}`
        : `AI object: not configured — ${objectMissingReason}`,
      line('image', image),
      line('speech', speech),
      line('transcription', transcription),
    ],
  };
}
