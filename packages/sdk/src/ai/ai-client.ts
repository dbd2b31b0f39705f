/**
 * `client.ai`: text generation against `/api/ai/{project}` (SPEC §7.1,
 * DESIGN §2b). `streamText` reads the server's Server-Sent Events (the AI
 * SDK UI message stream: `text-delta`, `error`, `finish`, then `[DONE]`)
 * with fetch + ReadableStream.
 */
import { NetworkError, networkErrorFrom } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import type {
  AiClient,
  AiStatusResult,
  AiStreamParams,
  AiTextParams,
  AiUsageInfo,
  RequestOptions,
} from '../types.ts';
import { parseUiStreamData, SseParser } from './sse.ts';

function bodyOf(params: AiTextParams, stream: boolean) {
  return {
    prompt: params.prompt,
    messages: params.messages,
    maxTokens: params.maxTokens,
    meter: params.meter,
    imageUrls: params.imageUrls,
    stream,
  };
}

const providerError = (message: string) =>
  new NetworkError({ code: 'AI_PROVIDER_ERROR', status: 502, message: message || undefined });

/** Reads an SSE body of the UI message stream to its end; throws on an `error` event. */
export async function readUiMessageStream(
  body: ReadableStream<Uint8Array>,
  options: { signal?: AbortSignal; onDelta?: (delta: string, text: string) => void },
): Promise<{ text: string; finishReason: string }> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const parser = new SseParser();
  let text = '';
  let finishReason = 'unknown';
  let done = false;
  const handle = (datas: string[]) => {
    for (const data of datas) {
      const event = parseUiStreamData(data);
      if (event.type === 'text-delta') {
        text += event.delta;
        options.onDelta?.(event.delta, text);
      } else if (event.type === 'error') {
        throw providerError(event.errorText);
      } else if (event.type === 'finish') {
        if (event.finishReason) finishReason = event.finishReason;
      } else if (event.type === 'abort') {
        finishReason = 'aborted';
      } else if (event.type === 'done') {
        done = true;
      }
    }
  };
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (cause) {
        if (options.signal?.aborted) throw options.signal.reason ?? cause;
        throw networkErrorFrom(cause);
      }
      if (chunk.done) {
        handle(parser.push(decoder.decode()));
        handle(parser.end());
        break;
      }
      handle(parser.push(decoder.decode(chunk.value, { stream: true })));
      if (done) break;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
  if (options.signal?.aborted) throw options.signal.reason;
  if (!done) {
    throw new NetworkError({
      code: 'NETWORK_ERROR',
      status: null,
      message: 'The answer was cut off. Please check your connection and try again.',
    });
  }
  return { text, finishReason };
}

export function createAiClient(options: { http: HttpClient; projectId: string }): AiClient {
  const { http, projectId } = options;
  const base = `/api/ai/${encodeURIComponent(projectId)}`;
  return {
    async status(request: RequestOptions = {}) {
      return http<AiStatusResult>({ path: `${base}/status`, signal: request.signal });
    },

    async generateText(params: AiTextParams) {
      return http<{ text: string; finishReason: string; usage?: AiUsageInfo }>({
        method: 'POST',
        path: `${base}/text`,
        body: bodyOf(params, false),
        signal: params.signal,
      });
    },

    async streamText(params: AiStreamParams) {
      const response = await http<Response>({
        method: 'POST',
        path: `${base}/text`,
        body: bodyOf(params, true),
        headers: { Accept: 'text/event-stream' },
        signal: params.signal,
        responseType: 'response',
      });
      if (!response.body) throw providerError('');
      return readUiMessageStream(response.body, {
        signal: params.signal,
        onDelta: params.onDelta,
      });
    },
  };
}
