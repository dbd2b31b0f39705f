/**
 * AI (SPEC §5, §7.1; DESIGN §2b, §3.2–3.6): the wire shapes of
 * `/api/ai/{project}/status` and `/api/ai/{project}/text`, and the two
 * helpers the generator uses around them — the SPEC §7.1 prompt and the
 * "first fenced block is the code" rule.
 */
import { z } from 'zod';
import { GENERATION_MAX_TOKENS } from './constants.ts';

/** Longest `prompt` (and longest single message) accepted, in characters. */
export const AI_PROMPT_MAX_CHARS = 100_000;
/** Most messages one call may carry. */
export const AI_MESSAGES_MAX = 100;
/** Most images one call may name in `imageUrls`. */
export const AI_IMAGE_URLS_MAX = 4;
/** Largest image (bytes) the server passes to the model. */
export const AI_IMAGE_MAX_BYTES = 10 * 1024 * 1024;

export const AiMeterSchema = z.enum(['generation', 'edit'], {
  error: 'must be "generation" or "edit" (or left out: generation)',
});
export type AiMeter = z.infer<typeof AiMeterSchema>;

/**
 * The meter a model call is charged to when its body names none. The server charges
 * every model call to exactly one meter, whatever the client sends (DESIGN §3.2–3.3,
 * docs/api.md § AI "Metering").
 */
export const AI_DEFAULT_METER: AiMeter = 'generation';

/**
 * The `meter` field of every AI request body — text today; object, image, speech and
 * transcribe take the same field: "generation" or "edit", absent → generation, anything
 * else → 400 VALIDATION_ERROR naming `meter`.
 */
export const AiMeterFieldSchema = AiMeterSchema.default(AI_DEFAULT_METER);

/**
 * The meter of a generator prompt (DESIGN §3.3): an edit while the editor holds code
 * (anything but whitespace), else a generation.
 */
export function aiMeterFor(currentCode: string | null | undefined): AiMeter {
  return currentCode && currentCode.trim() !== '' ? 'edit' : AI_DEFAULT_METER;
}

export const AiMessageSchema = z.strictObject({
  role: z.enum(['user', 'assistant', 'system']),
  content: z
    .string()
    .min(1, 'must not be empty')
    .max(AI_PROMPT_MAX_CHARS, `must be at most ${AI_PROMPT_MAX_CHARS} characters`),
});
export type AiMessage = z.infer<typeof AiMessageSchema>;

/** Body of `POST /api/ai/{project}/text`. Either `prompt` or `messages` is required. */
export const AiTextRequestSchema = z
  .strictObject({
    prompt: z
      .string()
      .max(AI_PROMPT_MAX_CHARS, `must be at most ${AI_PROMPT_MAX_CHARS} characters`)
      .optional(),
    messages: z
      .array(AiMessageSchema)
      .max(AI_MESSAGES_MAX, `send at most ${AI_MESSAGES_MAX} messages`)
      .optional(),
    maxTokens: z
      .number()
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(GENERATION_MAX_TOKENS, `must be at most ${GENERATION_MAX_TOKENS}`)
      .optional(),
    stream: z.boolean().optional(),
    meter: AiMeterFieldSchema,
    imageUrls: z
      .array(z.string().min(1).max(2048))
      .max(AI_IMAGE_URLS_MAX, `send at most ${AI_IMAGE_URLS_MAX} images`)
      .optional(),
  })
  .refine(
    (b) => (b.prompt !== undefined && b.prompt.trim() !== '') || (b.messages?.length ?? 0) > 0,
    { message: 'send a non-empty prompt or at least one message' },
  );
/** A parsed body: `meter` is always set (absent on the wire → generation). */
export type AiTextRequest = z.infer<typeof AiTextRequestSchema>;
/** A body as a client sends it (`meter` may be left out). */
export type AiTextRequestInput = z.input<typeof AiTextRequestSchema>;

/** Token counts the provider reported (any may be missing). */
export const AiUsageSchema = z.object({
  inputTokens: z.number().optional(),
  outputTokens: z.number().optional(),
  totalTokens: z.number().optional(),
});
export type AiUsage = z.infer<typeof AiUsageSchema>;

/** 200 answer of `POST /api/ai/{project}/text` with `stream: false`. */
export const AiTextResultSchema = z.object({
  text: z.string(),
  finishReason: z.string(),
  usage: AiUsageSchema.optional(),
});
export type AiTextResult = z.infer<typeof AiTextResultSchema>;

/** 200 answer of `GET /api/ai/{project}/status`: the model this caller would get. */
export const AiStatusSchema = z.object({
  configured: z.boolean(),
  provider: z.string().nullable(),
  model: z.string().nullable(),
  advanced: z.boolean(),
});
export type AiStatus = z.infer<typeof AiStatusSchema>;

/** Fence tag per generator language label (SPEC §3 languages). */
const FENCE_TAGS: Readonly<Record<string, string>> = {
  JavaScript: 'javascript',
  TypeScript: 'typescript',
  Python: 'python',
  Go: 'go',
  Rust: 'rust',
  Java: 'java',
  'C#': 'csharp',
  'C++': 'cpp',
};

/** The Markdown fence tag for a language label (lower-cased label when unknown). */
export function fenceTagFor(language: string): string {
  return FENCE_TAGS[language] ?? language.toLowerCase().replace(/[^a-z0-9+#-]/g, '');
}

export interface GenerationPromptInput {
  /** Language label as shown in the selector, e.g. "Python". */
  language: string;
  /** What the user typed. */
  request: string;
  /** The editor's content; blank means a new generation ('(empty)' in the prompt). */
  currentCode?: string | null;
}

/**
 * The SPEC §7.1 prompt: the chosen language, the user request, the current
 * code or '(empty)', and the instruction to give an explanation followed by
 * ONE fenced code block. The layout (the `Language:`, `Request:`,
 * `Current code:` and `Instructions:` headings) is fixed: the test model
 * server (e2e/fixtures/model-server.mjs) reads it.
 */
export function buildGenerationPrompt({
  language,
  request,
  currentCode,
}: GenerationPromptInput): string {
  const tag = fenceTagFor(language);
  const code = currentCode && currentCode.trim() !== '' ? currentCode : null;
  return [
    `You are an expert ${language} programmer.`,
    '',
    `Language: ${language}`,
    '',
    'Request:',
    request.trim(),
    '',
    'Current code:',
    code === null ? '(empty)' : `\`\`\`${tag}\n${code.replace(/\n+$/, '')}\n\`\`\``,
    '',
    `Instructions: give a short explanation, followed by ONE fenced code block (\`\`\`${tag}) ` +
      `holding the complete ${language} code${code === null ? '' : ' with the requested change applied'}.`,
  ].join('\n');
}

const FENCE_OPEN = /^[ \t]*(`{3,}|~{3,})[^\n`]*\n/m;

/**
 * The code of an answer (SPEC §7.1): the body of the first fenced block; the
 * whole text (trimmed) when there is none. An unclosed block (a stopped or
 * cut-off answer) yields what arrived after its opening line.
 */
export function extractCode(text: string): string {
  const open = FENCE_OPEN.exec(text);
  if (!open) return text.trim();
  const fence = open[1] as string;
  const start = open.index + open[0].length;
  const rest = text.slice(start);
  const close = new RegExp(
    `^[ \\t]*${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`,
    'm',
  );
  const end = close.exec(rest);
  const body = end ? rest.slice(0, end.index) : rest;
  return body.replace(/\n$/, '');
}

/**
 * The refund rule's "code arrived" test (DESIGN §3.2): true once the answer
 * so far holds an opening ``` fence. A call stopped before that is refunded.
 */
export function hasCodeStarted(text: string): boolean {
  return text.includes('```');
}
