/**
 * `client.ai`: text generation against `/api/ai/{project}` (SPEC §7.1,
 * DESIGN §2b). `streamText` reads the server's Server-Sent Events (the AI
 * SDK UI message stream: `text-delta`, `error`, `finish`, then `[DONE]`)
 * with fetch + ReadableStream. Failure answers are `AiError`s (SPEC §8.1: AI errors are a
 * family of their own; a 401 stays an AuthError), as for the media calls; no answer at all
 * (offline, a dropped connection) is a NetworkError.
 */
import { AiError, familyErrorMapper, NetworkError, networkErrorFrom } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import type {
  AiClient,
  AiStatusResult,
  AiStreamParams,
  AiStreamResult,
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
    retryOf: params.retryOf,
    projectId: params.projectId,
    stream,
  };
}

const providerError = (message: string) =>
  new AiError({ code: 'AI_PROVIDER_ERROR', status: 502, message: message || undefined });
const mapError = familyErrorMapper(AiError);

/** Reads an SSE body of the UI message stream to its end; throws on an `error` event. */
export async function readUiMessageStream(
  body: ReadableStream<Uint8Array>,
  options: {
    signal?: AbortSignal;
    onDelta?: (delta: string, text: string) => void;
    /** The answer's id, from its `start` chunk (the `{answerId}` of Stop). */
    onStart?: (answerId: string) => void;
    /** The meter verdict that ends a stream (docs/api.md § AI "Stop"). */
    onMeter?: (verdict: { meter: string; charged: boolean }) => void;
  },
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
      } else if (event.type === 'start') {
        if (event.messageId) options.onStart?.(event.messageId);
      } else if (event.type === 'meter') {
        options.onMeter?.({ meter: event.meter, charged: event.charged });
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
      return http<AiStatusResult>({ path: `${base}/status`, signal: request.signal, mapError });
    },

    async generateText(params: AiTextParams) {
      return http<{ text: string; finishReason: string; usage?: AiUsageInfo }>({
        method: 'POST',
        path: `${base}/text`,
        body: bodyOf(params, false),
        signal: params.signal,
        mapError,
      });
    },

    async streamText(params: AiStreamParams): Promise<AiStreamResult> {
      // `signal` drops the connection at once; `stopSignal` asks the server to stop the answer
      // and reads on to its end, so the text and the charge agree (docs/api.md § AI "Stop").
      const connection = new AbortController();
      const drop = () => connection.abort(params.signal?.reason);
      if (params.signal?.aborted) drop();
      params.signal?.addEventListener('abort', drop, { once: true });
      let answerId: string | undefined;
      let verdict: { meter: string; charged: boolean } | undefined;
      let text = '';
      let stopping = false;
      const stop = async () => {
        stopping = true;
        if (answerId) {
          try {
            await http({
              method: 'POST',
              path: `${base}/text/${encodeURIComponent(answerId)}/stop`,
            });
            return;
          } catch {
            // Finished meanwhile, or streaming on another server instance: close the connection.
          }
        }
        connection.abort(new DOMException('Stopped', 'AbortError'));
      };
      const onStop = () => void stop();
      if (params.stopSignal?.aborted) onStop();
      else params.stopSignal?.addEventListener('abort', onStop, { once: true });
      const stopped = (): AiStreamResult => ({
        text,
        finishReason: 'stopped',
        answerId,
        // Without the server's verdict (the connection was closed) the same rule, on what arrived:
        // charged once any text was delivered (DESIGN §3.2).
        charged: verdict?.charged ?? text !== '',
      });
      try {
        const response = await http<Response>({
          method: 'POST',
          path: `${base}/text`,
          body: bodyOf(params, true),
          headers: { Accept: 'text/event-stream' },
          signal: connection.signal,
          responseType: 'response',
          mapError,
        });
        if (!response.body) throw providerError('');
        const result = await readUiMessageStream(response.body, {
          signal: connection.signal,
          onDelta: (delta, all) => {
            text = all;
            params.onDelta?.(delta, all);
          },
          onStart: (id) => {
            answerId = id;
            if (stopping) void stop();
          },
          onMeter: (v) => {
            verdict = v;
          },
        });
        if (stopping || result.finishReason === 'aborted') return stopped();
        return { ...result, answerId, charged: verdict?.charged ?? true };
      } catch (error) {
        if (stopping && !params.signal?.aborted) return stopped();
        throw error;
      } finally {
        params.signal?.removeEventListener('abort', drop);
        params.stopSignal?.removeEventListener('abort', onStop);
      }
    },
  };
}
