import { describe, expect, it } from 'vitest';
import { createPreviewBuildService } from './preview.service.ts';

const service = createPreviewBuildService({ timeoutMs: 10_000 });

describe('preview build service', () => {
  it('builds TSX into one module that keeps vendored imports bare, with a source map', async () => {
    const result = await service.build({
      language: 'typescript',
      code: [
        "import { useState } from 'react';",
        "import { Plus } from 'lucide-react';",
        'export default function App(): JSX.Element {',
        '  const [n, setN] = useState<number>(0);',
        '  return <button onClick={() => setN(n + 1)}><Plus />{n}</button>;',
        '}',
      ].join('\n'),
    });
    expect(result.ok).toBe(true);
    expect(result.code).toMatch(/from "react"/);
    expect(result.code).toMatch(/from "lucide-react"/);
    expect(result.code).toMatch(/from "react\/jsx-dev-runtime"/);
    expect(result.code).not.toContain('useState<number>');
    expect(result.code).not.toContain('sourceMappingURL');
    expect(JSON.parse(result.map!)).toMatchObject({ version: 3, sources: ['main.tsx'] });
  });

  it("gives each element its JSX's file, line and column, in the project's own paths", async () => {
    const result = await service.build({
      language: 'typescript',
      path: 'src/App.tsx',
      code: [
        "import { Title } from './components/Title';",
        'export default function App() {',
        '  return (',
        '    <main>',
        '      <Title />',
        '    </main>',
        '  );',
        '}',
      ].join('\n'),
      files: [
        {
          path: 'src/components/Title.tsx',
          content: 'export function Title() {\n  return <h1 className="p-2">Hi</h1>;\n}\n',
        },
      ],
    });
    expect(result.ok).toBe(true);
    const spots = [
      ...result.code.matchAll(/fileName: "([^"]+)",\s*lineNumber: (\d+),\s*columnNumber: (\d+)/g),
    ].map((m) => `${m[1]}:${m[2]}:${m[3]}`);
    expect(spots.sort()).toEqual([
      'project:src/components/Title.tsx:2:10',
      'src/App.tsx:4:5',
      'src/App.tsx:5:7',
    ]);
  });

  it('falls back to plain TypeScript for a generic arrow that TSX cannot read', async () => {
    const result = await service.build({
      language: 'typescript',
      code: 'const id = <T>(x: T): T => x;\nconsole.log(id(1));',
    });
    expect(result).toMatchObject({ ok: true, errors: [] });
    expect(result.code).toContain('var id = (x) => x;');
  });

  it('reports a syntax error with its line and column', async () => {
    const result = await service.build({
      language: 'javascript',
      code: "import { useState } from 'react';\n\nexport default function A() {\n  const [a] = useState(0;\n  return a;\n}",
    });
    expect(result.ok).toBe(false);
    expect(result.errors).toEqual([{ message: 'Expected ")" but found ";"', line: 4, column: 25 }]);
  });

  it('refuses imports the preview cannot serve, each with its line, and fetches nothing', async () => {
    const result = await service.build({
      language: 'javascript',
      code: [
        "import axios from 'axios';",
        "import { Dialog } from '@radix-ui/react-dialog';",
        "import Button from './Button';",
        "import confetti from 'https://esm.sh/canvas-confetti';",
        "import fs from 'node:fs';",
        'console.log(axios, Dialog, Button, confetti, fs);',
      ].join('\n'),
    });
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [e.line, e.message])).toEqual([
      [1, 'package axios is not available in the preview'],
      [2, 'package @radix-ui/react-dialog is not available in the preview'],
      [
        3,
        './Button is not a file of this project: add it with New file in Files, beside the editor',
      ],
      [
        4,
        'https://esm.sh/canvas-confetti is not available in the preview: it loads nothing from other hosts',
      ],
      [5, 'package fs is not available in the preview'],
    ]);
  });

  it('lets a stylesheet import through as nothing, with a warning', async () => {
    const result = await service.build({
      language: 'javascript',
      code: "import './App.css';\nconsole.log('styled');",
    });
    expect(result.ok).toBe(true);
    expect(result.warnings).toEqual([
      {
        message:
          './App.css is not part of the preview (it runs one file); Tailwind classes work without it',
        line: 1,
        column: 8,
      },
    ]);
  });

  it('stops a build that takes longer than its time limit', async () => {
    const hurried = createPreviewBuildService({ timeoutMs: 0 });
    await expect(
      hurried.build({ language: 'javascript', code: 'let a = 1;' }),
    ).rejects.toMatchObject({
      code: 'PREVIEW_BUILD_TIMEOUT',
      statusCode: 422,
    });
  });
});
