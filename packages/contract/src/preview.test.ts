import { describe, expect, it } from 'vitest';
import {
  buildPreviewFixRequest,
  packageNameOf,
  packageNotAvailableMessage,
  PREVIEW_SPECIFIERS,
} from './preview.ts';
import { aiMeterFor, buildGenerationPrompt } from './ai.ts';

describe('preview packages', () => {
  it('names the package of a specifier, scoped or not, without its subpath', () => {
    expect(packageNameOf('axios')).toBe('axios');
    expect(packageNameOf('react-dom/client')).toBe('react-dom');
    expect(packageNameOf('@radix-ui/react-dialog')).toBe('@radix-ui/react-dialog');
    expect(packageNameOf('@tanstack/react-query/devtools')).toBe('@tanstack/react-query');
  });

  it('vendors React with its JSX runtimes and the UI helpers models import', () => {
    expect(PREVIEW_SPECIFIERS).toEqual(
      expect.arrayContaining([
        'react',
        'react/jsx-runtime',
        'react-dom/client',
        'lucide-react',
        'clsx',
        'tailwind-merge',
      ]),
    );
    expect(packageNotAvailableMessage('axios')).toBe(
      'package axios is not available in the preview',
    );
  });
});

describe('buildPreviewFixRequest', () => {
  const code = ['const a = 1;', 'const b = a.map((x) => x);', 'console.log(b);'].join('\n');

  it('names the problem, its line and the lines around it, and asks for a minimal fix', () => {
    const request = buildPreviewFixRequest({
      code,
      problems: [
        {
          kind: 'runtime',
          message: 'TypeError: a.map is not a function',
          line: 2,
          column: 13,
        },
      ],
    });
    expect(request).toBe(
      [
        'The live preview reports this problem when it runs the code:',
        '',
        'Runtime error at line 2, column 13: TypeError: a.map is not a function',
        '  1 | const a = 1;',
        '> 2 | const b = a.map((x) => x);',
        '  3 | console.log(b);',
        '',
        'Fix the code so that it runs without this problem. Change only what the fix needs and keep everything else as it is.',
      ].join('\n'),
    );
  });

  it('lists at most three problems, without a frame when the line is unknown', () => {
    const problem = (n: number) => ({
      kind: 'console' as const,
      message: `error ${n}`,
      line: null,
      column: null,
    });
    const request = buildPreviewFixRequest({ code, problems: [1, 2, 3, 4].map(problem) });
    expect(request).toContain('these problems');
    expect(request).toContain('console.error: error 3');
    expect(request).not.toContain('error 4');
    expect(request).not.toContain(' | ');
  });

  it('refuses an empty list', () => {
    expect(() => buildPreviewFixRequest({ code, problems: [] })).toThrow(RangeError);
  });

  it('is sent as an edit of the code it fixes (the Edits meter)', () => {
    const request = buildPreviewFixRequest({
      code,
      problems: [{ kind: 'compile', message: 'Expected ")"', line: 3, column: 12 }],
    });
    const prompt = buildGenerationPrompt({ language: 'JavaScript', request, currentCode: code });
    expect(prompt).toContain('Build error at line 3, column 12: Expected ")"');
    expect(prompt).toContain(`Current code:\n\`\`\`javascript\n${code}\n\`\`\``);
    expect(aiMeterFor(code)).toBe('edit');
  });
});
