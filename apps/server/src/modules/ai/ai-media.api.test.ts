// POST /api/ai/{project}/object | speech | transcribe on the real app, against the scripted
// model server (e2e/fixtures/model-server.mjs + model-media.mjs) through the real AI SDK
// providers: answers, SPEC §5 validation (400 before any charge), metering and refund on
// failure (docs/decisions/014), and 503 AI_NOT_CONFIGURED naming the capability.
// Images: ai-image.api.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mp3Of } from '../../../../../e2e/fixtures/model-media.mjs';
import { audioForm, postAi, usageOf as sharedUsageOf } from '../../test/ai-helpers.ts';
import { newSession } from '../../test/auth-helpers.ts';
import { useScriptedModelApp } from '../../test/scripted-model-app.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const scripted = useScriptedModelApp({
  // Speech and transcription on their own server (the same scripted one here).
  AI_SPEECH_BASE_URL: '{model}',
  AI_SPEECH_MODEL: 'test-tts',
  AI_TRANSCRIBE_BASE_URL: '{model}',
  AI_TRANSCRIBE_MODEL: 'test-whisper',
});
let bare: TestApp;

beforeAll(async () => {
  bare = await createTestApp({ AI_PROVIDER: 'openai-compatible' });
}, 120_000);
afterAll(async () => {
  await bare?.close();
});

const tokenOf = async (app = scripted.t) => (await newSession(app.app)).session.access_token;
const post = (token: string, path: string, payload: unknown, app = scripted.t) =>
  postAi(app.app, token, path, payload);
const usageOf = (token: string) => sharedUsageOf(scripted.t.app, token);

const SCHEMA = {
  type: 'object',
  properties: {
    name: { type: 'string', maxLength: 80 },
    stars: { type: 'integer', minimum: 1, maximum: 5 },
    tags: { type: 'array', items: { type: 'string', maxLength: 20 } },
  },
  required: ['name', 'stars', 'tags'],
  additionalProperties: false,
};

describe('POST /object', () => {
  it('answers an object valid against the schema, charged to the meter the body names', async () => {
    const token = await tokenOf();
    const before = scripted.model.requests.length;
    const res = await post(token, 'object', {
      prompt: 'Review a coffee place',
      schema: SCHEMA,
      system: 'Be brief.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      object: {
        name: 'name: Review a coffee place',
        stars: 1,
        tags: ['tags: Review a coffee place'.slice(0, 20)],
      },
      usage: { inputTokens: 10, outputTokens: 5, totalTokens: 15 },
    });
    const sent = scripted.model.requests.slice(before)[0]?.body;
    expect(sent?.response_format).toEqual({ type: 'json_object' });
    expect(String(sent?.messages?.[0]?.content)).toMatch(
      /^Be brief\.\n\nAnswer with one JSON value .*\n\n\{"type":"object"/s,
    );
    expect(await usageOf(token)).toMatchObject({ generationsUsed: 1, editsUsed: 0 });
    expect(
      (await post(token, 'object', { prompt: 'x', schema: SCHEMA, meter: 'edit' })).statusCode,
    ).toBe(200);
    expect(await usageOf(token)).toMatchObject({ generationsUsed: 1, editsUsed: 1 });
  });

  it('refunds when the answer breaks the schema or the provider fails', async () => {
    const token = await tokenOf();
    let res = await post(token, 'object', { prompt: '[[bad-object]]', schema: SCHEMA });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: 'AI_PROVIDER_ERROR',
      message:
        'The AI model’s answer did not match your schema. Please try again (a simpler schema helps).',
    });
    res = await post(token, 'object', { prompt: '[[error:500]]', schema: SCHEMA });
    expect(res.json().error).toEqual({
      code: 'AI_PROVIDER_ERROR',
      message: 'The AI model could not answer (provider error 500). Please try again.',
    });
    res = await post(token, 'object', { prompt: '[[error:429]]', schema: SCHEMA });
    expect(res.json().error.message).toMatch(/rate limited/);
    expect(await usageOf(token)).toMatchObject({ generationsUsed: 0, editsUsed: 0 });
  });

  it('refuses bad bodies with what to fix, before charging or calling the model', async () => {
    const token = await tokenOf();
    const before = scripted.model.requests.length;
    const cases: [unknown, RegExp][] = [
      [{ schema: SCHEMA }, /prompt is required/],
      [{ prompt: '   ', schema: SCHEMA }, /prompt must not be blank/],
      [{ prompt: 'x' }, /schema/],
      [{ prompt: 'x', schema: [1, 2] }, /schema must be a JSON Schema object/],
      [{ prompt: 'x', schema: 'object' }, /schema must be a JSON Schema object/],
      [{ prompt: 'x', schema: { type: 'nonsense' } }, /^schema: is not a valid JSON Schema/],
      [
        { prompt: 'x', schema: { type: 'string', pattern: '^(a+)+$' } },
        /^schema: is not accepted for untrusted use: add maxLength/,
      ],
      [
        { prompt: 'x', schema: { $ref: 'https://example.org/remote.json' } },
        /^schema: is not a valid JSON Schema/,
      ],
      [
        { prompt: 'x', schema: { type: 'object', description: 'd'.repeat(70_000) } },
        /at most 65536 bytes/,
      ],
      [{ prompt: 'x', schema: SCHEMA, meter: 'free' }, /meter/],
      [{ prompt: 'x', schema: SCHEMA, extra: 1 }, /unknown field\(s\) extra/],
    ];
    for (const [body, message] of cases) {
      const res = await post(token, 'object', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message).toMatch(message);
    }
    expect(scripted.model.requests.length).toBe(before);
    expect(await usageOf(token)).toMatchObject({ generationsUsed: 0 });
  });

  it('stops at the Free plan’s generation limit (402) without calling the model', async () => {
    const token = await tokenOf();
    for (let i = 0; i < 10; i++)
      expect((await post(token, 'object', { prompt: `n${i}`, schema: SCHEMA })).statusCode).toBe(
        200,
      );
    const before = scripted.model.requests.length;
    const res = await post(token, 'object', { prompt: 'one more', schema: SCHEMA });
    expect(res.statusCode).toBe(402);
    expect(res.json().error.code).toBe('GENERATION_LIMIT_REACHED');
    expect(scripted.model.requests.length).toBe(before);
  });
});

describe('not configured, not signed in', () => {
  it('answers 503 AI_NOT_CONFIGURED naming the capability and what to set', async () => {
    const token = await tokenOf(bare);
    const expected: [string, unknown, RegExp][] = [
      [
        'object',
        { prompt: 'x', schema: SCHEMA },
        /^AI object is not configured on this server: no text model is configured/,
      ],
      [
        'image',
        { prompt: 'x' },
        /^AI image is not configured on this server: set AI_IMAGE_BASE_URL and AI_IMAGE_MODEL/,
      ],
      [
        'speech',
        { text: 'x' },
        /^AI speech is not configured on this server: set AI_SPEECH_BASE_URL and AI_SPEECH_MODEL/,
      ],
    ];
    for (const [path, body, message] of expected) {
      const res = await post(token, path, body, bare);
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('AI_NOT_CONFIGURED');
      expect(res.json().error.message).toMatch(message);
    }
    const form = audioForm(mp3Of('x'));
    const res = await bare.app.inject({
      method: 'POST',
      url: '/api/ai/codewright/transcribe',
      headers: { authorization: `Bearer ${token}`, 'content-type': form.type },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.message).toMatch(
      /^AI transcription is not configured on this server: set AI_TRANSCRIBE_BASE_URL/,
    );
  });

  it('needs a Bearer token', async () => {
    const bodies: Record<string, Record<string, unknown>> = {
      object: { prompt: 'x', schema: SCHEMA },
      image: { prompt: 'x' },
      speech: { text: 'x' },
    };
    for (const [path, payload] of Object.entries(bodies)) {
      const res = await scripted.t.app.inject({
        method: 'POST',
        url: `/api/ai/codewright/${path}`,
        payload,
      });
      expect(res.statusCode, path).toBe(401);
    }
    const form = audioForm(mp3Of('x'));
    const res = await scripted.t.app.inject({
      method: 'POST',
      url: '/api/ai/codewright/transcribe',
      headers: { 'content-type': form.type },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(401);
  });
});
