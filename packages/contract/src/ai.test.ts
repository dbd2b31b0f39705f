import { describe, expect, it } from 'vitest';
import {
  AiTextRequestSchema,
  aiMeterFor,
  buildGenerationPrompt,
  extractCode,
  fenceTagFor,
  codeStartWatch,
  hasCodeStarted,
  partialCode,
} from './ai.ts';

describe('buildGenerationPrompt (SPEC §7.1)', () => {
  it('holds the language, the request, (empty) and the one-code-block instruction', () => {
    const p = buildGenerationPrompt({ language: 'Python', request: '  make a counter \n' });
    expect(p).toContain('Language: Python');
    expect(p).toContain('Request:\nmake a counter\n');
    expect(p).toContain('Current code:\n(empty)\n');
    expect(p).toMatch(/explanation, followed by ONE fenced code block \(```python\)/);
  });

  it('carries the current code in a fence and asks for the change', () => {
    const p = buildGenerationPrompt({
      language: 'C#',
      request: 'rename x',
      currentCode: 'var x = 1;\n\n',
    });
    expect(p).toContain('Current code:\n```csharp\nvar x = 1;\n```\n');
    expect(p).toMatch(/with the requested change applied/);
    // Blank code counts as a new generation.
    expect(buildGenerationPrompt({ language: 'Go', request: 'r', currentCode: '  \n' })).toContain(
      '(empty)',
    );
  });

  it('knows the fence tag of every generator language', () => {
    expect(
      ['JavaScript', 'TypeScript', 'Python', 'Go', 'Rust', 'Java', 'C#', 'C++'].map(fenceTagFor),
    ).toEqual(['javascript', 'typescript', 'python', 'go', 'rust', 'java', 'csharp', 'cpp']);
  });
});

describe('extractCode', () => {
  it('takes the body of the first fenced block', () => {
    const text = 'Here it is:\n\n```js\nconst a = 1;\n```\nand\n```py\nb\n```';
    expect(extractCode(text)).toBe('const a = 1;');
  });
  it('returns the whole text (trimmed) when there is no block', () => {
    expect(extractCode('  just words \n')).toBe('just words');
  });
  it('keeps inner blank lines, handles ~~~ and longer fences, and an unclosed block', () => {
    expect(extractCode('x\n````\na\n\n```inner```\n````\n')).toBe('a\n\n```inner```');
    expect(extractCode('~~~python\nprint(1)\n~~~')).toBe('print(1)');
    expect(extractCode('Intro\n```ts\nlet a\nlet b')).toBe('let a\nlet b');
    expect(extractCode('```\n```')).toBe('');
  });
});

describe('hasCodeStarted (the refund rule)', () => {
  it('is true once the opening line of a fence is complete, as partialCode has code', () => {
    expect(hasCodeStarted('Here is the code')).toBe(false);
    expect(hasCodeStarted('Here is the code\n\n```')).toBe(false);
    expect(hasCodeStarted('Here is the code\n\n```ts')).toBe(false);
    expect(hasCodeStarted('Here is the code\n\n```ts\n')).toBe(true);
    expect(hasCodeStarted('~~~\nx')).toBe(true);
    expect(hasCodeStarted('inline ``` is no fence\n')).toBe(false);
    for (const t of ['a', 'a\n```', 'a\n```py\n', 'a\n```py\nx']) {
      expect(hasCodeStarted(t)).toBe(partialCode(t) !== null);
    }
  });
});

describe('codeStartWatch', () => {
  it('agrees with hasCodeStarted on the whole text, however the text is cut into deltas', () => {
    const texts = [
      'Here is the code:\n\n```js\nlet a = 1;\n```\n',
      'No code at all, just ``` inline and more words.\nSecond line.',
      `${'x'.repeat(600)}\n   ~~~~ python\nprint(1)`,
      `${'`'.repeat(3)}${'y'.repeat(400)}\nz`,
    ];
    for (const text of texts) {
      for (const size of [1, 2, 3, 7, 50]) {
        const watch = codeStartWatch();
        let seen = '';
        for (let i = 0; i < text.length; i += size) {
          const delta = text.slice(i, i + size);
          seen += delta;
          expect(watch(delta)).toBe(hasCodeStarted(seen));
        }
      }
    }
  });
});

describe('AiTextRequestSchema', () => {
  it('needs a prompt or messages and caps maxTokens at 2000', () => {
    expect(AiTextRequestSchema.safeParse({ prompt: 'x' }).success).toBe(true);
    expect(
      AiTextRequestSchema.safeParse({ messages: [{ role: 'user', content: 'x' }] }).success,
    ).toBe(true);
    expect(AiTextRequestSchema.safeParse({}).success).toBe(false);
    expect(AiTextRequestSchema.safeParse({ messages: [] }).success).toBe(false);
    expect(AiTextRequestSchema.safeParse({ prompt: 'x', maxTokens: 2000 }).success).toBe(true);
    expect(AiTextRequestSchema.safeParse({ prompt: 'x', maxTokens: 2001 }).success).toBe(false);
    expect(AiTextRequestSchema.safeParse({ prompt: 'x', extra: 1 }).success).toBe(false);
  });
});

describe('meter (DESIGN §3.2–3.3)', () => {
  it('absent is generation; edit and generation as sent; anything else is refused on `meter`', () => {
    expect(AiTextRequestSchema.parse({ prompt: 'x' }).meter).toBe('generation');
    expect(AiTextRequestSchema.parse({ prompt: 'x', meter: 'edit' }).meter).toBe('edit');
    expect(AiTextRequestSchema.parse({ prompt: 'x', meter: 'generation' }).meter).toBe(
      'generation',
    );
    for (const meter of ['chat', '', null, 1, 'EDIT']) {
      const result = AiTextRequestSchema.safeParse({ prompt: 'x', meter });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['meter']);
      expect(result.error?.issues[0]?.message).toMatch(/must be "generation" or "edit"/);
    }
  });

  it('a prompt is an edit while the editor holds code, else a generation', () => {
    expect(aiMeterFor('const x = 1;')).toBe('edit');
    expect(aiMeterFor('  \n ')).toBe('generation');
    expect(aiMeterFor('')).toBe('generation');
    expect(aiMeterFor(null)).toBe('generation');
    expect(aiMeterFor(undefined)).toBe('generation');
  });
});

describe('partialCode', () => {
  it('is null until the opening line of the first fence is complete, then the code so far', () => {
    expect(partialCode('Here is')).toBeNull();
    expect(partialCode('Here is\n```py')).toBeNull();
    expect(partialCode('Here is\n```py\n')).toBe('');
    expect(partialCode('Here is\n```py\nx = 1\ny =')).toBe('x = 1\ny =');
    expect(partialCode('Done\n```py\nx = 1\n```\nMore')).toBe('x = 1');
  });
});
