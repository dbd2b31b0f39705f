import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import { extractCode } from '@codewright/contract';
import { startModelServer, type ModelServer } from '../../../../e2e/fixtures/model-server.mjs';
import { createTestApp, type TestApp } from './test-app.ts';

/** The scripted model server and an app whose provider points at it. */
export interface ScriptedModelApp {
  readonly model: ModelServer;
  readonly t: TestApp;
  /** The app's own URL, with `listen` (streams and aborts need a real connection). */
  readonly base: string;
}

/**
 * Starts the scripted model server (e2e/fixtures/model-server.mjs) and an app on a fresh database
 * whose openai-compatible provider uses it, before a file's tests, and closes both after them.
 * `env` adds to the app's environment (e.g. the speech and transcription servers); `listen`
 * has the app listen on a free port of 127.0.0.1 (its URL is `base`).
 */
export function useScriptedModelApp(
  env: Record<string, string> = {},
  options: { listen?: boolean } = {},
): ScriptedModelApp {
  let model: ModelServer | undefined;
  let t: TestApp | undefined;
  let base: string | undefined;
  beforeAll(async () => {
    model = await startModelServer({ port: 0 });
    t = await createTestApp({
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: model.url,
      AI_MODEL_BASIC: 'codewright-test-model',
      RATE_LIMIT_MAX: '100000',
      ...Object.fromEntries(
        Object.entries(env).map(([key, value]) => [key, value.replace('{model}', model!.url)]),
      ),
    });
    if (options.listen) {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await model?.close();
  });
  return {
    get model() {
      if (!model) throw new Error('the scripted model server is not started yet');
      return model;
    },
    get t() {
      if (!t) throw new Error('the app is not started yet');
      return t;
    },
    get base() {
      if (!base) throw new Error('the app is not listening (pass { listen: true })');
      return base;
    },
  };
}

/**
 * Sends `messages` to /text on the given meter, as the generator does, and returns the messages
 * the scripted model's [[echo]] says reached it.
 */
export async function echoedMessages(
  t: TestApp,
  token: string,
  messages: unknown[],
  meter: 'generation' | 'edit' = 'edit',
): Promise<{ role: string; content: string }[]> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/ai/codewright/text',
    headers: { authorization: `Bearer ${token}` },
    payload: { messages, meter },
  });
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(extractCode(res.json<{ text: string }>().text)) as {
    role: string;
    content: string;
  }[];
}
