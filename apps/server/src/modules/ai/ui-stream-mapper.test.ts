import type { LanguageModelV3StreamPart } from '@ai-sdk/provider';
import { readUIMessageStream, type UIMessage, type UIMessageChunk } from 'ai';
import { describe, expect, it } from 'vitest';
import { createUiStreamMapper } from './ui-stream-mapper.ts';

/** The UI chunks our mapper makes of `parts`. */
function mapAll(
  parts: LanguageModelV3StreamPart[],
  errorText: (e: unknown) => string | null = (e) => `failed: ${String(e)}`,
) {
  const mapper = createUiStreamMapper('ans_1', errorText);
  const out: UIMessageChunk[] = [];
  for (const part of parts) mapper.map(part, out);
  return { out, usage: mapper.usage };
}

/** The message the AI SDK's own reader builds of `chunks`, and the errors it reported. */
async function readBySdk(chunks: UIMessageChunk[]) {
  const errors: unknown[] = [];
  const stream = new ReadableStream<UIMessageChunk>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      controller.close();
    },
  });
  let last: UIMessage | undefined;
  for await (const message of readUIMessageStream({
    stream,
    onError: (e) => errors.push(e),
  }))
    last = message;
  return { message: last, errors };
}

const finish = (unified: 'stop' | 'length'): LanguageModelV3StreamPart => ({
  type: 'finish',
  finishReason: { unified, raw: unified },
  usage: {
    inputTokens: { total: 12, noCache: 12, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: 5, text: 5, reasoning: undefined },
  },
});

describe('the provider stream as the AI SDK reads it', () => {
  it('a text answer becomes one message whose text is every delta in order', async () => {
    const { out, usage } = mapAll([
      { type: 'stream-start', warnings: [] },
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'Here is ' },
      { type: 'text-delta', id: 't1', delta: 'the code.' },
      { type: 'text-end', id: 't1' },
      finish('stop'),
    ]);
    const { message, errors } = await readBySdk(out);
    expect(errors).toEqual([]);
    expect(message?.id).toBe('ans_1');
    expect(message?.parts).toEqual([
      { type: 'step-start' },
      { type: 'text', text: 'Here is the code.', state: 'done' },
    ]);
    expect(out.at(-1)).toEqual({ type: 'finish', finishReason: 'stop' });
    expect(usage).toEqual({ inputTokens: 12, outputTokens: 5, totalTokens: 17 });
  });

  it('an error part ends the answer with the message errorText gives, after the text so far', async () => {
    const { out } = mapAll([
      { type: 'text-start', id: 't1' },
      { type: 'text-delta', id: 't1', delta: 'partial' },
      { type: 'error', error: 'socket hang up' },
    ]);
    expect(out.at(-1)).toEqual({ type: 'error', errorText: 'failed: socket hang up' });
    // The SDK's reader keeps the text so far and reports the error with our text as its message.
    const { message, errors } = await readBySdk(out);
    expect(message?.parts).toContainEqual(
      expect.objectContaining({ type: 'text', text: 'partial' }),
    );
    expect(errors.map((e) => (e as Error).message)).toEqual(['failed: socket hang up']);
  });

  it('a client stop (errorText null) ends the answer with an abort chunk, not an error', async () => {
    const { out } = mapAll(
      [
        { type: 'text-start', id: 't1' },
        { type: 'text-delta', id: 't1', delta: 'so far' },
        { type: 'error', error: new Error('aborted') },
      ],
      () => null,
    );
    expect(out.at(-1)).toEqual({ type: 'abort' });
    expect(out.some((c) => c.type === 'error')).toBe(false);
    const { message, errors } = await readBySdk(out);
    expect(errors).toEqual([]);
    expect(message?.parts).toContainEqual(
      expect.objectContaining({ type: 'text', text: 'so far' }),
    );
  });

  it('starts the message once, before the first part, whatever that part is', () => {
    const { out } = mapAll([{ type: 'stream-start', warnings: [] }, finish('length')]);
    expect(out).toEqual([
      { type: 'start', messageId: 'ans_1' },
      { type: 'start-step' },
      { type: 'finish-step' },
      { type: 'finish', finishReason: 'length' },
    ]);
  });
});
