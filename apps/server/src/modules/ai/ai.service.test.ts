// The service's time-outs and abort against the scripted model server (real HTTP), with a
// recording stand-in for the plan service (the meter itself is covered in ai.api.test.ts).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { LanguageModelV3 } from '@ai-sdk/provider';
import { startModelServer, type ModelServer } from '../../../../../e2e/fixtures/model-server.mjs';
import { parseEnv } from '../../env.ts';
import { isAppError } from '../../lib/app-error.ts';
import type { UsageReservation } from '../plan/plan.service.ts';
import { createAiService } from './ai.service.ts';
import { providerErrorMessage } from './provider-errors.ts';
import { resolveAiProvider, type AiProviderResolution } from './providers.ts';

let model: ModelServer;
beforeAll(async () => {
  model = await startModelServer({ port: 0 });
});
afterAll(async () => {
  await model?.close();
});

async function serviceWith(timeouts: { totalMs?: number; firstTokenMs?: number }) {
  const events: string[] = [];
  const provider = await resolveAiProvider(
    parseEnv({
      NODE_ENV: 'test',
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: model.url,
      AI_MODEL_BASIC: 'codewright-test-model',
    }),
  );
  const service = createAiService({
    provider,
    timeouts,
    planService: {
      reserveUsage: async (userId, meter) => {
        events.push(`reserve ${meter}`);
        return {
          ok: true,
          reservation: { userId, meter, chargedAt: new Date() } as UsageReservation,
        };
      },
      refundUsage: async (r) => {
        events.push(`refund ${r.meter}`);
      },
    },
  });
  return { service, events };
}

const run = (
  service: Awaited<ReturnType<typeof serviceWith>>['service'],
  prompt: string,
  signal = new AbortController().signal,
) =>
  service.start({
    userId: 'u1',
    advanced: false,
    body: { prompt, meter: 'generation' },
    images: [],
    clientSignal: signal,
  });

describe('ai.service time-outs', () => {
  it('no first text within firstTokenMs → 502 "took too long", refunded, provider request closed', async () => {
    const { service, events } = await serviceWith({ firstTokenMs: 150 });
    // The answer's first token comes after 3 s: "took too long" can only be the time-out's.
    const err = await run(service, '[[slow-first-token:3000]] slow one 1').catch((e: unknown) => e);
    expect(isAppError(err) && [err.statusCode, err.code, err.message]).toEqual([
      502,
      'AI_PROVIDER_ERROR',
      'The AI model took too long to answer. Please try again.',
    ]);
    expect(events).toEqual(['reserve generation', 'refund generation']);
    // The model server sees the close once its socket does: waited for, not slept for.
    const request = () => model.requests.find((r) => JSON.stringify(r.body).includes('slow one 1'));
    await vi.waitFor(() => expect(request()?.closedEarly).toBe(true), { timeout: 5_000 });
  });

  it('a total time-out mid-stream ends with an error chunk and refunds', async () => {
    const { service, events } = await serviceWith({ totalMs: 300 });
    const r = await run(service, '[[chunk-delay:100]] long one 2');
    const types: string[] = [];
    let errorText = '';
    for await (const chunk of r) {
      types.push(chunk.type);
      if (chunk.type === 'error') errorText = chunk.errorText;
    }
    expect(types).toContain('text-delta');
    expect(errorText).toBe('The AI model took too long to answer. Please try again.');
    expect(events).toEqual(['reserve generation', 'refund generation']);
  });

  it('the drain deadline ends an answer as a failure: 503 before its first text, a "restarting" error chunk after; refunded', async () => {
    const { service, events } = await serviceWith({});
    const start = (prompt: string, shutdownSignal: AbortSignal) =>
      service.start({
        userId: 'u1',
        advanced: false,
        body: { prompt, meter: 'generation', stream: true },
        images: [],
        clientSignal: new AbortController().signal,
        shutdownSignal,
      });
    const early = new AbortController();
    const waiting = start('[[hang]] drained early', early.signal).catch((e: unknown) => e);
    await vi.waitFor(() =>
      expect(model.requests.some((r) => JSON.stringify(r.body).includes('drained early'))).toBe(
        true,
      ),
    );
    early.abort();
    const err = await waiting;
    expect(isAppError(err) && [err.statusCode, err.code]).toEqual([503, 'SERVER_RESTARTING']);

    const late = new AbortController();
    const r = await start('[[hold:svc-drain]] drained late', late.signal);
    let errorText = '';
    for await (const chunk of r) {
      // Text was delivered before the deadline: refunded all the same, as a provider failure is.
      if (chunk.type === 'text-delta') late.abort();
      if (chunk.type === 'error') errorText = chunk.errorText;
    }
    expect(errorText).toBe('The server is restarting. Please try again in a moment.');
    expect(r.verdict).toEqual({ meter: 'generation', charged: false });
    expect(events).toEqual([
      'reserve generation',
      'refund generation',
      'reserve generation',
      'refund generation',
    ]);
  });

  it('a completed answer keeps the charge', async () => {
    const { service, events } = await serviceWith({});
    const r = await run(service, 'finish me 3');
    for await (const chunk of r) void chunk;
    expect(r.finishReason).toBe('stop');
    expect(r.text).toContain('```js\n// finish me 3');
    expect(events).toEqual(['reserve generation']);
  });
});

describe('ai.service start pacing', () => {
  it('a burst whose charges are granted together still calls the model once per event-loop turn', async () => {
    const provider = await resolveAiProvider(
      parseEnv({
        NODE_ENV: 'test',
        AI_PROVIDER: 'openai-compatible',
        AI_BASE_URL: model.url,
        AI_MODEL_BASIC: 'codewright-test-model',
      }),
    );
    if (provider.name === null) throw new Error('no provider');
    // Turns of the event loop, counted by an immediate that re-arms itself.
    let turn = 0;
    let counting = true;
    const tick = () => {
      turn++;
      if (counting) setImmediate(tick);
    };
    setImmediate(tick);
    // The turn in which each model call was made (the scripted model answers it).
    const calledIn: number[] = [];
    const counted: AiProviderResolution = {
      ...provider,
      model: (advanced) => {
        const real = provider.model(advanced) as LanguageModelV3;
        const model = Object.create(real) as LanguageModelV3;
        model.doStream = (options) => {
          calledIn.push(turn);
          return real.doStream(options);
        };
        return model;
      },
    };
    // As PostgreSQL's group commit does (reservation-queue.ts): every reservation that queued
    // behind one statement is granted at the same moment.
    let grant!: () => void;
    const granted = new Promise<void>((resolve) => (grant = resolve));
    let reserved = 0;
    const service = createAiService({
      provider: counted,
      planService: {
        reserveUsage: async (userId, meter) => {
          reserved++;
          await granted;
          return {
            ok: true,
            reservation: { userId, meter, chargedAt: new Date() } as UsageReservation,
          };
        },
        refundUsage: async () => {},
      },
    });
    const runs = [0, 1, 2, 3, 4, 5].map((i) => run(service, `burst start ${i}`));
    while (reserved < runs.length) await new Promise((r) => setImmediate(r));
    grant();
    for (const r of await Promise.all(runs)) for await (const chunk of r) void chunk;
    counting = false;
    expect(calledIn).toHaveLength(6);
    expect(new Set(calledIn).size).toBe(6);
  });
});

describe('providerErrorMessage', () => {
  it('never passes the provider text through', () => {
    expect(providerErrorMessage(new Error('sk-secret leaked body'), null)).toBe(
      'The AI model could not answer. Please try again.',
    );
    expect(providerErrorMessage(new Error('connect ECONNREFUSED 127.0.0.1:1'), null)).toMatch(
      /could not be reached/,
    );
  });
});
