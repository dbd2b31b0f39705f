// GET /api/ai/{project}/capabilities and GET /api/data/{project}/capabilities on the real app
// (docs/decisions/024): what a client may offer, read from the server's configuration — a
// capability without a provider is false, and its call answers 503 naming it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startModelServer, type ModelServer } from '../../../../../e2e/fixtures/model-server.mjs';
import { newSession } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let model: ModelServer;
let configured: TestApp;
let bare: TestApp;

beforeAll(async () => {
  model = await startModelServer({ port: 0 });
  configured = await createTestApp({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: model.url,
    AI_MODEL_BASIC: 'codewright-test-model',
    AI_IMAGE_BASE_URL: model.url,
    AI_IMAGE_MODEL: 'test-image',
    AI_SPEECH_BASE_URL: model.url,
    AI_SPEECH_MODEL: 'test-tts',
    AI_TRANSCRIBE_BASE_URL: model.url,
    AI_TRANSCRIBE_MODEL: 'test-whisper',
    CHROMIUM_PATH: '/nonexistent/chromium',
    RATE_LIMIT_MAX: '100000',
  });
  // Text only: no media provider, no search.
  bare = await createTestApp({
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: model.url,
    AI_MODEL_BASIC: 'codewright-test-model',
    CHROMIUM_PATH: '/nonexistent/chromium',
    RATE_LIMIT_MAX: '100000',
  });
}, 120_000);
afterAll(async () => {
  await configured?.close();
  await bare?.close();
  await model?.close();
});

const get = async (t: TestApp, url: string, token?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
const tokenOf = async (t: TestApp) => (await newSession(t.app)).session.access_token;

describe('GET /api/ai/{project}/capabilities', () => {
  it('names every capability the server has a provider for', async () => {
    const res = await get(configured, '/api/ai/codewright/capabilities', await tokenOf(configured));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      text: true,
      object: true,
      image: true,
      speech: true,
      transcription: true,
    });
  });

  it('says false for each capability without one, and that call answers 503 naming it', async () => {
    const token = await tokenOf(bare);
    const res = await get(bare, '/api/ai/codewright/capabilities', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      text: true,
      object: true,
      image: false,
      speech: false,
      transcription: false,
    });
    const speech = await bare.app.inject({
      method: 'POST',
      url: '/api/ai/codewright/speech',
      headers: { authorization: `Bearer ${token}` },
      payload: { text: 'hello' },
    });
    expect(speech.statusCode).toBe(503);
    expect(speech.json().error.code).toBe('AI_NOT_CONFIGURED');
    expect(speech.json().error.message).toContain('speech');
  });

  it('needs a signed-in caller and the app project', async () => {
    const anonymous = await get(configured, '/api/ai/codewright/capabilities');
    expect(anonymous.statusCode).toBe(401);
    const other = await get(configured, '/api/ai/other/capabilities', await tokenOf(configured));
    expect(other.statusCode).toBe(404);
  });
});

describe('GET /api/data/{project}/capabilities', () => {
  it('offers the built-in services; screenshot and search only when configured', async () => {
    const res = await get(bare, '/api/data/codewright/capabilities', await tokenOf(bare));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      fetch: true,
      scrape: true,
      extract: true,
      screenshot: false,
      search: false,
    });
  });

  it('turns search on with a provider', async () => {
    const searching = await createTestApp({
      SEARXNG_URL: 'http://searx.example.test',
      CHROMIUM_PATH: '/nonexistent/chromium',
    });
    try {
      const res = await get(
        searching,
        '/api/data/codewright/capabilities',
        await tokenOf(searching),
      );
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ search: true, screenshot: false });
    } finally {
      await searching.close();
    }
  });

  it('needs a signed-in caller', async () => {
    const res = await get(bare, '/api/data/codewright/capabilities');
    expect(res.statusCode).toBe(401);
  });
});
