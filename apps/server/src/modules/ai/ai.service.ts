/**
 * Text generation (DESIGN §2b, §3.2, §3.5): meter, model call, time-outs,
 * abort, and the refund rule. (Over 300 lines: one answer's charge, timers, abort and verdict
 * share their state between start() and its iterator; the prompt, the provider's error texts and
 * the stream mapper have their own files.)
 *
 * Refund rule (documented in docs/api.md § AI, DESIGN §3.2): every call is charged to one
 * meter (ai-meter.ts), reserved before the model is called. It is given back only when the
 * call fails (provider error, refused connection, time-out, the server's drain deadline —
 * before or during the stream), or when it is aborted (client gone, Stop, a reader dropped for
 * stalling) before any text was delivered: a stream's text counts as delivered once a text
 * chunk was handed to its writer; a non-streamed answer is delivered only whole. An answer that
 * delivered text is charged, whether or not its code fence arrived — else its explanation is
 * free to read by stopping before the fence.
 *
 * Stop (docs/api.md § AI "Stop"): `stop(userId, answerId)` ends a streaming answer at a chunk
 * boundary without closing its connection, so the client receives every chunk the rule was
 * judged on; the run's `verdict` (sent as the last event) says whether the charge stands.
 */
import type { LanguageModelV3, LanguageModelV3StreamPart } from '@ai-sdk/provider';
import type { UIMessageChunk } from 'ai';
import {
  AI_STREAMS_PER_USER_DEFAULT,
  GENERATION_MAX_TOKENS,
  type AiMeterVerdict,
  type AiStatus,
  type AiTextRequest,
  type AiUsage,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { newId } from '../../lib/ids.ts';
import type { PlanService } from '../plan/plan.service.ts';
import { createMeterCharger } from './ai-meter.ts';
import { type ImagePart, toPrompt } from './ai-prompt.ts';
import { createRetryGrants } from './ai-retry-grants.ts';
import { type AbortKind, providerErrorMessage } from './provider-errors.ts';
import type { AiProviderResolution } from './providers.ts';
import { createStartGate } from './start-gate.ts';
import { createStreamSlots } from './stream-slots.ts';
import { createUiStreamMapper } from './ui-stream-mapper.ts';

export interface AiTimeouts {
  /** Whole call, first byte to last (default 120 s). */
  totalMs: number;
  /** From the call to the first text (default 30 s). */
  firstTokenMs: number;
}

export const DEFAULT_AI_TIMEOUTS: AiTimeouts = { totalMs: 120_000, firstTokenMs: 30_000 };

export interface RunInput {
  userId: string;
  /** Whose plan is charged: the project's workspace owner (DESIGN §3.15); default userId. */
  meterUserId?: string;
  advanced: boolean;
  body: AiTextRequest;
  images: ImagePart[];
  /** Aborted when the client goes away (or presses Stop). */
  clientSignal: AbortSignal;
  /**
   * Aborted when the server's shutdown reaches its drain deadline: the answer ends as a failure
   * (refunded) whose `error` event says the server is restarting.
   */
  shutdownSignal?: AbortSignal;
}

/** A started generation: the first text has arrived; iterate for the rest (UI message stream chunks). */
export interface AiRun extends AsyncIterable<UIMessageChunk> {
  /** The answer's id: the `messageId` of its `start` chunk, and the `{answerId}` of Stop. */
  readonly id: string;
  /** The meter and whether its charge stands; set once iteration ended (the meter is settled). */
  readonly verdict: AiMeterVerdict | null;
  /**
   * Text so far (complete once iteration ended). Empty for a streamed call (`body.stream`):
   * the stream carries the text, and holding a long answer for a stalled reader would cost
   * the server its whole size (docs/decisions/012).
   */
  readonly text: string;
  readonly finishReason: string;
  /** Token usage, once iteration ended (may be undefined). */
  usage(): Promise<AiUsage | undefined>;
}

export interface AiServiceOptions {
  provider: AiProviderResolution;
  planService: Pick<PlanService, 'reserveUsage' | 'refundUsage'>;
  timeouts?: Partial<AiTimeouts>;
  onRefundError?: (err: unknown) => void;
  /** Generations that may start per turn of the event loop (start-gate.ts); default 1. */
  startsPerTurn?: number;
  /** AI answers one user may stream at once (stream-slots.ts); default AI_STREAMS_PER_USER_DEFAULT. */
  streamsPerUser?: number;
}

/** Measured with bench/ai-stream.mjs (docs/decisions/009-streaming-under-load.md). */
export const DEFAULT_STARTS_PER_TURN = 1;

export function createAiService(options: AiServiceOptions) {
  const { provider, planService } = options;
  const timeouts = { ...DEFAULT_AI_TIMEOUTS, ...options.timeouts };
  const gate = createStartGate(options.startsPerTurn ?? DEFAULT_STARTS_PER_TURN);
  const charge = createMeterCharger(planService, options.onRefundError);
  const streams = createStreamSlots(options.streamsPerUser ?? AI_STREAMS_PER_USER_DEFAULT);
  /** The free retry of a charged edit (ai-retry-grants.ts, docs/decisions/023). */
  const retries = createRetryGrants();
  /** Answers under way, by id, for Stop: their user and how to end them. */
  const live = new Map<string, { userId: string; stop: () => void }>();

  return {
    provider,

    /** Charges one unit of a meter before a model call (ai-meter.ts): every AI route uses it. */
    charge,

    /**
     * Takes one of the user's stream slots before a streamed call (429 AI_STREAM_LIMIT_REACHED
     * when all are taken); call the returned release once the stream ended, however it ended.
     */
    acquireStreamSlot: (userId: string) => streams.acquire(userId),

    status(advanced: boolean): AiStatus {
      if (provider.name === null)
        return { configured: false, provider: null, model: null, advanced };
      return {
        configured: true,
        provider: provider.name,
        model: advanced ? provider.advancedModelId : provider.basicModelId,
        advanced,
      };
    },

    /**
     * Ends the user's answer `answerId` at the next chunk boundary, as if its client had gone
     * (refund rule above), while its connection stays open for the last chunks and the verdict.
     * False when no such answer of this user is under way (finished, unknown, someone else's).
     */
    stop(userId: string, answerId: string): boolean {
      const run = live.get(answerId);
      if (!run || run.userId !== userId) return false;
      run.stop();
      return true;
    },

    /** Throws 503 AI_NOT_CONFIGURED when there is no provider (checked before anything else). */
    assertConfigured(): void {
      if (provider.name === null) throw new AppError('AI_NOT_CONFIGURED');
    },

    /**
     * Reserves the meter, calls the model and waits for its first text. Throws
     * 402 (limit), 503 (no provider) or 502 (provider failure before any text;
     * the meter is refunded). Iterate the returned run for the rest.
     */
    async start(input: RunInput): Promise<AiRun> {
      if (provider.name === null) throw new AppError('AI_NOT_CONFIGURED');
      const { body } = input;
      // The edit engine's one retry after failed blocks is not charged again (decision 023).
      const retry = retries.take(input.userId, body);
      const charged = retry ?? (await charge(input.meterUserId ?? input.userId, body.meter));
      // Paced after the charge, right before the model call: on PostgreSQL the reservations that
      // queued behind one statement are granted together (reservation-queue.ts), so a gate before
      // the charge let a whole burst call the model in one turn (docs/decisions/041).
      const turn = gate.enter();
      if (turn) {
        await turn;
        // Gone while waiting: nothing was delivered, the charge goes back; nothing to call.
        if (input.clientSignal.aborted) {
          await charged.refund();
          throw new AppError('AI_PROVIDER_ERROR', 499, 'The request was stopped.');
        }
      }
      const answerId = newId('ans');
      let verdict: AiMeterVerdict | null = null;
      const refund = () => {
        verdict ??= { meter: body.meter, charged: false };
        return charged.refund();
      };
      const keep = () => {
        verdict ??= { meter: body.meter, charged: retry === null };
        charged.keep();
      };

      const controller = new AbortController();
      let abortKind: AbortKind | null = null;
      const abort = (kind: AbortKind) => {
        abortKind ??= kind;
        controller.abort();
      };
      const signal = controller.signal;
      const onClientAbort = () => abort('client');
      if (input.clientSignal.aborted) onClientAbort();
      else input.clientSignal.addEventListener('abort', onClientAbort, { once: true });
      const onShutdown = () => abort('shutdown');
      if (input.shutdownSignal?.aborted) onShutdown();
      else input.shutdownSignal?.addEventListener('abort', onShutdown, { once: true });
      const totalTimer = setTimeout(() => abort('total-timeout'), timeouts.totalMs);
      let firstTimer: NodeJS.Timeout | undefined = setTimeout(
        () => abort('first-token-timeout'),
        timeouts.firstTokenMs,
      );
      live.set(answerId, { userId: input.userId, stop: onClientAbort });
      const cleanup = () => {
        live.delete(answerId);
        clearTimeout(totalTimer);
        if (firstTimer) clearTimeout(firstTimer);
        input.clientSignal.removeEventListener('abort', onClientAbort);
        input.shutdownSignal?.removeEventListener('abort', onShutdown);
      };

      let lastError: unknown = null;
      let text = '';
      const keepText = !body.stream;
      // The refund rule's "text delivered": a text chunk of a stream handed to its writer.
      let delivered = false;
      let finishReason = 'unknown';
      let failed = false;
      let aborted = false;

      // The provider's own streaming call, read straight from its stream and mapped to the UI
      // message stream protocol (ui-stream-mapper.ts says why: docs/decisions/009).
      const model = provider.model(input.advanced) as LanguageModelV3;
      let upstream: ReadableStreamDefaultReader<LanguageModelV3StreamPart> | undefined;
      let upstreamEnded = false;
      const pending: UIMessageChunk[] = [];
      const mapper = createUiStreamMapper(answerId, (error) => {
        // Stopped by the client: the answer ends with an abort chunk, not an error.
        if (abortKind === 'client') return null;
        lastError = error;
        return providerErrorMessage(error, abortKind);
      });
      const map = (part: LanguageModelV3StreamPart) => mapper.map(part, pending);

      /** Stops reading the provider's answer (its request is aborted through `signal`). */
      const stopUpstream = () => {
        upstreamEnded = true;
        void upstream?.cancel().catch(() => {});
      };

      /** The next UI chunk, or undefined once the answer ended (an error ends it too). */
      const next = async (): Promise<UIMessageChunk | undefined> => {
        while (pending.length === 0) {
          if (upstreamEnded) return undefined;
          try {
            if (!upstream) {
              const { stream } = await model.doStream({
                prompt: toPrompt(body, input.images),
                maxOutputTokens: body.maxTokens ?? GENERATION_MAX_TOKENS,
                abortSignal: signal,
                includeRawChunks: false,
              });
              upstream = stream.getReader();
              if (upstreamEnded) void upstream.cancel().catch(() => {});
              continue;
            }
            const { done, value } = await upstream.read();
            if (done) upstreamEnded = true;
            else map(value);
          } catch (error) {
            if (upstreamEnded) return undefined;
            upstreamEnded = true;
            map({ type: 'error', error });
          }
        }
        return pending.shift();
      };
      const buffered: UIMessageChunk[] = [];

      const observe = (chunk: UIMessageChunk) => {
        if (chunk.type === 'text-delta') {
          if (keepText) text += chunk.delta;
        } else if (chunk.type === 'error') {
          failed = true;
          // The time-out may have fired after the SDK built the message.
          (chunk as { errorText: string }).errorText = providerErrorMessage(lastError, abortKind);
        } else if (chunk.type === 'abort') aborted = true;
        else if (chunk.type === 'finish' && chunk.finishReason) finishReason = chunk.finishReason;
      };

      // Wait for the first text (or the end, an error, an abort).
      try {
        for (;;) {
          const value = await next();
          if (value === undefined) break;
          observe(value);
          buffered.push(value);
          if (value.type === 'text-delta' || value.type === 'error' || value.type === 'abort')
            break;
          if (value.type === 'finish') break;
        }
      } catch (err) {
        lastError = err;
        failed = true;
      }
      if (controller.signal.aborted && !failed) aborted = true;
      if (failed || aborted) {
        cleanup();
        stopUpstream();
        await refund();
        if (abortKind === 'client') {
          throw new AppError('AI_PROVIDER_ERROR', 499, 'The request was stopped.');
        }
        if (abortKind === 'shutdown') throw new AppError('SERVER_RESTARTING');
        throw new AppError('AI_PROVIDER_ERROR', 502, providerErrorMessage(lastError, abortKind));
      }
      if (firstTimer) {
        clearTimeout(firstTimer);
        firstTimer = undefined;
      }

      const settle = async () => {
        cleanup();
        if (failed) return refund();
        if ((aborted || controller.signal.aborted) && !delivered) return refund();
        keep();
        // A complete, charged edit answer: its one retry (if its blocks fail) is free.
        const complete = !aborted && !controller.signal.aborted && finishReason === 'stop';
        if (complete && retry === null && body.meter === 'edit')
          retries.grant(answerId, input.userId);
      };

      return {
        id: answerId,
        get verdict() {
          return verdict;
        },
        get text() {
          return text;
        },
        get finishReason() {
          return finishReason;
        },
        async usage() {
          return mapper.usage;
        },
        async *[Symbol.asyncIterator]() {
          let completed = false;
          /** A chunk handed on; a stream's text chunk is then delivered (refund rule). */
          const handOn = (chunk: UIMessageChunk) => {
            if (body.stream && chunk.type === 'text-delta' && chunk.delta !== '') delivered = true;
            return chunk;
          };
          try {
            for (const chunk of buffered.splice(0)) yield handOn(chunk);
            for (;;) {
              const value = await next();
              if (value === undefined) break;
              observe(value);
              if (value.type === 'abort' && abortKind !== 'client') {
                // A time-out mid-stream: report it as the error it is.
                failed = true;
                yield { type: 'error', errorText: providerErrorMessage(lastError, abortKind) };
                continue;
              }
              yield handOn(value);
            }
            completed = true;
          } catch (err) {
            lastError = err;
            failed = true;
            yield { type: 'error', errorText: providerErrorMessage(err, abortKind) };
            completed = true;
          } finally {
            if (!completed) {
              // The consumer stopped reading (client gone): abort the provider call too.
              abort('client');
              stopUpstream();
            }
            await settle();
          }
        },
      };
    },
  };
}

export type AiService = ReturnType<typeof createAiService>;
