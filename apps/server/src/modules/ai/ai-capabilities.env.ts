/**
 * Environment variables of the AI object, image, speech and transcription capabilities
 * (docs/operations.md § AI capabilities): each may have its own OpenAI-compatible server,
 * key and model, because local servers differ (LocalAI, speaches, faster-whisper, vLLM).
 * Spread into the one EnvSchema of src/env.ts.
 */
import { optionalString, optionalUrlWith } from '../../lib/env-fields.ts';

const optionalUrl = optionalUrlWith('(the server’s /v1 base)');

export const AI_CAPABILITIES_ENV = {
  AI_OBJECT_BASE_URL: optionalUrl,
  AI_OBJECT_API_KEY: optionalString,
  AI_OBJECT_MODEL: optionalString,
  AI_IMAGE_BASE_URL: optionalUrl,
  AI_IMAGE_API_KEY: optionalString,
  AI_IMAGE_MODEL: optionalString,
  AI_SPEECH_BASE_URL: optionalUrl,
  AI_SPEECH_API_KEY: optionalString,
  AI_SPEECH_MODEL: optionalString,
  AI_TRANSCRIBE_BASE_URL: optionalUrl,
  AI_TRANSCRIBE_API_KEY: optionalString,
  AI_TRANSCRIBE_MODEL: optionalString,
};
