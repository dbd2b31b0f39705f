/** Limits of the AI object, image, speech and transcription calls (SPEC §5, §9). */
// Kept apart from the schemas: the SDK reads these on every page (docs/decisions/007), and a
// module that builds zod schemas would bring zod with it (apps/web/vite.config.ts).

/** Largest JSON Schema (serialized, bytes) an object call may send. */
export const AI_OBJECT_SCHEMA_MAX_BYTES = 64 * 1024;
/** Longest `system` text of an object call. */
export const AI_SYSTEM_MAX_CHARS = 20_000;
/** Longest image prompt (OpenAI's gpt-image-1 takes 32 000 characters). */
export const AI_IMAGE_PROMPT_MAX_CHARS = 32_000;
/** Most images one image call may ask for; each call is one unit of its meter (docs/decisions/014). */
export const AI_IMAGE_N_MAX = 4;
/** Longest text one speech call may turn into audio (OpenAI's limit). */
export const AI_SPEECH_TEXT_MAX_CHARS = 4096;
/** Largest audio file a transcription may send (OpenAI's limit). */
export const AI_TRANSCRIBE_MAX_BYTES = 25 * 1024 * 1024;
/** Largest image (bytes) fetched for an image modification. */
export const AI_SOURCE_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

/** Audio formats of a speech call and the content type each answer carries. */
export const AI_SPEECH_FORMATS = {
  mp3: 'audio/mpeg',
  opus: 'audio/ogg',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wav: 'audio/wav',
  pcm: 'audio/pcm',
} as const;
export type AiSpeechFormat = keyof typeof AI_SPEECH_FORMATS;
