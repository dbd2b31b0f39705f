/**
 * Which model answers (DESIGN §2, §3.6): the provider factory. Resolved once
 * at start from AI_PROVIDER / AI_BASE_URL / AI_API_KEY / AI_MODEL_BASIC /
 * AI_MODEL_ADVANCED, falling back to OPENAI_API_KEY, then ANTHROPIC_API_KEY,
 * then an Ollama answering on 127.0.0.1:11434, else "not configured".
 */
import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAI } from '@ai-sdk/openai';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import type { Config } from '../../env.ts';
import { providerFetch } from './provider-fetch.ts';

export type AiProviderName = 'openai' | 'anthropic' | 'openai-compatible' | 'ollama';

export const DEFAULT_OLLAMA_URL = 'http://127.0.0.1:11434';

const DEFAULT_MODELS: Record<'openai' | 'anthropic', { basic: string; advanced: string }> = {
  openai: { basic: 'gpt-4o-mini', advanced: 'gpt-4o' },
  anthropic: { basic: 'claude-haiku-4-5', advanced: 'claude-sonnet-4-5' },
};

export interface AiProvider {
  name: AiProviderName;
  basicModelId: string;
  advancedModelId: string;
  /** The model for a caller: Advanced for plans with `advancedAI`, else Basic. */
  model(advanced: boolean): LanguageModel;
  /** Human description for the start-up log line. */
  describe(): string;
}

/** "Not configured", with the sentence telling an operator how to configure one. */
export interface AiProviderMissing {
  name: null;
  reason: string;
}

export type AiProviderResolution = AiProvider | AiProviderMissing;

export interface ResolveOptions {
  /** Where to look for Ollama when nothing is set (tests point this elsewhere). */
  ollamaUrl?: string;
  /** Time-out of each start-up probe (Ollama tags, /models). */
  probeTimeoutMs?: number;
}

const HOW_TO =
  'set AI_PROVIDER (openai | anthropic | openai-compatible | ollama) with AI_API_KEY / AI_BASE_URL / AI_MODEL_BASIC, ' +
  'or OPENAI_API_KEY, or ANTHROPIC_API_KEY, or run Ollama on 127.0.0.1:11434 (see .env.example)';

const trimSlash = (url: string) => url.replace(/\/+$/, '');

async function getJson(url: string, timeoutMs: number, apiKey?: string): Promise<unknown> {
  try {
    const res = await fetch(url, {
      signal: AbortSignal.timeout(timeoutMs),
      headers: apiKey ? { authorization: `Bearer ${apiKey}` } : {},
    });
    if (!res.ok) return null;
    return (await res.json()) as unknown;
  } catch {
    return null;
  }
}

/** The first model Ollama lists at /api/tags, or null when it does not answer. */
export async function probeOllama(
  baseUrl: string,
  timeoutMs: number,
): Promise<{ models: string[] } | null> {
  const body = (await getJson(`${trimSlash(baseUrl)}/api/tags`, timeoutMs)) as {
    models?: { name?: string; model?: string }[];
  } | null;
  if (!body || !Array.isArray(body.models)) return null;
  return {
    models: body.models.map((m) => m.name ?? m.model ?? '').filter((m) => m !== ''),
  };
}

/** The first id an OpenAI-compatible server lists at {base}/models, or null. */
async function firstListedModel(
  baseUrl: string,
  timeoutMs: number,
  apiKey?: string,
): Promise<string | null> {
  const body = (await getJson(`${trimSlash(baseUrl)}/models`, timeoutMs, apiKey)) as {
    data?: { id?: string }[];
  } | null;
  const id = body?.data?.[0]?.id;
  return typeof id === 'string' && id !== '' ? id : null;
}

function provider(
  name: AiProviderName,
  basic: string,
  advanced: string,
  make: (id: string) => LanguageModel,
  where: string,
): AiProvider {
  const cache = new Map<string, LanguageModel>();
  return {
    name,
    basicModelId: basic,
    advancedModelId: advanced,
    model(isAdvanced) {
      const id = isAdvanced ? advanced : basic;
      let m = cache.get(id);
      if (!m) {
        m = make(id);
        cache.set(id, m);
      }
      return m;
    },
    describe: () => `AI provider ${name}${where}: basic model ${basic}, advanced model ${advanced}`,
  };
}

function openAi(config: Config, apiKey: string): AiProvider {
  const basic = config.AI_MODEL_BASIC ?? DEFAULT_MODELS.openai.basic;
  const advanced =
    config.AI_MODEL_ADVANCED ?? (config.AI_MODEL_BASIC ? basic : DEFAULT_MODELS.openai.advanced);
  const openai = createOpenAI({ apiKey, baseURL: config.AI_BASE_URL, fetch: providerFetch });
  // A custom base URL is usually a chat-completions server (DESIGN §6); OpenAI itself gets the Responses API.
  const make = (id: string) => (config.AI_BASE_URL ? openai.chat(id) : openai(id));
  return provider(
    'openai',
    basic,
    advanced,
    make,
    config.AI_BASE_URL ? ` at ${config.AI_BASE_URL}` : '',
  );
}

function anthropic(config: Config, apiKey: string): AiProvider {
  const basic = config.AI_MODEL_BASIC ?? DEFAULT_MODELS.anthropic.basic;
  const advanced =
    config.AI_MODEL_ADVANCED ?? (config.AI_MODEL_BASIC ? basic : DEFAULT_MODELS.anthropic.advanced);
  const client = createAnthropic({ apiKey, baseURL: config.AI_BASE_URL, fetch: providerFetch });
  return provider(
    'anthropic',
    basic,
    advanced,
    (id) => client(id),
    config.AI_BASE_URL ? ` at ${config.AI_BASE_URL}` : '',
  );
}

function compatible(
  name: 'openai-compatible' | 'ollama',
  baseURL: string,
  apiKey: string | undefined,
  basic: string,
  advanced: string,
): AiProvider {
  const client = createOpenAICompatible({
    name,
    baseURL,
    apiKey,
    includeUsage: true,
    fetch: providerFetch,
  });
  return provider(name, basic, advanced, (id) => client.chatModel(id), ` at ${baseURL}`);
}

/** Resolves the provider from the config (probing Ollama / a /models list when needed). */
export async function resolveAiProvider(
  config: Config,
  options: ResolveOptions = {},
): Promise<AiProviderResolution> {
  const timeoutMs = options.probeTimeoutMs ?? 800;
  const apiKey = config.AI_API_KEY;
  switch (config.AI_PROVIDER) {
    case 'openai': {
      const key = apiKey ?? config.OPENAI_API_KEY;
      if (!key)
        return { name: null, reason: 'AI_PROVIDER=openai needs AI_API_KEY (or OPENAI_API_KEY)' };
      return openAi(config, key);
    }
    case 'anthropic': {
      const key = apiKey ?? config.ANTHROPIC_API_KEY;
      if (!key)
        return {
          name: null,
          reason: 'AI_PROVIDER=anthropic needs AI_API_KEY (or ANTHROPIC_API_KEY)',
        };
      return anthropic(config, key);
    }
    case 'openai-compatible': {
      if (!config.AI_BASE_URL)
        return {
          name: null,
          reason: 'AI_PROVIDER=openai-compatible needs AI_BASE_URL (e.g. http://127.0.0.1:1234/v1)',
        };
      const base = trimSlash(config.AI_BASE_URL);
      const basic = config.AI_MODEL_BASIC ?? (await firstListedModel(base, timeoutMs, apiKey));
      if (!basic)
        return {
          name: null,
          reason: `AI_PROVIDER=openai-compatible needs AI_MODEL_BASIC (${base}/models listed none)`,
        };
      return compatible(
        'openai-compatible',
        base,
        apiKey,
        basic,
        config.AI_MODEL_ADVANCED ?? basic,
      );
    }
    case 'ollama': {
      const root = trimSlash(config.AI_BASE_URL ?? DEFAULT_OLLAMA_URL).replace(/\/v1$/, '');
      let basic = config.AI_MODEL_BASIC;
      if (!basic) {
        const tags = await probeOllama(root, timeoutMs);
        basic = tags?.models[0];
      }
      if (!basic)
        return {
          name: null,
          reason: `AI_PROVIDER=ollama needs AI_MODEL_BASIC, or a model pulled in the Ollama at ${root} (ollama pull <model>)`,
        };
      return compatible('ollama', `${root}/v1`, apiKey, basic, config.AI_MODEL_ADVANCED ?? basic);
    }
    default:
      break;
  }
  if (config.OPENAI_API_KEY) return openAi(config, config.OPENAI_API_KEY);
  if (config.ANTHROPIC_API_KEY) return anthropic(config, config.ANTHROPIC_API_KEY);
  const ollamaRoot = trimSlash(options.ollamaUrl ?? DEFAULT_OLLAMA_URL);
  const tags = await probeOllama(ollamaRoot, timeoutMs);
  if (tags) {
    const basic = config.AI_MODEL_BASIC ?? tags.models[0];
    if (basic)
      return compatible(
        'ollama',
        `${ollamaRoot}/v1`,
        apiKey,
        basic,
        config.AI_MODEL_ADVANCED ?? basic,
      );
    return {
      name: null,
      reason: `Ollama answers at ${ollamaRoot} but has no model; run \`ollama pull <model>\` or ${HOW_TO}`,
    };
  }
  return { name: null, reason: `No AI model is configured: ${HOW_TO}` };
}
