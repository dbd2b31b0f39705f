import { describe, expect, it } from 'vitest';
import { conversationOf, currentMessageId, type ChatMessage } from './chat.ts';

const answer = (id: string, snapshot: string): ChatMessage => ({
  id,
  role: 'assistant',
  content: id,
  timestamp: 't',
  codeSnapshot: snapshot,
});

describe('currentMessageId', () => {
  const messages: ChatMessage[] = [
    { id: 'u1', role: 'user', content: 'q', timestamp: 't' },
    answer('a1', 'one'),
    answer('a2', 'two'),
    answer('a3', 'one'),
  ];
  it('is the preferred answer while its snapshot is the code, else the newest match', () => {
    expect(currentMessageId(messages, 'one', 'a1')).toBe('a1');
    expect(currentMessageId(messages, 'one', 'a2')).toBe('a3');
    expect(currentMessageId(messages, 'two', null)).toBe('a2');
  });
  it('is none when the code was edited by hand', () => {
    expect(currentMessageId(messages, 'three', 'a2')).toBeNull();
  });
});

describe('conversationOf', () => {
  it('keeps finished messages as role and content', () => {
    expect(
      conversationOf([
        { id: 'u', role: 'user', content: 'q', timestamp: 't' },
        { id: 'a', role: 'assistant', content: '', timestamp: 't', streaming: true },
      ]),
    ).toEqual([{ role: 'user', content: 'q' }]);
  });
});
