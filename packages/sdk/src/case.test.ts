import { describe, expect, it } from 'vitest';
import { camelCaseKey, snakeCaseKey, toCamel, toSnake } from './case.ts';

describe('camelCase ↔ snake_case', () => {
  it.each([
    ['userId', 'user_id'],
    ['codeSnapshot', 'code_snapshot'],
    ['createdAt', 'created_at'],
    ['id', 'id'],
    ['utmSource', 'utm_source'],
    ['screenWidth2', 'screen_width2'],
  ])('%s ↔ %s', (camel, snake) => {
    expect(snakeCaseKey(camel)).toBe(snake);
    expect(camelCaseKey(snake)).toBe(camel);
  });

  it('converts deeply through plain objects and arrays, leaving other values alone', () => {
    const date = new Date(0);
    const input = {
      projectId: 'p',
      chatMessages: [{ codeSnapshot: null, createdAt: date }],
      nested: { userEmail: 'a' },
    };
    const snake = toSnake<Record<string, unknown>>(input);
    expect(snake).toEqual({
      project_id: 'p',
      chat_messages: [{ code_snapshot: null, created_at: date }],
      nested: { user_email: 'a' },
    });
    expect((snake.chat_messages as { created_at: Date }[])[0]?.created_at).toBe(date);
    expect(toCamel(snake)).toEqual(input);
  });

  it('passes primitives and null through', () => {
    expect(toSnake('userId')).toBe('userId');
    expect(toCamel(null)).toBeNull();
    expect(toCamel([1, 'a_b'])).toEqual([1, 'a_b']);
  });
});
