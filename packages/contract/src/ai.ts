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
/** How long a charged edit's one free retry stays available (docs/decisions/023). */
export const EDIT_RETRY_GRANT_TTL_MS = 10 * 60_000;
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
    /**
     * The answer id of a charged edit whose SEARCH/REPLACE blocks failed: this call is the
     * edit engine's one retry, which the server does not charge again (docs/decisions/023).
     */
    retryOf: z.string().min(1, 'must not be empty').max(100, 'is not an answer id').optional(),
    /**
     * The saved project this call works on: the caller needs a team role that may generate in
     * its workspace (404 if not a member, 403 for a viewer), and the workspace's plan (its
     * owner's) is charged and decides the model (DESIGN §3.15, docs/decisions/026).
     */
    projectId: z.string().min(1, 'must not be empty').max(200, 'is not a project id').optional(),
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

/** `code` in a fenced block tagged `tag`, its trailing blank lines dropped. */
export const fenceCode = (tag: string, code: string) =>
  `\`\`\`${tag}\n${code.replace(/\n+$/, '')}\n\`\`\``;

/**
 * The opening lines of the generation and edit prompts (SPEC §7.1): the role, the language, the
 * request (trimmed) and, under `Current code:`, `currentCode` as given (a fenced block or '(empty)').
 */
export function codePromptHead(language: string, request: string, currentCode: string): string[] {
  return [
    `You are an expert ${language} programmer.`,
    '',
    `Language: ${language}`,
    '',
    'Request:',
    request.trim(),
    '',
    'Current code:',
    currentCode,
  ];
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
    ...codePromptHead(language, request, code === null ? '(empty)' : fenceCode(tag, code)),
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
 * The code of an answer still arriving: what extractCode gives once the first fence's opening
 * line is complete, else null (no code yet; the editor keeps what it holds).
 */
export function partialCode(text: string): string | null {
  return FENCE_OPEN.test(text) ? extractCode(text) : null;
}

/**
 * The refund rule's "code arrived" test (DESIGN §3.2; docs/api.md § AI "Stop"): true once the
 * answer so far holds the complete opening line of a fenced block — exactly when partialCode()
 * has code to put in the editor. A call stopped before that is refunded and changes nothing;
 * one stopped after it keeps its charge and leaves its partial code in the editor.
 */
export function hasCodeStarted(text: string): boolean {
  return FENCE_OPEN.test(text);
}

/** Longest line prefix codeStartWatch keeps while it could still open a fence. */
const WATCH_LINE_MAX = 256;
const FENCE_PREFIX = /^[ \t]*(`{3,}|~{3,})/;

/**
 * hasCodeStarted followed across the deltas of a stream without keeping its text: feed each
 * delta, get whether code has started so far. Only the current line is kept (and at most its
 * first WATCH_LINE_MAX characters, and only while it could still be a fence).
 */
export function codeStartWatch(): (delta: string) => boolean {
  let started = false;
  let line = '';
  return (delta) => {
    if (started) return true;
    const seen = line + delta;
    if (hasCodeStarted(seen)) return (started = true);
    line = seen.slice(seen.lastIndexOf('\n') + 1);
    if (line.length > WATCH_LINE_MAX)
      line = FENCE_PREFIX.test(line) ? line.slice(0, WATCH_LINE_MAX) : 'x';
    return false;
  };
}

/** `data` of the AI_METER_EVENT chunk. */
export interface AiMeterVerdict {
  meter: AiMeter;
  /** True when the unit stays charged: a complete answer, or one stopped after its code began. */
  charged: boolean;
}

/** 200 answer of `POST /api/ai/{project}/text/{answerId}/stop`. */
export const AiStopResponseSchema = z.object({ stopped: z.literal(true) });
export type AiStopResponse = z.infer<typeof AiStopResponseSchema>;

/** Longest answer id accepted in the stop path. */
export const AI_ANSWER_ID_MAX_LENGTH = 64;
