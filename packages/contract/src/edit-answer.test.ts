import { describe, expect, it } from 'vitest';
import { GENERATION_MAX_TOKENS } from './constants.ts';
import {
  applyEditAnswer,
  EDIT_ANSWER_MESSAGES,
  isCutOff,
  type EditAnswerInput,
} from './edit-answer.ts';
import {
  chooseEditFormat,
  estimateCodeTokens,
  type EditFormat,
  replaceLines,
  WHOLE_ANSWER_MAX_TOKENS,
} from './edit-format.ts';
import { buildEditPrompt, buildEditRetryMessages, EDIT_RETRY_HEADING } from './edit-prompts.ts';

const file = (n: number) =>
  Array.from({ length: n }, (_, i) => `const value${i} = compute(${i}); // line ${i + 1}`).join(
    '\n',
  );
const sr = (search: string, replace: string) =>
  `Done.\n<<<<<<< SEARCH\n${search}\n=======\n${replace}\n>>>>>>> REPLACE\n`;

describe('thresholds', () => {
  it('asks for the whole file while it fits the cap with room to spare, blocks past that', () => {
    expect(WHOLE_ANSWER_MAX_TOKENS).toBeLessThan(GENERATION_MAX_TOKENS);
    expect(chooseEditFormat(file(100))).toBe('whole');
    expect(chooseEditFormat(file(600))).toBe('search-replace');
    const limit = 'x'.repeat(WHOLE_ANSWER_MAX_TOKENS * 3);
    expect(estimateCodeTokens(limit)).toBe(WHOLE_ANSWER_MAX_TOKENS);
    expect(chooseEditFormat(limit)).toBe('whole');
    expect(chooseEditFormat(`${limit}x`)).toBe('search-replace');
  });
});

describe('buildEditPrompt', () => {
  it('sends the whole file and names the selected range, asking for those lines only', () => {
    const code = file(10);
    const prompt = buildEditPrompt({
      language: 'TypeScript',
      request: ' rename value3 ',
      code,
      format: 'whole',
      selection: { startLine: 3, endLine: 5 },
    });
    expect(prompt).toContain('Request:\nrename value3\n');
    expect(prompt).toContain(`Current code:\n\`\`\`typescript\n${code}\n\`\`\``);
    expect(prompt).toContain(
      'Selection: lines 3-5\n```typescript\nconst value2 = compute(2); // line 3\nconst value3 = compute(3); // line 4\nconst value4 = compute(4); // line 5\n```',
    );
    expect(prompt).toMatch(/Instructions: rewrite ONLY lines 3-5/);
  });

  it('describes the SEARCH/REPLACE format for a large file', () => {
    const prompt = buildEditPrompt({
      language: 'Python',
      request: 'x',
      code: file(600),
      format: 'search-replace',
    });
    expect(prompt).toMatch(/Instructions: the file is too long to send back whole/);
    expect(prompt).toContain('<<<<<<< SEARCH\n(lines copied from the current code)\n=======');
  });

  it('refuses a range outside the file', () => {
    expect(() =>
      buildEditPrompt({
        language: 'Go',
        request: 'x',
        code: 'a\nb',
        format: 'whole',
        selection: { startLine: 2, endLine: 3 },
      }),
    ).toThrow(RangeError);
  });
});

describe('applyEditAnswer', () => {
  const base = { language: 'JavaScript', finishReason: 'stop' } as const;
  /** applyEditAnswer on a JavaScript answer that ended normally, unless `more` says otherwise. */
  const apply = (
    code: string,
    format: EditFormat,
    text: string,
    more: Partial<EditAnswerInput> = {},
  ) => applyEditAnswer({ ...base, code, format, text, ...more });

  it('never uses an answer cut off by the token cap, whatever it holds', () => {
    expect(isCutOff('length')).toBe(true);
    expect(isCutOff('stop')).toBe(false);
    const complete = 'Here.\n```js\nconst a = 1;\n```\n';
    const result = apply('const a = 0;', 'whole', complete, { finishReason: 'length' });
    expect(result).toEqual({
      status: 'refused',
      reason: 'cut-off',
      message: EDIT_ANSWER_MESSAGES['cut-off'],
    });
  });

  it('refuses an answer whose code block or SEARCH/REPLACE block never closed', () => {
    expect(apply('a', 'whole', 'Here.\n```js\nconst a')).toMatchObject({
      status: 'refused',
      reason: 'incomplete',
    });
    expect(apply('a', 'search-replace', '<<<<<<< SEARCH\na\n=======\nb')).toMatchObject({
      status: 'refused',
      reason: 'incomplete',
    });
  });

  it('replaces only the selected range with a whole-format answer', () => {
    const code = file(20);
    const result = apply(
      code,
      'whole',
      'Renamed.\n```js\nconst five = 5;\nconst six = 6;\nconst extra = 7;\n```',
      { selection: { startLine: 5, endLine: 6 } },
    );
    expect(result).toEqual({
      status: 'ready',
      code: replaceLines(
        code,
        { startLine: 5, endLine: 6 },
        'const five = 5;\nconst six = 6;\nconst extra = 7;',
      ),
      unapplied: [],
    });
    const lines = (result as { code: string }).code.split('\n');
    expect(lines.slice(0, 4)).toEqual(code.split('\n').slice(0, 4));
    expect(lines.slice(7)).toEqual(code.split('\n').slice(6));
  });

  it('applies blocks to a large file, changing only the target lines', () => {
    const code = file(600);
    const result = apply(
      code,
      'search-replace',
      sr('const value300 = compute(300); // line 301', 'const value300 = 300; // line 301'),
    );
    expect(result.status).toBe('ready');
    const before = code.split('\n');
    const after = (result as { code: string }).code.split('\n');
    expect(after).toHaveLength(600);
    expect(after.filter((l, i) => l !== before[i])).toEqual(['const value300 = 300; // line 301']);
  });

  it('keeps blocks within the selection: a match outside it is no match', () => {
    const code = 'a\nb\nc\nb\ne';
    const result = apply(code, 'search-replace', sr('b', 'B'), {
      selection: { startLine: 4, endLine: 5 },
    });
    expect(result).toMatchObject({ status: 'ready', code: 'a\nb\nc\nB\ne' });
  });

  it('asks for one retry that shows the failures, then takes the corrected blocks', () => {
    const code = file(300);
    const first = apply(
      code,
      'search-replace',
      sr('const value10 = compute(10); // line 11', 'const value10 = 10; // line 11') +
        sr('const value20 = compute(21); // line 21', 'const value20 = 20; // line 21'),
    );
    expect(first.status).toBe('retry');
    const retry = first as Extract<typeof first, { status: 'retry' }>;
    expect(retry.retry.startsWith(EDIT_RETRY_HEADING)).toBe(true);
    expect(retry.retry).toContain('Block 1 was not applied:');
    expect(retry.retry).toContain('Its SEARCH lines match nothing in the current code.');
    expect(retry.retry).toContain('The other 1 block(s) were applied: do not send them again.');
    expect(retry.pending.code).toContain('const value10 = 10; // line 11');
    expect(
      buildEditRetryMessages({ prompt: 'P', answer: 'A', retry: retry.retry }).map((m) => m.role),
    ).toEqual(['user', 'assistant', 'user']);

    const second = applyEditAnswer({
      ...base,
      ...retry.pending,
      format: 'search-replace',
      attempt: 2,
      text: sr('const value20 = compute(20); // line 21', 'const value20 = 20; // line 21'),
    });
    expect(second).toMatchObject({ status: 'ready', unapplied: [] });
    const changed = (second as { code: string }).code
      .split('\n')
      .filter((l, i) => l !== code.split('\n')[i]);
    expect(changed).toEqual(['const value10 = 10; // line 11', 'const value20 = 20; // line 21']);
  });

  it('names every place a block matched, and refuses when the retry fails as well', () => {
    const code = '}\nx\n}';
    const first = apply(code, 'search-replace', sr('}', '};'));
    expect(first).toMatchObject({ status: 'retry' });
    expect((first as { retry: string }).retry).toContain(
      'Its SEARCH lines match 2 places (lines 1, 3)',
    );
    const pending = (first as Extract<typeof first, { status: 'retry' }>).pending;
    expect(
      applyEditAnswer({
        ...base,
        ...pending,
        format: 'search-replace',
        attempt: 2,
        text: sr('}', '};'),
      }),
    ).toEqual({
      status: 'refused',
      reason: 'blocks-failed',
      message: EDIT_ANSWER_MESSAGES['blocks-failed'],
    });
  });

  it('refuses answers without code or without blocks', () => {
    expect(apply('a', 'whole', '  ')).toMatchObject({ reason: 'no-code' });
    expect(apply('a', 'search-replace', 'I changed it.')).toMatchObject({ reason: 'no-blocks' });
  });
});
