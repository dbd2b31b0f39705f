import { describe, expect, it } from 'vitest';
import { buildTreePrompt, selectTreeContext } from './tree-prompts.ts';

const line = (n: number) => `// ${'x'.repeat(60)} ${n}`;
const big = (lines: number) => Array.from({ length: lines }, (_, i) => line(i)).join('\n');

const FILES = new Map([
  [
    'src/App.jsx',
    "import { greet } from './util.js';\nimport './app.css';\nexport default () => greet('you');",
  ],
  ['src/util.js', "export const greet = (n) => 'hi ' + n;"],
  ['src/app.css', 'h1 { color: teal; }'],
  ['src/main.jsx', "import App from './App.jsx';\nrender(App);"],
  ['src/unrelated.js', 'export const u = 1;'],
  ['docs/notes.md', '# Notes'],
]);

describe('selectTreeContext', () => {
  it('shows the open file, its imports and importers; lists the rest', () => {
    const context = selectTreeContext({ files: FILES, openPath: 'src/App.jsx' });
    expect(context.shown.map((f) => [f.path, f.reason])).toEqual([
      ['src/App.jsx', 'open'],
      ['src/util.js', 'imported'],
      ['src/app.css', 'imported'],
      ['src/main.jsx', 'importer'],
    ]);
    expect(context.listed).toEqual(['docs/notes.md', 'src/unrelated.js']);
    expect(context.overBudget).toEqual([]);
  });

  it('puts pinned files first after the open one, and leaves out what the user removed', () => {
    const context = selectTreeContext({
      files: FILES,
      openPath: 'src/App.jsx',
      pinned: ['docs/notes.md'],
      excluded: ['src/app.css', 'src/App.jsx'],
    });
    expect(context.shown.map((f) => f.path)).toEqual([
      'src/App.jsx',
      'docs/notes.md',
      'src/util.js',
      'src/main.jsx',
    ]);
    expect(context.listed).toEqual(['src/app.css', 'src/unrelated.js']);
  });

  it('keeps to the budget: the open file always, others only while they fit', () => {
    const files = new Map([
      ['a.js', `import './b.js';\nimport './c.js';\n${big(100)}`],
      ['b.js', big(100)],
      ['c.js', 'export const c = 1;'],
    ]);
    const context = selectTreeContext({ files, openPath: 'a.js', budgetTokens: 2_500 });
    expect(context.shown.map((f) => f.path)).toEqual(['a.js', 'c.js']);
    expect(context.overBudget).toEqual(['b.js']);
  });
});

describe('buildTreePrompt', () => {
  it('holds the open file as the current code, the others shown and listed, and the section rules', () => {
    const context = selectTreeContext({ files: FILES, openPath: 'src/App.jsx' });
    const prompt = buildTreePrompt({
      language: 'React',
      request: 'Greet in French',
      files: FILES,
      mainPath: 'src/main.jsx',
      context,
    });
    expect(prompt).toContain(
      "Current code:\n```jsx\nimport { greet } from './util.js';\nimport './app.css';\nexport default () => greet('you');\n```\n(That is src/App.jsx.)",
    );
    expect(prompt).toContain(
      "File src/util.js (imported by the open file):\n```javascript\nexport const greet = (n) => 'hi ' + n;\n```",
    );
    expect(prompt).toContain('File src/main.jsx (imports the open file):');
    expect(prompt).toContain(
      'Other files of the project (not shown): docs/notes.md, src/unrelated.js.',
    );
    expect(prompt).toContain(
      "Instructions: the project's main file is src/main.jsx; it cannot be deleted.",
    );
    expect(prompt).toContain('<delete path="folder/name.ext" />');
    expect(prompt).not.toContain('too long to send back whole');
  });

  it('asks for blocks for a shown file too long to send back whole', () => {
    const files = new Map([['big.js', big(100)]]);
    const prompt = buildTreePrompt({
      language: 'JavaScript',
      request: 'Rename x',
      files,
      mainPath: 'big.js',
      context: selectTreeContext({ files, openPath: 'big.js' }),
    });
    expect(prompt).toContain('(That is big.js, the main file.)');
    expect(prompt).toContain('These files are too long to send back whole: use <edit> for big.js.');
  });
});
