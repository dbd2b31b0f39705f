import { describe, expect, it } from 'vitest';
import { AI_SPEECH_TEXT_MAX_CHARS } from '@codewright/contract';
import { spokenText } from './spoken-text.ts';

describe('spokenText', () => {
  it('reads the explanation without the code block or Markdown marks', () => {
    const answer =
      '## Counter\nHere is **the** `useState` [counter](https://x.test).\n\n```js\nconst a = 1;\n```\n\n- Click *Add*.';
    expect(spokenText(answer)).toBe('Counter\nHere is the useState counter.\n\nClick Add.');
  });

  it('is empty when the answer is only code', () => {
    expect(spokenText('```py\nprint(1)\n```')).toBe('');
  });

  it('stops at a sentence within the speech limit', () => {
    const long = 'A sentence that goes on. '.repeat(400);
    const out = spokenText(long);
    expect(out.length).toBeLessThanOrEqual(AI_SPEECH_TEXT_MAX_CHARS);
    expect(out.endsWith('.')).toBe(true);
  });
});
