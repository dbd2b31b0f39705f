// Provider resolution (DESIGN §2) with real local HTTP servers standing in for Ollama and an
// OpenAI-compatible /models list.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../env.ts';
import { resolveAiProvider } from './providers.ts';

let server: http.Server;
let base: string;
let tags: unknown = { models: [{ name: 'llama3.2:1b' }, { name: 'qwen2.5-coder' }] };

beforeAll(async () => {
  server = http.createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/api/tags') return res.end(JSON.stringify(tags));
    if (req.url === '/v1/models')
      return res.end(JSON.stringify({ data: [{ id: 'listed-model' }] }));
    res.statusCode = 404;
    res.end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});

const env = (vars: Record<string, string>) => parseEnv({ NODE_ENV: 'test', ...vars });
const nowhere = 'http://127.0.0.1:9'; // discard port: refused at once

describe('resolveAiProvider', () => {
  it('is "not configured", with how to configure, when nothing is set and no Ollama answers', async () => {
    const r = await resolveAiProvider(env({}), { ollamaUrl: nowhere });
    expect(r.name).toBeNull();
    expect(r.name === null && r.reason).toMatch(/set AI_PROVIDER .*OPENAI_API_KEY.*Ollama/);
  });

  it('falls back to OPENAI_API_KEY, then ANTHROPIC_API_KEY, with default models', async () => {
    const o = await resolveAiProvider(env({ OPENAI_API_KEY: 'sk-x', ANTHROPIC_API_KEY: 'a' }));
    expect(o).toMatchObject({
      name: 'openai',
      basicModelId: 'gpt-4o-mini',
      advancedModelId: 'gpt-4o',
    });
    const a = await resolveAiProvider(env({ ANTHROPIC_API_KEY: 'sk-ant-secret-123' }));
    expect(a).toMatchObject({
      name: 'anthropic',
      basicModelId: 'claude-haiku-4-5',
      advancedModelId: 'claude-sonnet-4-5',
    });
    // The start-up line never shows the key.
    expect(a.name !== null && a.describe()).not.toContain('secret');
  });

  it('finds Ollama when it answers and uses its first model', async () => {
    const r = await resolveAiProvider(env({}), { ollamaUrl: base });
    expect(r).toMatchObject({
      name: 'ollama',
      basicModelId: 'llama3.2:1b',
      advancedModelId: 'llama3.2:1b',
    });
    expect(r.name !== null && r.describe()).toContain(`${base}/v1`);
  });

  it('Ollama without models is not configured, and says to pull one', async () => {
    tags = { models: [] };
    try {
      const r = await resolveAiProvider(env({}), { ollamaUrl: base });
      expect(r.name === null && r.reason).toMatch(/ollama pull/);
    } finally {
      tags = { models: [{ name: 'llama3.2:1b' }] };
    }
  });

  it('AI_PROVIDER=ollama honours AI_BASE_URL and AI_MODEL_*', async () => {
    const r = await resolveAiProvider(
      env({ AI_PROVIDER: 'ollama', AI_BASE_URL: base, AI_MODEL_ADVANCED: 'big' }),
    );
    expect(r).toMatchObject({
      name: 'ollama',
      basicModelId: 'llama3.2:1b',
      advancedModelId: 'big',
    });
  });

  it('openai-compatible needs AI_BASE_URL; the model comes from AI_MODEL_BASIC or /models', async () => {
    const missing = await resolveAiProvider(env({ AI_PROVIDER: 'openai-compatible' }));
    expect(missing.name === null && missing.reason).toMatch(/needs AI_BASE_URL/);
    const listed = await resolveAiProvider(
      env({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: `${base}/v1` }),
    );
    expect(listed).toMatchObject({ name: 'openai-compatible', basicModelId: 'listed-model' });
    const named = await resolveAiProvider(
      env({ AI_PROVIDER: 'openai-compatible', AI_BASE_URL: `${base}/v1`, AI_MODEL_BASIC: 'm1' }),
    );
    expect(named).toMatchObject({ basicModelId: 'm1', advancedModelId: 'm1' });
  });

  it('an explicit provider without its key is not configured (and names the variable)', async () => {
    const r = await resolveAiProvider(env({ AI_PROVIDER: 'anthropic' }));
    expect(r.name === null && r.reason).toMatch(/AI_API_KEY \(or ANTHROPIC_API_KEY\)/);
    const o = await resolveAiProvider(
      env({ AI_PROVIDER: 'openai', AI_API_KEY: 'k', AI_MODEL_BASIC: 'x' }),
    );
    expect(o).toMatchObject({ name: 'openai', basicModelId: 'x', advancedModelId: 'x' });
  });
});
