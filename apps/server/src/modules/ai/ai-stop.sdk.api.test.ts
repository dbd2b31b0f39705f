// Stop through the SDK (client.ai.streamText's stopSignal) against the real app and the scripted
// model (docs/api.md § AI "Stop"). A Stop before any text: the answer has no id yet (its
// response begins with its first text), so the client closes the connection and the server
// applies the one rule (DESIGN §3.2) — nothing delivered, nothing charged, provider aborted.
// After some text the SDK stops through POST …/text/{answerId}/stop and gets the server's verdict.
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodewrightClientInternals } from '@codewright/sdk';
import type { ModelServer } from '../../../../../e2e/fixtures/model-server.mjs';
import { useScriptedModelApp } from '../../test/scripted-model-app.ts';
import { signedInClient } from '../../test/sdk-client.ts';
import type { TestApp } from '../../test/test-app.ts';

const scripted = useScriptedModelApp({}, { listen: true });
let model: ModelServer;
let t: TestApp;
let base: string;
beforeAll(() => {
  ({ model, t, base } = scripted);
});

const requestWith = (marker: string) =>
  model.requests.find((r) => JSON.stringify(r.body).includes(marker));

/** Usage once the refund or charge has landed (the verdict is settled after the stream ends). */
const settledUsage = async (client: CodewrightClientInternals, want: (u: Usage) => boolean) => {
  let usage = (await client.plan.get()).usage;
  for (let i = 0; i < 60 && !want(usage); i++) {
    await new Promise((r) => setTimeout(r, 25));
    usage = (await client.plan.get()).usage;
  }
  return usage;
};
type Usage = Awaited<ReturnType<CodewrightClientInternals['plan']['get']>>['usage'];

describe('Stop through client.ai.streamText({ stopSignal })', () => {
  it('before any text (the model never answers, [[hang]]): stopped, not charged, 0 used', async () => {
    const client = await signedInClient(t.app, base);
    const stop = new AbortController();
    const pending = client.ai.streamText({
      prompt: '[[hang]] stopped before a word 8842',
      meter: 'edit',
      stopSignal: stop.signal,
    });
    await expect.poll(() => requestWith('8842') !== undefined).toBe(true);
    stop.abort();
    const result = await pending;
    expect(result).toMatchObject({ text: '', finishReason: 'stopped', charged: false });
    expect(result.answerId).toBeUndefined();
    await expect.poll(() => requestWith('8842')?.closedEarly).toBe(true);
    const usage = await settledUsage(client, (u) => u.editsUsed === 0);
    expect(usage).toMatchObject({ editsUsed: 0, generationsUsed: 0 });
  });

  it('after text arrived: stopped through the Stop route, charged by the server, 1 used', async () => {
    const client = await signedInClient(t.app, base);
    const stop = new AbortController();
    const result = await client.ai.streamText({
      prompt: '[[chunk-delay:40]] stopped after a word 8843',
      meter: 'edit',
      stopSignal: stop.signal,
      onDelta: () => stop.abort(),
    });
    expect(result.finishReason).toBe('stopped');
    expect(result.answerId).toMatch(/^ans_/);
    expect(result.text).not.toBe('');
    expect(result.charged).toBe(true);
    expect((await client.plan.get()).usage.editsUsed).toBe(1);
  });
});
