// Stop and the one charging rule (docs/api.md § AI "Stop"): a Stop ends the answer at a chunk
// boundary while the connection stays open, so the client receives exactly the text the rule was
// judged on, then the meter verdict. Charged ⇔ text was delivered (DESIGN §3.2), with or without
// an opening fence; partial code, when the fence came, is the client's to apply. The real
// provider code talks to the scripted model server over sockets.
import { beforeAll, describe, expect, it } from 'vitest';
import { AI_METER_EVENT, hasCodeStarted, type PlanInfo } from '@codewright/contract';
import type { ModelServer } from '../../../../../e2e/fixtures/model-server.mjs';
import { newSession } from '../../test/auth-helpers.ts';
import { useScriptedModelApp } from '../../test/scripted-model-app.ts';
import type { TestApp } from '../../test/test-app.ts';

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
  token: string;
}
const newUser = async (): Promise<User> => ({
  token: (await newSession(t.app)).session.access_token,
});
const auth = (u: User) => ({ authorization: `Bearer ${u.token}` });
const usage = async (u: User) =>
  ((await (await fetch(`${base}/api/plan`, { headers: auth(u) })).json()) as PlanInfo).usage;
const stop = (u: User, answerId: string) =>
  fetch(`${base}/api/ai/codewright/text/${answerId}/stop`, { method: 'POST', headers: auth(u) });

type Event = Record<string, unknown> | '[DONE]';

/** A streamed answer read event by event, as a browser would, with its text so far. */
async function openStream(u: User, prompt: string, meter: 'generation' | 'edit' = 'generation') {
  const res = await fetch(`${base}/api/ai/codewright/text`, {
    method: 'POST',
    headers: { ...auth(u), 'content-type': 'application/json' },
    body: JSON.stringify({ prompt, meter, stream: true }),
  });
  expect(res.status).toBe(200);
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: Event[] = [];
  let buffer = '';
  let text = '';
  let ended = false;
  /** Reads until `until(text, events)` holds or the stream ends. */
  async function readUntil(until: (text: string, events: Event[]) => boolean) {
    while (!ended && !until(text, events)) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        break;
      }
      buffer += decoder.decode(value, { stream: true });
      let cut = buffer.indexOf('\n\n');
      while (cut !== -1) {
        const block = buffer.slice(0, cut);
        buffer = buffer.slice(cut + 2);
        cut = buffer.indexOf('\n\n');
        if (!block.startsWith('data: ')) continue;
        const data = block.slice(6);
        const event: Event = data === '[DONE]' ? '[DONE]' : JSON.parse(data);
        events.push(event);
        if (event !== '[DONE]' && event.type === 'text-delta') text += event.delta as string;
      }
    }
  }
  const answerId = async () => {
    await readUntil((_, ev) => ev.some((e) => e !== '[DONE]' && e.type === 'start'));
    const start = events.find((e) => e !== '[DONE]' && e.type === 'start') as { messageId: string };
    return start.messageId;
  };
  return { readUntil, answerId, events, text: () => text };
}

const verdictOf = (events: Event[]) =>
  (events.find((e) => e !== '[DONE]' && e.type === AI_METER_EVENT) as { data: unknown })?.data;

describe('Stop (POST /api/ai/{project}/text/{answerId}/stop)', () => {
  it('after the code began: the stream ends with abort and a kept charge; the text holds the fence', async () => {
    const u = await newUser();
    const s = await openStream(u, '[[chunk-delay:30]] stopped in the code 5521');
    const id = await s.answerId();
    expect(id).toMatch(/^ans_/);
    await s.readUntil((text) => hasCodeStarted(text));
    const res = await stop(u, id);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ stopped: true });
    await s.readUntil(() => false);
    expect(s.events.at(-1)).toBe('[DONE]');
    expect(s.events.some((e) => e !== '[DONE]' && e.type === 'abort')).toBe(true);
    expect(verdictOf(s.events)).toEqual({ meter: 'generation', charged: true });
    // What the client got agrees with the verdict: code, cut short (no closing fence, no end).
    expect(hasCodeStarted(s.text())).toBe(true);
    expect(s.text()).not.toContain("return 'stopped in the code 5521'");
    expect((await usage(u)).generationsUsed).toBe(1);
    const call = model.requests.find((r) => JSON.stringify(r.body).includes('5521'));
    expect(call?.finished).toBe(false);
  });

  it('before any code: the stream ends with abort and a kept charge; the text holds no fence', async () => {
    const u = await newUser();
    const s = await openStream(u, '[[chunk-delay:60]] stopped in the prose 7730', 'edit');
    const id = await s.answerId();
    await s.readUntil((text) => text.length > 0);
    expect(hasCodeStarted(s.text())).toBe(false);
    expect((await stop(u, id)).status).toBe(200);
    await s.readUntil(() => false);
    // Explanation text was delivered: charged, though there is no code to apply.
    expect(verdictOf(s.events)).toEqual({ meter: 'edit', charged: true });
    expect(hasCodeStarted(s.text())).toBe(false);
    expect((await usage(u)).editsUsed).toBe(1);
  });

  it("another user's answer, an unknown id and a finished answer are 404; the answer runs on", async () => {
    const owner = await newUser();
    const other = await newUser();
    const s = await openStream(owner, '[[chunk-delay:20]] not yours 6610');
    const id = await s.answerId();
    const foreign = await stop(other, id);
    expect(foreign.status).toBe(404);
    expect(((await foreign.json()) as { error: { code: string } }).error.code).toBe('NOT_FOUND');
    expect((await stop(owner, 'ans_unknown')).status).toBe(404);
    await s.readUntil(() => false);
    expect(s.text()).toContain("return 'not yours 6610';");
    expect(verdictOf(s.events)).toEqual({ meter: 'generation', charged: true });
    expect((await stop(owner, id)).status).toBe(404);
    expect((await usage(owner)).generationsUsed).toBe(1);
  });

  it('needs a signed-in caller', async () => {
    const res = await fetch(`${base}/api/ai/codewright/text/ans_x/stop`, { method: 'POST' });
    expect(res.status).toBe(401);
  });
});
