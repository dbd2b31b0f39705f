import { describe, expect, it } from 'vitest';
import { buildGenerationPrompt } from './ai.ts';
import {
  CONVERSATION_MAX_TURNS,
  CONVERSATION_TOKEN_BUDGET,
  OMITTED_CODE_NOTE,
  buildConversationMessages,
  estimateTokens,
  recentTurns,
  summariseAnswer,
  type ConversationEntry,
} from './conversation.ts';

const turn = (request: string, answer: string): ConversationEntry[] => [
  { role: 'user', content: request },
  { role: 'assistant', content: answer },
];

describe('buildConversationMessages (decision 013)', () => {
  it('ends with the SPEC §7.1 prompt and carries the previous turn before it', () => {
    const history = [
      ...turn('a counter', 'Here it is.\n\n```js\nlet n = 0;\n```\n'),
      ...turn('add logging', 'Logging added.\n\n```js\nlet n = 0;\nconsole.log(n);\n```\n'),
    ];
    const messages = buildConversationMessages({
      history,
      language: 'JavaScript',
      request: 'undo your last change',
      currentCode: 'let n = 0;\nconsole.log(n);',
    });
    expect(messages.at(-1)).toEqual({
      role: 'user',
      content: buildGenerationPrompt({
        language: 'JavaScript',
        request: 'undo your last change',
        currentCode: 'let n = 0;\nconsole.log(n);',
      }),
    });
    expect(messages.slice(0, -1)).toEqual([
      { role: 'user', content: 'a counter' },
      { role: 'assistant', content: `Here it is.\n\n${OMITTED_CODE_NOTE}` },
      { role: 'user', content: 'add logging' },
      { role: 'assistant', content: `Logging added.\n\n${OMITTED_CODE_NOTE}` },
    ]);
    // Only the last message carries code.
    expect(messages.slice(0, -1).some((m) => m.content.includes('console.log'))).toBe(false);
  });

  it('an empty chat is the §7.1 prompt alone', () => {
    expect(buildConversationMessages({ history: [], language: 'Go', request: 'r' })).toHaveLength(
      1,
    );
  });
});

describe('summariseAnswer', () => {
  it('replaces closed and unclosed blocks, of any fence, and keeps the prose', () => {
    expect(summariseAnswer('Before.\n```py\nx = 1\n```\nBetween.\n~~~\ny\n~~~\nAfter.')).toBe(
      `Before.\n${OMITTED_CODE_NOTE}\nBetween.\n${OMITTED_CODE_NOTE}\nAfter.`,
    );
    expect(summariseAnswer('Stopped here:\n```ts\nconst a =')).toBe(
      `Stopped here:\n${OMITTED_CODE_NOTE}`,
    );
  });

  it('shortens a very long answer', () => {
    const long = summariseAnswer('word '.repeat(2_000));
    expect(long.length).toBeLessThanOrEqual(2_000);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('recentTurns', () => {
  it('keeps the newest turns within the token budget and the turn cap', () => {
    const history: ConversationEntry[] = [];
    for (let i = 0; i < 20; i++) history.push(...turn(`request ${i}`, `answer ${i}`));
    const kept = recentTurns(history);
    expect(kept).toHaveLength(CONVERSATION_MAX_TURNS * 2);
    expect(kept.at(-2)).toEqual({ role: 'user', content: 'request 19' });
    expect(kept[0]).toEqual({ role: 'user', content: `request ${20 - CONVERSATION_MAX_TURNS}` });

    const big: ConversationEntry[] = [];
    for (let i = 0; i < 5; i++) big.push(...turn(`r${i} ${'x'.repeat(1_500)}`, `a${i}`));
    const fitted = recentTurns(big);
    const cost = fitted.reduce((n, m) => n + estimateTokens(m.content), 0);
    expect(cost).toBeLessThanOrEqual(CONVERSATION_TOKEN_BUDGET);
    expect(fitted.length).toBeGreaterThan(0);
    expect(fitted.at(-1)).toEqual({ role: 'assistant', content: 'a4' });
  });

  it('leaves out a request whose answer failed, and empty answers, so roles alternate', () => {
    const history: ConversationEntry[] = [
      ...turn('first', 'one'),
      { role: 'user', content: 'failed request' },
      ...turn('second', ''),
      ...turn('third', 'three'),
    ];
    expect(recentTurns(history).map((m) => m.content)).toEqual(['first', 'one', 'third', 'three']);
  });
});
