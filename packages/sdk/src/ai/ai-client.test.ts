// (Over 300 lines: the SSE parser and every way client.ai reads an answer — deltas, errors, Stop,
// stopSignal, plain calls — share the bodyOf and aiWith set-ups at the top.)
import { describe, expect, it } from 'vitest';
import { AiError, AuthError } from '../errors.ts';
import { createHttpClient } from '../http.ts';
import { createAiClient } from './ai-client.ts';
import { SseParser, parseUiStreamData } from './sse.ts';

/** A body that delivers these string pieces one read at a time. */
function bodyOf(pieces: string[], opts: { failAtEnd?: boolean } = {}) {
  const encoder = new TextEncoder();
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < pieces.length) controller.enqueue(encoder.encode(pieces[i++]));
      else if (opts.failAtEnd) controller.error(new TypeError('terminated'));
      else controller.close();
    },
  });
}

function aiWith(respond: (init: RequestInit | undefined) => Response) {
  const calls: { url: string; body: unknown; headers: unknown }[] = [];
  const http = createHttpClient({
    getAccessToken: async () => 'tok',
    fetch: async (input, init) => {
      calls.push({
        url: String(input),
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
        headers: init?.headers,
      });
      return respond(init);
    },
  });
  return { ai: createAiClient({ http, projectId: 'codewright' }), calls };
}

const sse = (chunks: unknown[]) =>
  chunks.map((c) => `data: ${typeof c === 'string' ? c : JSON.stringify(c)}\n\n`).join('');

describe('SseParser', () => {
  it('joins events split across reads, at any byte', () => {
    const text = 'data: {"a":1}\n\ndata: {"b":2}\n\n';
    for (let cut = 0; cut <= text.length; cut++) {
      const p = new SseParser();
      const out = [...p.push(text.slice(0, cut)), ...p.push(text.slice(cut)), ...p.end()];
      expect(out).toEqual(['{"a":1}', '{"b":2}']);
    }
  });

  it('joins multi-line data with \\n, accepts CRLF and CR, and skips comments and other fields', () => {
    const p = new SseParser();
    const out = [
      ...p.push(': keep-alive\r\nevent: x\r\ndata: line one\r\ndata:line two\r\n\r\n'),
      ...p.push('id: 7\rdata: three\r'),
      ...p.push('\r'),
      ...p.end(),
    ];
    expect(out).toEqual(['line one\nline two', 'three']);
  });

  it('hands back a last event that lacks its blank line at the end', () => {
    const p = new SseParser();
    expect(p.push('data: [DONE]')).toEqual([]);
    expect(p.end()).toEqual(['[DONE]']);
  });

  it.each([
    ['[DONE]', { type: 'done' }],
    ['{"type":"text-delta","id":"0","delta":"hi"}', { type: 'text-delta', delta: 'hi' }],
    ['{"type":"error","errorText":"boom"}', { type: 'error', errorText: 'boom' }],
    ['{"type":"finish","finishReason":"stop"}', { type: 'finish', finishReason: 'stop' }],
    ['{"type":"start","messageId":"ans_1"}', { type: 'start', messageId: 'ans_1' }],
  ])('reads the UI message stream chunk %s', (data, chunk) => {
    expect(parseUiStreamData(data)).toEqual(chunk);
  });

  it('reads other chunks and what is not JSON as "other"', () => {
    expect(parseUiStreamData('{"type":"start-step"}').type).toBe('other');
    expect(parseUiStreamData('not json').type).toBe('other');
  });
});

describe('client.ai.streamText', () => {
  it('posts stream:true with a Bearer token and reports every delta and the whole text', async () => {
    const events = sse([
      { type: 'start' },
      { type: 'text-start', id: '0' },
      { type: 'text-delta', id: '0', delta: 'Here ' },
      { type: 'text-delta', id: '0', delta: 'is\n```js\nx\n```' },
      { type: 'text-end', id: '0' },
      { type: 'finish', finishReason: 'stop' },
      '[DONE]',
    ]);
    // Split into awkward 7-character reads.
    const pieces = events.match(/[\s\S]{1,7}/g) ?? [];
    const { ai, calls } = aiWith(
      () => new Response(bodyOf(pieces), { headers: { 'content-type': 'text/event-stream' } }),
    );
    const seen: [string, string][] = [];
    const result = await ai.streamText({
      prompt: 'p',
      meter: 'generation',
      onDelta: (d, t) => seen.push([d, t]),
    });
    expect(result).toEqual({ text: 'Here is\n```js\nx\n```', finishReason: 'stop', charged: true });
    expect(seen).toEqual([
      ['Here ', 'Here '],
      ['is\n```js\nx\n```', 'Here is\n```js\nx\n```'],
    ]);
    expect(calls[0]).toMatchObject({
      url: '/api/ai/codewright/text',
      body: { prompt: 'p', meter: 'generation', stream: true },
      headers: { Authorization: 'Bearer tok' },
    });
  });

  it('rejects with AI_PROVIDER_ERROR and the server text on an error event', async () => {
    const { ai } = aiWith(
      () =>
        new Response(
          bodyOf([
            sse([
              { type: 'text-delta', id: '0', delta: 'Hi' },
              {
                type: 'error',
                errorText: 'The AI model stopped answering midway. Please try again.',
              },
              '[DONE]',
            ]),
          ]),
        ),
    );
    const deltas: string[] = [];
    const err = await ai
      .streamText({ prompt: 'p', onDelta: (d) => deltas.push(d) })
      .catch((e) => e);
    expect(err).toBeInstanceOf(AiError);
    expect(err).toMatchObject({
      code: 'AI_PROVIDER_ERROR',
      status: 502,
      message: 'The AI model stopped answering midway. Please try again.',
    });
    expect(deltas).toEqual(['Hi']);
  });

  it('keeps the catalogue codes of refusals (400, 402, 429, 503, 502) as AiErrors (SPEC §8.1)', async () => {
    for (const [status, code] of [
      [400, 'VALIDATION_ERROR'],
      [429, 'AI_STREAM_LIMIT_REACHED'],
      [402, 'GENERATION_LIMIT_REACHED'],
      [402, 'EDIT_LIMIT_REACHED'],
      [503, 'AI_NOT_CONFIGURED'],
      [502, 'AI_PROVIDER_ERROR'],
    ] as const) {
      const { ai } = aiWith(
        () =>
          new Response(JSON.stringify({ error: { code, message: `m ${code}` } }), {
            status,
            headers: { 'content-type': 'application/json' },
          }),
      );
      for (const call of [
        () => ai.streamText({ prompt: 'p' }),
        () => ai.generateText({ prompt: 'p' }),
      ]) {
        const err = await call().catch((e) => e);
        expect(err).toBeInstanceOf(AiError);
        expect(err).toMatchObject({ name: 'AiError', code, status, message: `m ${code}` });
      }
    }
    const { ai } = aiWith(() => new Response(JSON.stringify({ error: {} }), { status: 503 }));
    expect(await ai.status().catch((e) => e)).toBeInstanceOf(AiError);
  });

  it('a 401 stays an AuthError: the session is over, whatever was called', async () => {
    const { ai } = aiWith(
      () =>
        new Response(JSON.stringify({ error: { code: 'UNAUTHORIZED', message: 'no' } }), {
          status: 401,
          headers: { 'content-type': 'application/json' },
        }),
    );
    const err = await ai.generateText({ prompt: 'p' }).catch((e) => e);
    expect(err).toBeInstanceOf(AuthError);
    expect(err).not.toBeInstanceOf(AiError);
    expect(err).toMatchObject({ code: 'TOKEN_EXPIRED', status: 401 });
  });

  it('a stream cut off without [DONE] is a network error', async () => {
    const { ai } = aiWith(
      () =>
        new Response(
          bodyOf([sse([{ type: 'text-delta', id: '0', delta: 'Hi' }])], { failAtEnd: true }),
        ),
    );
    const err = await ai.streamText({ prompt: 'p' }).catch((e) => e);
    expect(err).toMatchObject({ code: 'NETWORK_ERROR' });
  });

  it('Stop: rejects with the signal’s AbortError', async () => {
    const stop = new AbortController();
    const { ai } = aiWith((init) => {
      const signal = init?.signal as AbortSignal;
      const encoder = new TextEncoder();
      return new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode(sse([{ type: 'text-delta', id: '0', delta: 'Hi' }])));
            signal.addEventListener('abort', () => controller.error(signal.reason));
          },
        }),
      );
    });
    const pending = ai.streamText({
      prompt: 'p',
      signal: stop.signal,
      onDelta: () => stop.abort(),
    });
    const err = await pending.catch((e) => e);
    expect((err as Error).name).toBe('AbortError');
  });
});

describe('client.ai.streamText with stopSignal (docs/api.md § AI "Stop")', () => {
  /** A server whose stream the test drives; POST …/stop answers `stopStatus`. */
  function stoppable(stopStatus: number) {
    const encoder = new TextEncoder();
    let push: (chunks: unknown[], close?: boolean) => void = () => {};
    const { ai, calls } = aiWith((init) => {
      const url = calls.at(-1)?.url ?? '';
      if (url.endsWith('/stop')) {
        if (stopStatus === 200) {
          push(
            [
              { type: 'abort' },
              { type: 'data-meter', data: { meter: 'edit', charged: true }, transient: true },
              '[DONE]',
            ],
            true,
          );
          return Response.json({ stopped: true });
        }
        return Response.json({ error: { code: 'NOT_FOUND', message: 'gone' } }, { status: 404 });
      }
      const signal = init?.signal as AbortSignal;
      return new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            push = (chunks, close) => {
              controller.enqueue(encoder.encode(sse(chunks)));
              if (close) controller.close();
            };
            push([{ type: 'start', messageId: 'ans_1' }]);
            signal.addEventListener('abort', () => controller.error(signal.reason));
          },
        }),
      );
    });
    return { ai, calls, push: (chunks: unknown[]) => push(chunks) };
  }

  /** Starts a stoppable stream, lets `delta` arrive, then stops it: what streamText resolves with. */
  async function stopAfter(
    { ai, push }: ReturnType<typeof stoppable>,
    delta: string,
    params: { meter?: 'edit' } = {},
  ) {
    const stop = new AbortController();
    const pending = ai.streamText({ prompt: 'p', ...params, stopSignal: stop.signal });
    await new Promise((r) => setTimeout(r, 10));
    push([{ type: 'text-delta', id: '0', delta }]);
    await new Promise((r) => setTimeout(r, 10));
    stop.abort();
    return pending;
  }

  it('asks the server to stop, reads on to the verdict and resolves with what arrived', async () => {
    const stream = stoppable(200);
    expect(await stopAfter(stream, 'Here:\n```js\nlet a', { meter: 'edit' })).toEqual({
      text: 'Here:\n```js\nlet a',
      finishReason: 'stopped',
      answerId: 'ans_1',
      charged: true,
    });
    expect(stream.calls.map((c) => c.url)).toEqual([
      '/api/ai/codewright/text',
      '/api/ai/codewright/text/ans_1/stop',
    ]);
  });

  it('closes the connection when the stop call fails, and applies the rule to what arrived', async () => {
    expect(await stopAfter(stoppable(404), 'Thinking about it')).toEqual({
      text: 'Thinking about it',
      finishReason: 'stopped',
      answerId: 'ans_1',
      // Text arrived (explanation only): charged, as the server's rule (DESIGN §3.2).
      charged: true,
    });
  });
});

describe('client.ai.generateText and status', () => {
  it('posts stream:false and returns the JSON answer; status reads /status', async () => {
    const { ai, calls } = aiWith((init) =>
      init?.method === 'POST'
        ? Response.json({ text: 't', finishReason: 'stop', usage: { outputTokens: 3 } })
        : Response.json({ configured: true, provider: 'ollama', model: 'm', advanced: false }),
    );
    expect(await ai.generateText({ prompt: 'p', maxTokens: 10, imageUrls: ['/u.png'] })).toEqual({
      text: 't',
      finishReason: 'stop',
      usage: { outputTokens: 3 },
    });
    expect(calls[0]?.body).toEqual({
      prompt: 'p',
      maxTokens: 10,
      imageUrls: ['/u.png'],
      stream: false,
    });
    expect(await ai.status()).toEqual({
      configured: true,
      provider: 'ollama',
      model: 'm',
      advanced: false,
    });
    expect(calls[1]?.url).toBe('/api/ai/codewright/status');
  });
});
