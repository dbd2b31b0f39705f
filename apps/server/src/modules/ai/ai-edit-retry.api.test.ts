// The edit engine's one retry after failed SEARCH/REPLACE blocks is made by the system, not
// asked for by the user, so the server does not charge it as a second edit (docs/decisions/023):
// a complete, charged edit answer grants one retry, which a call naming it (`retryOf`) and
// carrying the retry message consumes. Everything else is charged as before.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applyEditAnswer,
  buildEditPrompt,
  buildEditRetryMessages,
  EDIT_RETRY_HEADING,
} from '@codewright/contract';
import { newSession } from '../../test/auth-helpers.ts';
import { useScriptedModelApp } from '../../test/scripted-model-app.ts';
import type { TestApp } from '../../test/test-app.ts';

const scripted = useScriptedModelApp(
  { AI_MODEL_ADVANCED: 'codewright-test-model' },
  { listen: true },
);
let t: TestApp;
let base: string;
beforeAll(() => {
  ({ t, base } = scripted);
});

const file = Array.from(
  { length: 300 },
  (_, i) => `  const v${i} = f(${i}); // line ${i + 1}`,
).join('\n');

/** One streamed call: the text, finish reason, answer id and meter verdict it carried. */
async function ask(token: string, body: Record<string, unknown>) {
  const res = await fetch(`${base}/api/ai/codewright/text`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ meter: 'edit', stream: true, ...body }),
  });
  expect(res.status).toBe(200);
  let text = '';
  let finishReason = 'unknown';
  let answerId = '';
  let charged: boolean | null = null;
  for (const event of (await res.text()).split('\n\n')) {
    if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
    const chunk = JSON.parse(event.slice(6)) as Record<string, unknown>;
    if (chunk.type === 'start') answerId = chunk.messageId as string;
    if (chunk.type === 'text-delta') text += chunk.delta as string;
    if (chunk.type === 'finish') finishReason = chunk.finishReason as string;
    if (chunk.type === 'data-meter') charged = (chunk.data as { charged: boolean }).charged;
  }
  return { text, finishReason, answerId, charged };
}

async function editsUsed(token: string): Promise<number> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/plan',
    headers: { authorization: `Bearer ${token}` },
  });
  return (res.json() as { usage: { editsUsed: number } }).usage.editsUsed;
}

/** A first edit whose block misses, and the retry call's messages built from it. */
async function failedEdit(token: string) {
  const prompt = buildEditPrompt({
    language: 'JavaScript',
    request: 'mark line 100 [[lines:100-100]] [[sr-miss]]',
    code: file,
    format: 'search-replace',
  });
  const first = await ask(token, { prompt });
  const result = applyEditAnswer({
    code: file,
    format: 'search-replace',
    language: 'JavaScript',
    ...first,
  });
  expect(result.status).toBe('retry');
  const retry = (result as Extract<typeof result, { status: 'retry' }>).retry;
  return { first, messages: buildEditRetryMessages({ prompt, answer: first.text, retry }) };
}

describe('the retry of failed SEARCH/REPLACE blocks', () => {
  it('costs no second edit: one edit in all, and the retry says it was not charged', async () => {
    const { session } = await newSession(t.app);
    const token = session.access_token;
    const { first, messages } = await failedEdit(token);
    expect(first.charged).toBe(true);
    expect(await editsUsed(token)).toBe(1);

    const second = await ask(token, { messages, retryOf: first.answerId });
    expect(second.finishReason).toBe('stop');
    expect(second.charged).toBe(false);
    expect(await editsUsed(token)).toBe(1);
  });

  it('is free once: the same retryOf again is charged', async () => {
    const { session } = await newSession(t.app);
    const token = session.access_token;
    const { first, messages } = await failedEdit(token);
    await ask(token, { messages, retryOf: first.answerId });
    expect(await editsUsed(token)).toBe(1);
    const again = await ask(token, { messages, retryOf: first.answerId });
    expect(again.charged).toBe(true);
    expect(await editsUsed(token)).toBe(2);
  });

  it('is charged without the retry message, for another user, or for an unknown answer', async () => {
    const { session } = await newSession(t.app);
    const token = session.access_token;
    const { first, messages } = await failedEdit(token);

    // Not a retry message: an ordinary prompt naming the answer pays as usual.
    const plain = await ask(token, { prompt: 'add a helper', retryOf: first.answerId });
    expect(plain.charged).toBe(true);
    expect(await editsUsed(token)).toBe(2);

    // Another user cannot spend this user's free retry.
    const other = (await newSession(t.app)).session.access_token;
    const theirs = await ask(other, { messages, retryOf: first.answerId });
    expect(theirs.charged).toBe(true);
    expect(await editsUsed(other)).toBe(1);

    // An id the server never granted.
    const unknown = await ask(token, { messages, retryOf: 'ans_unknown' });
    expect(unknown.charged).toBe(true);
    expect(await editsUsed(token)).toBe(3);

    // The grant itself is still there for the real retry.
    const real = await ask(token, { messages, retryOf: first.answerId });
    expect(real.charged).toBe(false);
    expect(await editsUsed(token)).toBe(3);
  });

  it('a generation grants nothing, and a retry on the generation meter is charged', async () => {
    const { session } = await newSession(t.app);
    const token = session.access_token;
    const gen = await ask(token, { prompt: 'a counter', meter: 'generation' });
    const messages = [
      { role: 'user', content: 'a counter' },
      { role: 'assistant', content: gen.text },
      { role: 'user', content: `${EDIT_RETRY_HEADING}\n\nfix it` },
    ];
    const retry = await ask(token, { messages, retryOf: gen.answerId });
    expect(retry.charged).toBe(true);
    expect(await editsUsed(token)).toBe(1);
  });

  it('rejects an empty retryOf with a 400 naming the field', async () => {
    const { session } = await newSession(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ai/codewright/text',
      headers: { authorization: `Bearer ${session.access_token}` },
      payload: { prompt: 'x', meter: 'edit', retryOf: '' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    expect(res.json().error.message).toMatch(/retryOf/);
  });
});
