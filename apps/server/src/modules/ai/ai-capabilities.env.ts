/**
 * Environment variables of the AI object, image, speech and transcription capabilities
 * (docs/operations.md § AI capabilities): each may have its own OpenAI-compatible server,
 * key and model, because local servers differ (LocalAI, speaches, faster-whisper, vLLM).
 * Spread into the one EnvSchema of src/env.ts.
 */
import { z } from 'zod';

const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(blankIsUnset, z.string().optional());
const optionalUrl = z.preprocess(
  blankIsUnset,
  z
    .string()
    .regex(/^https?:\/\/[^/\s]+/, 'must be an http(s) URL (the server’s /v1 base)')
    .optional(),
);

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
