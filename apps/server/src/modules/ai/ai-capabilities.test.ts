import { describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { resolveAiCapabilities } from './ai-capabilities.ts';
import type { AiProviderResolution } from './providers.ts';

const missingText: AiProviderResolution = { name: null, reason: 'No AI model is configured' };
const caps = (env: Record<string, string>, text: AiProviderResolution = missingText) =>
  resolveAiCapabilities(parseEnv(env), text).describe();

describe('resolveAiCapabilities (docs/operations.md § AI capabilities)', () => {
  it('is off for every capability without any provider, saying what to set', () => {
    expect(caps({})).toEqual([
      'AI object: not configured — no text model is configured (No AI model is configured), or set AI_OBJECT_BASE_URL and AI_OBJECT_MODEL',
      'AI image: not configured — set AI_IMAGE_BASE_URL and AI_IMAGE_MODEL (an OpenAI-compatible server such as LocalAI), or use OpenAI (OPENAI_API_KEY)',
      'AI speech: not configured — set AI_SPEECH_BASE_URL and AI_SPEECH_MODEL (an OpenAI-compatible server such as speaches or LocalAI), or use OpenAI (OPENAI_API_KEY)',
      'AI transcription: not configured — set AI_TRANSCRIBE_BASE_URL and AI_TRANSCRIBE_MODEL (an OpenAI-compatible server such as speaches or a faster-whisper server), or use OpenAI (OPENAI_API_KEY)',
    ]);
  });

  it('uses OpenAI’s own models when the text provider is OpenAI itself', () => {
    expect(caps({ OPENAI_API_KEY: 'sk-test' }).slice(1)).toEqual([
      'AI image: model gpt-image-1 (OpenAI)',
      'AI speech: model gpt-4o-mini-tts (OpenAI)',
      'AI transcription: model whisper-1 (OpenAI)',
    ]);
  });

  it('takes each capability’s own server, or the text server when only a model is named', () => {
    const lines = caps({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: 'http://127.0.0.1:1234/v1/',
      AI_IMAGE_MODEL: 'sdxl',
      AI_SPEECH_BASE_URL: 'http://127.0.0.1:8000/v1',
      AI_SPEECH_MODEL: 'kokoro',
      AI_TRANSCRIBE_BASE_URL: 'http://127.0.0.1:9000/v1',
    });
    expect(lines.slice(1)).toEqual([
      'AI image: model sdxl at http://127.0.0.1:1234/v1',
      'AI speech: model kokoro at http://127.0.0.1:8000/v1',
      'AI transcription: not configured — AI_TRANSCRIBE_BASE_URL is set; also set AI_TRANSCRIBE_MODEL (the model id there)',
    ]);
  });

  it('uses the text model for objects unless AI_OBJECT_* names another server', () => {
    const text: AiProviderResolution = {
      name: 'ollama',
      basicModelId: 'llama3.2',
      advancedModelId: 'qwen2.5-coder',
      model: () => ({}) as never,
      describe: () => 'ollama',
    };
    expect(caps({}, text)[0]).toBe('AI object: the text model (llama3.2 / qwen2.5-coder)');
    expect(
      caps({ AI_OBJECT_BASE_URL: 'http://127.0.0.1:8000/v1', AI_OBJECT_MODEL: 'qwen' }, text)[0],
    ).toBe('AI object: model qwen at http://127.0.0.1:8000/v1');
  });
});
