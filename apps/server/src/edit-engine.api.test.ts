// The edit engine of packages/contract (docs/decisions/016) end to end: prompts built by
// buildEditPrompt go through POST /api/ai/{project}/text to the scripted model server
// (e2e/fixtures/model-server.mjs, model-edits.mjs), and applyEditAnswer turns the answer,
// with the finish reason the route passed through, into proposed code.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  applyEditAnswer,
  buildEditPrompt,
  buildEditRetryMessages,
  chooseEditFormat,
  type EditAnswerInput,
  type EditFormat,
  type LineRange,
} from '@codewright/contract';
import { newSession } from './test/auth-helpers.ts';
import { useScriptedModelApp } from './test/scripted-model-app.ts';

const scripted = useScriptedModelApp(
  { AI_MODEL_ADVANCED: 'codewright-test-model' },
  { listen: true },
);
let token: string;

beforeAll(async () => {
  token = (await newSession(scripted.t.app)).session.access_token;
  await scripted.t.app.inject({
    method: 'POST',
    url: '/api/plan/upgrade',
    headers: { authorization: `Bearer ${token}` },
    payload: { plan: 'pro' },
  });
});

/** One model call through the route: the text and finish reason, streamed or not. */
async function ask(
  body: { prompt?: string; messages?: unknown[] },
  stream: boolean,
): Promise<{ text: string; finishReason: string }> {
  const res = await fetch(`${scripted.base}/api/ai/codewright/text`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...body, meter: 'edit', stream }),
  });
  expect(res.status).toBe(200);
  if (!stream) return (await res.json()) as { text: string; finishReason: string };
  let text = '';
  let finishReason = 'unknown';
  for (const event of (await res.text()).split('\n\n')) {
    if (!event.startsWith('data: ') || event === 'data: [DONE]') continue;
    const chunk = JSON.parse(event.slice(6)) as {
      type: string;
      delta?: string;
      finishReason?: string;
    };
    if (chunk.type === 'text-delta') text += chunk.delta;
    if (chunk.type === 'finish' && chunk.finishReason) finishReason = chunk.finishReason;
  }
  return { text, finishReason };
}

const file = (n: number) =>
  Array.from({ length: n }, (_, i) => `  const value${i} = compute(${i}); // line ${i + 1}`).join(
    '\n',
  );

async function edit(
  code: string,
  request: string,
  options: { selection?: LineRange; stream: boolean; format?: EditFormat },
) {
  const format = options.format ?? chooseEditFormat(code);
  const prompt = buildEditPrompt({
    language: 'JavaScript',
    request,
    code,
    format,
    selection: options.selection,
  });
  const answer = await ask({ prompt }, options.stream);
  const input: EditAnswerInput = {
    code,
    format,
    selection: options.selection,
    language: 'JavaScript',
    ...answer,
  };
  return { prompt, answer, result: applyEditAnswer(input), format };
}

/** `code` with one line inserted after line `after` (1-based): all the scripted edits add. */
const withLineAfter = (code: string, after: number, line: string) => {
  const lines = code.split('\n');
  return [...lines.slice(0, after), line, ...lines.slice(after)].join('\n');
};

describe.each([false, true])('edits through /text (stream: %s)', (stream) => {
  it('a SEARCH/REPLACE edit of a 600-line file changes only the target lines', async () => {
    const code = file(600);
    const { result, format } = await edit(code, 'note line 300 [[lines:300-300]]', { stream });
    expect(format).toBe('search-replace');
    expect(result.status).toBe('ready');
    expect((result as { code: string }).code).toBe(
      withLineAfter(code, 300, '  // edited: note line 300'),
    );
  });

  it('a selection rewrite changes only the selected range', async () => {
    const code = file(40);
    const selection = { startLine: 10, endLine: 12 };
    const { prompt, result } = await edit(code, 'tidy these', { stream, selection });
    expect(prompt).toContain('Selection: lines 10-12');
    expect((result as { code: string }).code).toBe(
      withLineAfter(code, 12, '  // edited: tidy these'),
    );
  });

  it('an answer cut off by the token cap arrives with finish reason length and is refused', async () => {
    const code = file(20);
    const { answer, result } = await edit(code, 'change it [[cut-off:6]]', {
      stream,
      format: 'whole',
    });
    expect(answer.finishReason).toBe('length');
    expect(result).toMatchObject({ status: 'refused', reason: 'cut-off' });
  });

  it('a block that matches nothing makes one retry that shows the failure, then applies', async () => {
    const code = file(300);
    const first = await edit(code, 'mark line 100 [[lines:100-100]] [[sr-miss]]', { stream });
    expect(first.result.status).toBe('retry');
    const retry = first.result as Extract<typeof first.result, { status: 'retry' }>;
    const messages = buildEditRetryMessages({
      prompt: first.prompt,
      answer: first.answer.text,
      retry: retry.retry,
    });
    const second = await ask({ messages }, stream);
    // The model saw its failure: the last message it got names the block that failed.
    const seen = scripted.model.requests.at(-1)!.body.messages!.at(-1)!.content as string;
    expect(seen).toContain('Its SEARCH lines match nothing in the current code.');
    const result = applyEditAnswer({
      ...retry.pending,
      format: 'search-replace',
      language: 'JavaScript',
      attempt: 2,
      ...second,
    });
    expect(result).toMatchObject({ status: 'ready', unapplied: [] });
    expect((result as { code: string }).code).toBe(
      withLineAfter(code, 100, '  // edited: mark line 100'),
    );
  });

  it('a block that matches several places is refused, retried, and then applied once', async () => {
    const code = Array.from({ length: 80 }, (_, i) => `function f${i}() {\n  return ${i};\n}`).join(
      '\n',
    );
    const first = await edit(code, 'mark [[lines:5-5]] [[sr-ambiguous]]', {
      stream,
      format: 'search-replace',
    });
    expect(first.result.status).toBe('retry');
    const retry = first.result as Extract<typeof first.result, { status: 'retry' }>;
    expect(retry.retry).toMatch(/Its SEARCH lines match \d+ places \(lines 3, 6, 9/);
    const messages = buildEditRetryMessages({
      prompt: first.prompt,
      answer: first.answer.text,
      retry: retry.retry,
    });
    const second = await ask({ messages }, stream);
    const result = applyEditAnswer({
      ...retry.pending,
      format: first.format,
      language: 'JavaScript',
      attempt: 2,
      ...second,
    });
    expect((result as { code: string }).code).toBe(withLineAfter(code, 5, '  // edited: mark'));
  });

  it('applies blocks whose indentation the model lost, keeping the file indentation', async () => {
    const code = file(300);
    const { result } = await edit(code, 'mark [[lines:50-51]] [[sr-indent]]', { stream });
    expect(result.status).toBe('ready');
    expect((result as { code: string }).code).toBe(withLineAfter(code, 51, '  // edited: mark'));
  });
});
