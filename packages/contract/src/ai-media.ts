/**
 * AI object, image, speech and transcription (SPEC §5, §7.3, §9; DESIGN §2c): wire shapes of
 * `/api/ai/{project}/object|image|speech|transcribe` and their limits, shared by the server's
 * routes and the SDK's client checks.
 */
import { z } from 'zod';
import { MODIFY_IMAGE_MAX, SPEECH_FORMAT_DEFAULT, SPEECH_VOICE_DEFAULT } from './constants.ts';
import { AI_PROMPT_MAX_CHARS, AiMeterFieldSchema, AiUsageSchema } from './ai.ts';
import {
  AI_IMAGE_N_MAX,
  AI_IMAGE_PROMPT_MAX_CHARS,
  AI_SPEECH_FORMATS,
  AI_SPEECH_TEXT_MAX_CHARS,
  AI_SYSTEM_MAX_CHARS,
  type AiSpeechFormat,
} from './ai-media-limits.ts';
import { imageUrlProblem } from './image-url.ts';

/** What each capability is called in answers and settings (503 AI_NOT_CONFIGURED names it). */
export const AI_CAPABILITIES = ['object', 'image', 'speech', 'transcription'] as const;
export type AiCapability = (typeof AI_CAPABILITIES)[number];

/**
 * 200 answer of `GET /api/ai/{project}/capabilities`: which AI calls this server can answer, so
 * clients hide what is not configured (docs/decisions/024-generator-context-and-media.md).
 */
export const AiCapabilitiesSchema = z.object({
  text: z.boolean(),
  object: z.boolean(),
  image: z.boolean(),
  speech: z.boolean(),
  transcription: z.boolean(),
});
export type AiCapabilitiesInfo = z.infer<typeof AiCapabilitiesSchema>;

const nonBlank = (field: string, max: number) =>
  z
    .string({ error: `${field} is required` })
    .max(max, `must be at most ${max} characters`)
    .refine((s) => s.trim() !== '', `${field} must not be blank`);

/** Body of `POST /api/ai/{project}/object` (SPEC §5: object generation needs a prompt). */
export const AiObjectRequestSchema = z.strictObject({
  prompt: nonBlank('prompt', AI_PROMPT_MAX_CHARS),
  /** A JSON Schema (an object); the answer is validated against it. */
  schema: z.record(z.string(), z.unknown(), {
    error: 'schema must be a JSON Schema object, e.g. {"type":"object","properties":{…}}',
  }),
  system: z
    .string()
    .max(AI_SYSTEM_MAX_CHARS, `must be at most ${AI_SYSTEM_MAX_CHARS} characters`)
    .optional(),
  meter: AiMeterFieldSchema,
});
export type AiObjectRequest = z.infer<typeof AiObjectRequestSchema>;
export type AiObjectRequestInput = z.input<typeof AiObjectRequestSchema>;

/** 200 answer of `POST /api/ai/{project}/object`. */
export const AiObjectResultSchema = z.object({
  object: z.unknown(),
  usage: AiUsageSchema.optional(),
});
export type AiObjectResult = z.infer<typeof AiObjectResultSchema>;

/** `WIDTHxHEIGHT`, each 64–4096 pixels. */
export const AI_IMAGE_SIZE_PATTERN = /^(\d{2,4})x(\d{2,4})$/;

/** Body of `POST /api/ai/{project}/image`: generate, or modify 1–50 images (SPEC §5, §9). */
/** A saved project's id, in a media call's body or multipart field. */
export const AiProjectIdFieldSchema = z
  .string()
  .min(1, 'must not be empty')
  .max(200, 'is not a project id');

export const AiImageRequestSchema = z.strictObject({
  prompt: nonBlank('prompt', AI_IMAGE_PROMPT_MAX_CHARS),
  imageUrls: z
    .array(
      z.string().superRefine((url, ctx) => {
        const problem = imageUrlProblem(url);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    )
    .min(1, 'send 1 to 50 image URLs to modify (or leave imageUrls out to generate)')
    .max(MODIFY_IMAGE_MAX, `send at most ${MODIFY_IMAGE_MAX} image URLs`)
    .optional(),
  size: z
    .string()
    .regex(AI_IMAGE_SIZE_PATTERN, 'must look like 1024x1024')
    .refine((s) => {
      const [w, h] = s.split('x').map(Number) as [number, number];
      return w >= 64 && w <= 4096 && h >= 64 && h <= 4096;
    }, 'width and height must each be 64 to 4096 pixels')
    .optional(),
  n: z
    .number()
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(AI_IMAGE_N_MAX, `must be at most ${AI_IMAGE_N_MAX}`)
    .optional(),
  meter: AiMeterFieldSchema,
  /**
   * The saved project the images are for: they are stored in its workspace's folder (private
   * when the workspace is) and counted on the workspace's plan, as a text call's `projectId`.
   */
  projectId: AiProjectIdFieldSchema.optional(),
});
export type AiImageRequest = z.infer<typeof AiImageRequestSchema>;
export type AiImageRequestInput = z.input<typeof AiImageRequestSchema>;

/** One stored image: a file in the caller's storage. */
export const AiStoredImageSchema = z.object({
  path: z.string(),
  publicUrl: z.string(),
  mimeType: z.string(),
});
export type AiStoredImage = z.infer<typeof AiStoredImageSchema>;

/** 200 answer of `POST /api/ai/{project}/image`. */
export const AiImageResultSchema = z.object({ images: z.array(AiStoredImageSchema) });
export type AiImageResult = z.infer<typeof AiImageResultSchema>;

/** Body of `POST /api/ai/{project}/speech` (SPEC §5: speech needs text; §9: alloy, mp3). */
export const AiSpeechRequestSchema = z.strictObject({
  text: nonBlank('text', AI_SPEECH_TEXT_MAX_CHARS),
  voice: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be a voice name such as "alloy"')
    .default(SPEECH_VOICE_DEFAULT),
  format: z
    .enum(Object.keys(AI_SPEECH_FORMATS) as [AiSpeechFormat, ...AiSpeechFormat[]], {
      error: `must be one of ${Object.keys(AI_SPEECH_FORMATS).join(', ')}`,
    })
    .default(SPEECH_FORMAT_DEFAULT as AiSpeechFormat),
  meter: AiMeterFieldSchema,
  /** The saved project it is for: counted on its workspace's plan, as a text call's `projectId`. */
  projectId: AiProjectIdFieldSchema.optional(),
});
export type AiSpeechRequest = z.infer<typeof AiSpeechRequestSchema>;
export type AiSpeechRequestInput = z.input<typeof AiSpeechRequestSchema>;

/** 200 answer of `POST /api/ai/{project}/transcribe` (multipart `file`, optional `meter`). */
export const AiTranscriptionResultSchema = z.object({
  text: z.string(),
  language: z.string().optional(),
  durationInSeconds: z.number().optional(),
});
export type AiTranscriptionResult = z.infer<typeof AiTranscriptionResultSchema>;
