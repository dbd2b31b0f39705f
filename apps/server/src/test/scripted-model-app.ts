import { expect } from 'vitest';
import { extractCode } from '@codewright/contract';
import { startModelServer, type ModelServer } from '../../../../e2e/fixtures/model-server.mjs';
import { aroundTests } from './around-tests.ts';
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
  const started = aroundTests(
    'the scripted model app is',
    async () => {
      const model = await startModelServer({ port: 0 });
      try {
        const t = await createTestApp({
          AI_PROVIDER: 'openai-compatible',
          AI_BASE_URL: model.url,
          AI_MODEL_BASIC: 'codewright-test-model',
          RATE_LIMIT_MAX: '100000',
          ...Object.fromEntries(
            Object.entries(env).map(([key, value]) => [key, value.replace('{model}', model.url)]),
          ),
        });
        // Fastify answers the address it listens on: http://127.0.0.1:<port>.
        const base = options.listen
          ? await t.app.listen({ port: 0, host: '127.0.0.1' })
          : undefined;
        return { model, t, base };
      } catch (error) {
        await model.close();
        throw error;
      }
    },
    async ({ model, t }) => {
      await t.close();
      await model.close();
    },
    120_000,
  );
  return {
    get model() {
      return started().model;
    },
    get t() {
      return started().t;
    },
    get base() {
      const { base } = started();
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
