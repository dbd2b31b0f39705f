/** Public shapes of the AI clients: text (ai-client.ts) and media (ai-media-client.ts); docs/api.md § AI. */
import type {
  AiCapabilitiesInfo,
  AiImageResult,
  AiTranscriptionResult,
} from '@codewright/contract';
import type { RequestOptions } from '../request-options.ts';

export interface AiStatusResult {
  configured: boolean;
  provider: string | null;
  model: string | null;
  /** True when this caller's plan gets the Advanced model. */
  advanced: boolean;
}

export interface AiChatMessage {
  role: 'user' | 'assistant' | 'system';
  content: string;
}

export interface AiTextParams {
  prompt?: string;
  messages?: AiChatMessage[];
  /** 1..2000 (default 2000). */
  maxTokens?: number;
  /**
   * The meter this call is charged to: `'edit'` for a prompt that changes existing code,
   * else `'generation'` (the default — every call is charged to one meter; `aiMeterFor(code)`
   * of @codewright/contract picks it). Reserved before the call; refunded on failure or a
   * Stop before any code arrived.
   */
  meter?: 'generation' | 'edit';
  /** Public URLs (or paths) of your own uploads; they reach the model as images. */
  imageUrls?: string[];
  /**
   * The `answerId` of a charged, complete edit whose SEARCH/REPLACE blocks failed: this call is
   * the edit engine's one retry (last message: the retry message) and costs no second edit.
   */
  retryOf?: string;
  /**
   * The saved project this call works on: the caller needs a role that may generate there, and
   * the call counts against its workspace's plan (the owner's), not the caller's own.
   */
  projectId?: string;
  /** Abort = Stop: the request and the model call end; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface AiUsageInfo {
  inputTokens?: number;
  outputTokens?: number;
  totalTokens?: number;
}

export interface AiStreamParams extends AiTextParams {
  /** Called for each piece of text: the new piece and the whole text so far. */
  onDelta?: (delta: string, text: string) => void;
  /**
   * Abort = Stop that keeps the connection: the server ends the answer at a chunk boundary and
   * the call resolves with what arrived, `finishReason: 'stopped'` and the server's `charged`
   * (docs/api.md § AI "Stop"). `signal`, by contrast, drops the connection and rejects.
   */
  stopSignal?: AbortSignal;
}

/** What `streamText` resolves with. */
export interface AiStreamResult {
  text: string;
  /** The model's reason (`stop`, `length`, …), or `stopped` after `stopSignal`. */
  finishReason: string;
  /** The answer's id (the `{answerId}` of Stop). */
  answerId?: string;
  /** Whether the meter's unit stays charged: true for a complete answer; after a Stop, true exactly when code had begun. */
  charged?: boolean;
}

/**
 * The AI module (SPEC §7.1, DESIGN §2b). Failure answers reject with `AiError` (SPEC §8.1: a
 * family of its own; a 401 stays an AuthError, no answer at all is a NetworkError) with the
 * codes GENERATION_LIMIT_REACHED / EDIT_LIMIT_REACHED (402), AI_STREAM_LIMIT_REACHED
 * (429, `streamText` while this user already streams the most answers at once),
 * AI_NOT_CONFIGURED (503), AI_PROVIDER_ERROR (502), or the signal's AbortError when stopped.
 */
export interface AiClient {
  status(options?: RequestOptions): Promise<AiStatusResult>;
  generateText(
    params: AiTextParams,
  ): Promise<{ text: string; finishReason: string; usage?: AiUsageInfo }>;
  streamText(params: AiStreamParams): Promise<AiStreamResult>;
}

// Media: object, image, speech and transcription (ai-media-client.ts).

/** Every AI call is charged to one meter (`generation` by default); failures are refunded. */
export interface MeteredParams {
  meter?: 'generation' | 'edit';
  signal?: AbortSignal;
}

export interface AiObjectParams extends MeteredParams {
  /** What to make (SPEC §5: required). */
  prompt: string;
  /** A JSON Schema object; the answer is validated against it on the server. */
  schema: Record<string, unknown>;
  system?: string;
}

export interface AiImageParams extends MeteredParams {
  prompt: string;
  /** Modify these images: 1–50 https URLs ending in jpg, jpeg, png, gif or webp (SPEC §5). */
  imageUrls?: string[];
  /** `WIDTHxHEIGHT`, e.g. `1024x1024`. */
  size?: string;
  /** 1–4 images (one unit of the meter per call). */
  n?: number;
  /** The saved project the image is for: stored in its workspace, counted on its workspace's plan. */
  projectId?: string;
}

export interface AiSpeechParams extends MeteredParams {
  text: string;
  /** Default `alloy` (SPEC §9). */
  voice?: string;
  /** Default `mp3` (SPEC §9). */
  format?: 'mp3' | 'opus' | 'aac' | 'flac' | 'wav' | 'pcm';
  /** The saved project it is for: counted on its workspace's plan. */
  projectId?: string;
}

export interface AiTranscribeParams extends MeteredParams {
  /** The recording (mp3, wav, webm, ogg, flac, m4a), at most 25 MB. */
  audio: Blob;
  /** The saved project it is for: counted on its workspace's plan. */
  projectId?: string;
}

/**
 * AI object, image, speech and transcription (DESIGN §2c). Failures reject with `AiError`
 * (SPEC §8.1: a family of its own; a 401 stays an AuthError) whose `code` is VALIDATION_ERROR,
 * GENERATION_LIMIT_REACHED / EDIT_LIMIT_REACHED, URL_NOT_ALLOWED, URL_FETCH_FAILED,
 * FILE_TOO_LARGE, AI_NOT_CONFIGURED or AI_PROVIDER_ERROR.
 */
export interface AiMediaClient {
  /** Which AI calls this server can answer (a capability without a provider is false). */
  capabilities(options?: RequestOptions): Promise<AiCapabilitiesInfo>;
  /**
   * An object valid against `schema`.
   * @example
   * const { object } = await client.ai.object<{ name: string }>({ prompt: 'Name a cat', schema: { type: 'object', properties: { name: { type: 'string', maxLength: 40 } }, required: ['name'] } });
   */
  object<T = unknown>(params: AiObjectParams): Promise<{ object: T; usage?: AiUsageInfo }>;
  /** Generates (or modifies) images; they are stored in your storage. */
  image(params: AiImageParams): Promise<AiImageResult>;
  /** Text as audio (a Blob with its content type). */
  speech(params: AiSpeechParams): Promise<Blob>;
  /** The text of a recording. */
  transcribe(params: AiTranscribeParams): Promise<AiTranscriptionResult>;
}
