// /api/ai/{project}: the real provider code (openai-compatible) against the scripted
// model server (e2e/fixtures/model-server.mjs) over real sockets; the app listens and
// Node's fetch is the client (streaming and aborts need a real connection).
// (Over 300 lines: /text's answers, meters, refusals, images and a missing provider share one
// listening app and scripted model server from test/scripted-model-app.ts.)
import { beforeAll, describe, expect, it } from 'vitest';
import {
  buildGenerationPrompt,
  extractCode,
  hasCodeStarted,
  type PlanInfo,
} from '@codewright/contract';
import { startModelServer, type ModelServer } from '../../../../../e2e/fixtures/model-server.mjs';
import { newSession } from '../../test/auth-helpers.ts';
import { useScriptedModelApp } from '../../test/scripted-model-app.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const scripted = useScriptedModelApp(
  { AI_MODEL_ADVANCED: 'codewright-test-model-advanced' },
  { listen: true },
);
let model: ModelServer;
let t: TestApp;
let base: string;
beforeAll(() => {
  ({ model, t, base } = scripted);
});

interface User {
  id: string;
  token: string;
}
async function newUser(): Promise<User> {
  const { session } = await newSession(t.app);
  return { id: session.user.id, token: session.access_token };
}

const text = (user: User, body: unknown, init: RequestInit = {}) =>
  fetch(`${base}/api/ai/codewright/text`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;
const planOf = async (user: User) => {
  const res = await fetch(`${base}/api/plan`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  return (await res.json()) as PlanInfo;
};
const requestsWith = (marker: string) =>
  model.requests.filter((r) => JSON.stringify(r.body.messages).includes(marker));

/** Reads an SSE body into its parsed events (and the raw [DONE] marker). */
async function sseEvents(res: Response): Promise<(Record<string, unknown> | '[DONE]')[]> {
  const raw = await res.text();
  return raw
    .split('\n\n')
    .filter((block) => block.startsWith('data: '))
    .map((block) => {
      const data = block.slice('data: '.length);
      return data === '[DONE]' ? '[DONE]' : (JSON.parse(data) as Record<string, unknown>);
    });
}

const until = async (check: () => boolean, ms = 5000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('POST /api/ai/{project}/text — answers', () => {
  it('answers a plain (non-stream) call with text, usage and finishReason; no meter = generation', async () => {
    const u = await newUser();
    const prompt = buildGenerationPrompt({ language: 'JavaScript', request: 'make a counter' });
    const res = await text(u, { prompt });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { text: string; finishReason: string; usage?: unknown };
    expect(body.finishReason).toBe('stop');
    expect(extractCode(body.text)).toBe(
      "// make a counter\nfunction main() {\n  return 'make a counter';\n}",
    );
    expect(body.usage).toMatchObject({ outputTokens: expect.any(Number) });
    // Without a meter the call is charged to generation (the server owns metering).
    expect((await planOf(u)).usage).toMatchObject({ generationsUsed: 1, editsUsed: 0 });
    // The model got the prompt, the Basic model and the 2000-token cap.
    const seen = requestsWith('make a counter').at(-1);
    expect(seen?.body).toMatchObject({ model: 'codewright-test-model', max_tokens: 2000 });
  });

  it('streams SSE in the AI SDK UI message protocol, ending with [DONE], and charges the meter', async () => {
    const u = await newUser();
    const prompt = buildGenerationPrompt({ language: 'Python', request: 'sum a list' });
    const res = await text(u, { prompt, stream: true, meter: 'generation', maxTokens: 500 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(res.headers.get('x-vercel-ai-ui-message-stream')).toBe('v1');
    const events = await sseEvents(res);
    expect(events.at(-1)).toBe('[DONE]');
    const parsed = events.filter((e): e is Record<string, unknown> => e !== '[DONE]');
    const deltas = parsed.filter((e) => e.type === 'text-delta');
    expect(deltas.length).toBeGreaterThan(5);
    const full = deltas.map((e) => e.delta).join('');
    expect(extractCode(full)).toBe("# sum a list\ndef main():\n    return 'sum a list'");
    expect(parsed.find((e) => e.type === 'finish')).toMatchObject({ finishReason: 'stop' });
    expect(parsed.some((e) => e.type === 'error')).toBe(false);
    expect((await planOf(u)).usage.generationsUsed).toBe(1);
    expect(requestsWith('sum a list').at(-1)?.body.max_tokens).toBe(500);
  });

  it('an edit sends the current code and the answer changes it; messages work as well as prompt', async () => {
    const u = await newUser();
    const current = "// make a counter\nfunction main() {\n  return 'make a counter';\n}";
    const prompt = buildGenerationPrompt({
      language: 'JavaScript',
      request: 'add a reset',
      currentCode: current,
    });
    const res = await text(u, {
      messages: [
        { role: 'system', content: 'You write code.' },
        { role: 'user', content: prompt },
      ],
      meter: 'edit',
    });
    expect(res.status).toBe(200);
    const { text: answer } = (await res.json()) as { text: string };
    expect(extractCode(answer)).toBe(`${current}\n// edited: add a reset`);
    expect((await planOf(u)).usage).toMatchObject({ editsUsed: 1, generationsUsed: 0 });
  });

  it('Pro users get the Advanced model (status and the call agree)', async () => {
    const u = await newUser();
    const status = async () =>
      (
        await fetch(`${base}/api/ai/codewright/status`, {
          headers: { authorization: `Bearer ${u.token}` },
        })
      ).json();
    expect(await status()).toEqual({
      configured: true,
      provider: 'openai-compatible',
      model: 'codewright-test-model',
      advanced: false,
    });
    await fetch(`${base}/api/plan/upgrade`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ plan: 'pro' }),
    });
    expect(await status()).toEqual({
      configured: true,
      provider: 'openai-compatible',
      model: 'codewright-test-model-advanced',
      advanced: true,
    });
    const res = await text(u, { prompt: 'advanced marker 7731' });
    expect(res.status).toBe(200);
    expect(requestsWith('advanced marker 7731').at(-1)?.body.model).toBe(
      'codewright-test-model-advanced',
    );
  });
});

describe('meters', () => {
  it('every call is charged to exactly one meter, whatever the client sends', async () => {
    const u = await newUser();
    // Absent → generation, "edit" → edit, stream or not; an unknown meter → 400 naming it.
    for (const [body, used] of [
      [{ prompt: 'no meter 1' }, { generationsUsed: 1, editsUsed: 0 }],
      [
        { prompt: 'no meter 2', stream: true },
        { generationsUsed: 2, editsUsed: 0 },
      ],
      [
        { prompt: 'an edit', meter: 'edit', stream: true },
        { generationsUsed: 2, editsUsed: 1 },
      ],
      [
        { prompt: 'null meter', meter: null },
        { generationsUsed: 2, editsUsed: 1 },
      ],
      [
        { prompt: 'chat meter', meter: 'chat' },
        { generationsUsed: 2, editsUsed: 1 },
      ],
      [
        { prompt: 'blank meter', meter: '' },
        { generationsUsed: 2, editsUsed: 1 },
      ],
    ] as const) {
      const before = model.requests.length;
      const res = await text(u, body);
      if ('meter' in body && body.meter !== 'edit') {
        expect(res.status, JSON.stringify(body)).toBe(400);
        const error = await errorOf(res);
        expect(error.code).toBe('VALIDATION_ERROR');
        expect(error.message).toMatch(
          /^Invalid request body: meter: must be "generation" or "edit"/,
        );
        expect(model.requests.length).toBe(before);
      } else {
        expect(res.status, JSON.stringify(body)).toBe(200);
        await res.text();
      }
      expect((await planOf(u)).usage, JSON.stringify(body)).toMatchObject(used);
    }
  });

  it('the Free generation limit holds for calls without a meter too', async () => {
    const u = await newUser();
    for (let i = 0; i < 10; i++) {
      const res = await text(u, { prompt: `unmetered ${i}` });
      expect(res.status).toBe(200);
      await res.text();
    }
    const eleventh = await text(u, { prompt: 'unmetered 11' });
    expect(eleventh.status).toBe(402);
    expect((await errorOf(eleventh)).code).toBe('GENERATION_LIMIT_REACHED');
  });

  it('20 parallel generations on a fresh Free account: exactly 10 served, 10 refused with 402', async () => {
    const u = await newUser();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        // Three of them streamed: a user may stream AI_STREAMS_PER_USER_DEFAULT (3) at once.
        text(u, { prompt: `parallel ${i}`, meter: 'generation', stream: i % 7 === 0 }).then(
          async (res) => ({ status: res.status, body: await res.text() }),
        ),
      ),
    );
    const served = results.filter((r) => r.status === 200);
    const refused = results.filter((r) => r.status === 402);
    expect(served).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused) {
      expect(JSON.parse(r.body).error).toEqual({
        code: 'GENERATION_LIMIT_REACHED',
        message:
          "You've reached your monthly generation limit. Upgrade to Pro for unlimited generations!",
      });
    }
    const plan = await planOf(u);
    expect(plan.usage.generationsUsed).toBe(10);
    expect(plan.remaining.generations).toBe(0);
  });

  it('five edits, then EDIT_LIMIT_REACHED (and the model is not called)', async () => {
    const u = await newUser();
    for (let i = 0; i < 5; i++) {
      const res = await text(u, { prompt: `edit ${i}`, meter: 'edit' });
      expect(res.status).toBe(200);
    }
    const before = model.requests.length;
    const sixth = await text(u, { prompt: 'edit six 5521', meter: 'edit' });
    expect(sixth.status).toBe(402);
    expect((await errorOf(sixth)).code).toBe('EDIT_LIMIT_REACHED');
    expect(model.requests.length).toBe(before);
    expect((await planOf(u)).remaining.edits).toBe(0);
  });

  it('a provider error answers 502 with a readable message and spends nothing', async () => {
    const u = await newUser();
    for (const stream of [false, true]) {
      const res = await text(u, { prompt: '[[error:500]] make it', meter: 'generation', stream });
      expect(res.status).toBe(502);
      const error = await errorOf(res);
      expect(error.code).toBe('AI_PROVIDER_ERROR');
      expect(error.message).toMatch(/could not answer.*Please try again/);
      expect(error.message).not.toMatch(/scripted failure/);
    }
    expect((await planOf(u)).usage.generationsUsed).toBe(0);
  });

  it('a failure mid-stream arrives as an error event and spends nothing', async () => {
    const u = await newUser();
    const res = await text(u, {
      prompt: '[[chunk-delay:20]] [[fail-after:3]] midway failure',
      meter: 'generation',
      stream: true,
    });
    expect(res.status).toBe(200);
    const events = await sseEvents(res);
    const error = events.find((e) => e !== '[DONE]' && e.type === 'error') as
      { errorText: string } | undefined;
    expect(error?.errorText).toMatch(/Please try again/);
    expect((await planOf(u)).usage.generationsUsed).toBe(0);
  });

  it('a client abort before any text was delivered (on [[hang]]) spends nothing and closes the model request', async () => {
    const u = await newUser();
    const stop = new AbortController();
    const pending = text(
      u,
      { prompt: '[[hang]] stop marker 9917', meter: 'generation', stream: true },
      { signal: stop.signal },
    ).catch((err: unknown) => err);
    await until(() => requestsWith('stop marker 9917').length === 1);
    stop.abort();
    expect(((await pending) as Error).name).toBe('AbortError');
    await until(() => requestsWith('stop marker 9917')[0]?.closedEarly === true);
    // The refund lands shortly after the abort.
    const end = Date.now() + 3000;
    let used = -1;
    while (Date.now() < end) {
      used = (await planOf(u)).usage.generationsUsed;
      if (used === 0) break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(used).toBe(0);
  });

  it('a client abort after text was delivered is charged, whether or not the code fence came', async () => {
    const u = await newUser();
    // Chunks: "Here", " is", … the fence arrives a few words in; stop while the body streams.
    const stopAfter = async (marker: string, untilText: (t: string) => boolean) => {
      const stop = new AbortController();
      const res = await text(
        u,
        { prompt: `[[chunk-delay:40]] ${marker}`, meter: 'generation', stream: true },
        { signal: stop.signal },
      );
      const reader = res.body!.getReader();
      const decoder = new TextDecoder();
      let seen = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        seen += decoder.decode(value, { stream: true });
        const deltas = [
          ...seen.matchAll(/"type":"text-delta","id":"[^"]*","delta":("(?:[^"\\]|\\.)*")/g),
        ]
          .map((m) => JSON.parse(m[1] as string) as string)
          .join('');
        if (untilText(deltas)) break;
      }
      stop.abort();
      await until(() => requestsWith(marker)[0]?.closedEarly === true);
    };
    const usedSettles = async (expected: number) => {
      const end = Date.now() + 3000;
      let used = -1;
      while (Date.now() < end) {
        used = (await planOf(u)).usage.generationsUsed;
        if (used === expected) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      expect(used).toBe(expected);
    };
    // Only explanation text, no fence yet: the text was read, so the unit is charged
    // (DESIGN §3.2; before, stopping short of the fence made the explanation free).
    await stopAfter('stop before code 2718', (t) => t.length > 0 && !t.includes('```'));
    await usedSettles(1);
    // After the fence's opening line (hasCodeStarted): charged as well.
    await stopAfter('stop with code 3141', (t) => hasCodeStarted(t));
    await usedSettles(2);
  });
});

describe('bad requests', () => {
  it('refuses bodies with what to fix (400), before charging', async () => {
    const u = await newUser();
    const cases: [unknown, RegExp][] = [
      [{}, /prompt or at least one message/],
      [{ prompt: '   ' }, /prompt or at least one message/],
      [{ prompt: 'x', maxTokens: 5000 }, /maxTokens: .*at most 2000/],
      [{ prompt: 'x', maxTokens: 0 }, /maxTokens/],
      [{ prompt: 'x'.repeat(100_001) }, /prompt: .*100000/],
      [{ prompt: 'x', meter: 'chat' }, /meter/],
      [{ messages: [{ role: 'robot', content: 'hi' }] }, /role/],
      [
        { prompt: 'x', imageUrls: ['https://example.com/cat.png'] },
        /only images uploaded to this app/,
      ],
      [
        { prompt: 'x', imageUrls: ['http://169.254.169.254/latest/meta-data'] },
        /only images uploaded/,
      ],
      [
        { prompt: 'x', imageUrls: ['/api/storage/codewright/public/uploads/someone-else/a.png'] },
        /your own uploads/,
      ],
      [
        { prompt: 'x', imageUrls: [`/api/storage/codewright/public/uploads/${u.id}/none.png`] },
        /not found/,
      ],
    ];
    for (const [body, message] of cases) {
      const res = await text(u, { meter: 'generation', ...(body as object) });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toMatch(message);
    }
    expect((await planOf(u)).usage.generationsUsed).toBe(0);
  });

  it('needs a signed-in user and this app project', async () => {
    const u = await newUser();
    const anon = await fetch(`${base}/api/ai/codewright/text`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'x' }),
    });
    expect(anon.status).toBe(401);
    const other = await fetch(`${base}/api/ai/another/text`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ prompt: 'x' }),
    });
    expect(other.status).toBe(404);
  });
});

describe('images', () => {
  const PNG = Buffer.from(
    '89504e470d0a1a0a0000000d4948445200000001000000010806000000' +
      '1f15c4890000000d49444154789c6360000002000154a24f5d0000000049454e44ae426082',
    'hex',
  );

  it('an uploaded PNG named in imageUrls reaches the model as an image part', async () => {
    const u = await newUser();
    const form = new FormData();
    form.append('path', `uploads/${u.id}/shot.png`);
    form.append('file', new Blob([PNG]), 'shot.png');
    const up = await fetch(`${base}/api/storage/codewright/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.token}` },
      body: form,
    });
    expect(up.status).toBe(201);
    const { publicUrl, path } = (await up.json()) as { publicUrl: string; path: string };
    for (const ref of [publicUrl, `/api/storage/codewright/public/${path}`]) {
      const res = await text(u, { prompt: `describe image 4242 ${ref.length}`, imageUrls: [ref] });
      expect(res.status).toBe(200);
      const seen = requestsWith(`describe image 4242 ${ref.length}`).at(-1);
      const last = seen?.body.messages?.at(-1) as {
        role: string;
        content: { type: string; text?: string; image_url?: { url: string } }[];
      };
      expect(last.role).toBe('user');
      expect(last.content[0]).toMatchObject({ type: 'text' });
      expect(last.content[1]).toEqual({
        type: 'image_url',
        image_url: { url: `data:image/png;base64,${PNG.toString('base64')}` },
      });
    }
  });
});

describe('no provider configured', () => {
  it('answers 503 AI_NOT_CONFIGURED before charging, and status says so', async () => {
    // AI_PROVIDER=openai-compatible without AI_BASE_URL: nothing can answer.
    const bare = await createTestApp({ AI_PROVIDER: 'openai-compatible' });
    try {
      const { session } = await newSession(bare.app);
      const auth = { authorization: `Bearer ${session.access_token}` };
      const res = await bare.app.inject({
        method: 'POST',
        url: '/api/ai/codewright/text',
        headers: auth,
        payload: { prompt: 'hello', meter: 'generation' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('AI_NOT_CONFIGURED');
      const status = await bare.app.inject({ url: '/api/ai/codewright/status', headers: auth });
      expect(status.json()).toEqual({
        configured: false,
        provider: null,
        model: null,
        advanced: false,
      });
      const plan = await bare.app.inject({ url: '/api/plan', headers: auth });
      expect(plan.json().usage.generationsUsed).toBe(0);
    } finally {
      await bare.close();
    }
  });

  it('a provider that refuses connections answers 502 and spends nothing', async () => {
    const gone = await startModelServer({ port: 0 });
    const url = gone.url;
    await gone.close();
    const app = await createTestApp({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: url,
      AI_MODEL_BASIC: 'codewright-test-model',
    });
    try {
      const { session } = await newSession(app.app);
      const auth = { authorization: `Bearer ${session.access_token}` };
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/ai/codewright/text',
        headers: auth,
        payload: { prompt: 'hello', meter: 'generation' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error).toEqual({
        code: 'AI_PROVIDER_ERROR',
        message: 'The AI model could not be reached. Please try again in a moment.',
      });
      const plan = await app.app.inject({ url: '/api/plan', headers: auth });
      expect(plan.json().usage.generationsUsed).toBe(0);
    } finally {
      await app.close();
    }
  });
});
