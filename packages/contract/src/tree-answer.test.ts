import { describe, expect, it } from 'vitest';
import { EDIT_RETRY_HEADING } from './edit-prompts.ts';
import { applyTreeAnswer, type TreeAnswerInput } from './tree-answer.ts';
import { parseTreeAnswer, partialFileSection } from './tree-answer-parse.ts';

const TREE = new Map([
  [
    'src/App.jsx',
    "import { greet } from './util.js';\nexport default function App() {\n  return <h1>{greet('you')}</h1>;\n}",
  ],
  ['src/util.js', "export const greet = (name) => 'hi ' + name;"],
  ['src/old.css', 'h1 { color: red; }'],
]);

const answer = (text: string, extra: Partial<TreeAnswerInput> = {}) =>
  applyTreeAnswer({
    files: TREE,
    mainPath: 'src/App.jsx',
    language: 'React',
    text,
    finishReason: 'stop',
    ...extra,
  });

describe('parseTreeAnswer', () => {
  it('reads whole files (fenced or not), edits and deletes, with the prose as the explanation', () => {
    const parsed = parseTreeAnswer(
      [
        'Adds a footer and drops the old styles.',
        '<file path="src/Footer.jsx">',
        '```jsx',
        'export const Footer = () => <footer>bye</footer>;',
        '```',
        '</file>',
        '<edit path="src/App.jsx">',
        '<<<<<<< SEARCH',
        "import { greet } from './util.js';",
        '=======',
        "import { greet } from './util.js';",
        "import { Footer } from './Footer.jsx';",
        '>>>>>>> REPLACE',
        '</edit>',
        '<delete path="src/old.css" />',
        '<file path="notes.md">',
        '# Not fenced',
        '',
        '</file>',
      ].join('\n'),
    );
    expect(parsed.unterminated).toBe(false);
    expect(parsed.problems).toEqual([]);
    expect(parsed.explanation).toBe('Adds a footer and drops the old styles.');
    expect(parsed.sections).toEqual([
      {
        kind: 'file',
        path: 'src/Footer.jsx',
        content: 'export const Footer = () => <footer>bye</footer>;',
      },
      {
        kind: 'edit',
        path: 'src/App.jsx',
        blocks: [
          {
            search: ["import { greet } from './util.js';"],
            replace: [
              "import { greet } from './util.js';",
              "import { Footer } from './Footer.jsx';",
            ],
          },
        ],
      },
      { kind: 'delete', path: 'src/old.css' },
      { kind: 'file', path: 'notes.md', content: '# Not fenced\n' },
    ]);
  });

  it('is cut off when a section or a block never closes', () => {
    expect(parseTreeAnswer('<file path="a.js">\nconst a = 1;').unterminated).toBe(true);
    expect(
      parseTreeAnswer('<edit path="a.js">\n<<<<<<< SEARCH\na\n=======\nb\n</edit>').unterminated,
    ).toBe(true);
  });

  it('refuses hostile and doubled paths, and edits without blocks, naming each file once', () => {
    const parsed = parseTreeAnswer(
      [
        '<file path="../../etc/passwd">',
        'x',
        '</file>',
        '<file path="/abs.js">',
        'x',
        '</file>',
        '<delete path="" />',
        '<file path="twice.js">',
        'one',
        '</file>',
        '<file path="twice.js">',
        'two',
        '</file>',
        '<edit path="src/util.js">',
        'no blocks here',
        '</edit>',
        '<file path="ok.js">',
        'fine',
        '</file>',
      ].join('\n'),
    );
    expect(parsed.sections).toEqual([{ kind: 'file', path: 'ok.js', content: 'fine' }]);
    expect(parsed.problems.map((p) => p.message)).toEqual([
      '../../etc/passwd: the path must not contain . or .. segments.',
      '/abs.js: the path must be relative (no leading /).',
      '(no path): the path must not be empty.',
      'twice.js: the answer names this file more than once.',
      'src/util.js: the edit holds no SEARCH/REPLACE blocks.',
    ]);
  });
});

describe('applyTreeAnswer', () => {
  it('proposes the whole tree: a file added, one edited by blocks, one deleted', () => {
    const result = answer(
      [
        'Done.',
        '<file path="src/Footer.jsx">',
        'export const Footer = () => <footer>bye</footer>;',
        '</file>',
        '<edit path="src/util.js">',
        '<<<<<<< SEARCH',
        "export const greet = (name) => 'hi ' + name;",
        '=======',
        "export const greet = (name) => 'hello ' + name;",
        '>>>>>>> REPLACE',
        '</edit>',
        '<delete path="src/old.css" />',
      ].join('\n'),
    );
    expect(result.status).toBe('ready');
    if (result.status !== 'ready') return;
    expect([...result.files.keys()].sort()).toEqual([
      'src/App.jsx',
      'src/Footer.jsx',
      'src/util.js',
    ]);
    expect(result.files.get('src/util.js')).toBe("export const greet = (name) => 'hello ' + name;");
    expect(result.files.get('src/App.jsx')).toBe(TREE.get('src/App.jsx'));
    expect(result).toMatchObject({ refused: [], unapplied: [], explanation: 'Done.' });
  });

  it('refuses an edit or delete of a file that does not exist, and deleting the main file, and applies the rest', () => {
    const result = answer(
      [
        '<edit path="src/missing.js">',
        '<<<<<<< SEARCH',
        'a',
        '=======',
        'b',
        '>>>>>>> REPLACE',
        '</edit>',
        '<delete path="src/nope.css" />',
        '<delete path="src/App.jsx" />',
        '<file path="src/util.js">',
        'export const greet = () => 1;',
        '</file>',
      ].join('\n'),
    );
    expect(result.status).toBe('ready');
    if (result.status !== 'ready') return;
    expect(result.refused.map((r) => r.message)).toEqual([
      'src/missing.js: the project has no such file (a new file is sent whole).',
      'src/nope.css: the project has no such file.',
      "src/App.jsx: it is the project's main file (its code) and cannot be deleted.",
    ]);
    expect(result.files.get('src/App.jsx')).toBe(TREE.get('src/App.jsx'));
    expect(result.files.get('src/util.js')).toBe('export const greet = () => 1;');
  });

  it('refuses the whole answer when nothing in it can be used, saying why for each file', () => {
    const result = answer('<file path="../x.js">\nx\n</file>\n<delete path="gone.js" />');
    expect(result).toMatchObject({ status: 'refused', reason: 'files-refused' });
    if (result.status !== 'refused') return;
    expect(result.message).toBe(
      'No file of the answer could be used, so nothing was changed. ../x.js: the path must not contain . or .. segments. gone.js: the project has no such file.',
    );
  });

  it('never uses an answer cut off, stopped or with a section left open', () => {
    const whole = '<file path="src/util.js">\nexport const a = 1;\n</file>';
    expect(answer(whole, { finishReason: 'length' })).toMatchObject({ reason: 'cut-off' });
    expect(answer(whole, { finishReason: 'stopped' })).toMatchObject({ reason: 'incomplete' });
    expect(answer('<file path="src/util.js">\nexport const a = 1;')).toMatchObject({
      reason: 'incomplete',
    });
  });

  it('takes an answer without tags as the main file, whole or as blocks', () => {
    const whole = answer('Here:\n```jsx\nexport default () => null;\n```');
    expect(whole.status === 'ready' && whole.files.get('src/App.jsx')).toBe(
      'export default () => null;',
    );
    const blocks = answer(
      "<<<<<<< SEARCH\n  return <h1>{greet('you')}</h1>;\n=======\n  return <h2>{greet('you')}</h2>;\n>>>>>>> REPLACE",
    );
    expect(blocks.status === 'ready' && blocks.files.get('src/App.jsx')).toContain('<h2>');
    expect(answer('```jsx\nexport default')).toMatchObject({ reason: 'incomplete' });
    expect(answer('   ')).toMatchObject({ reason: 'no-code' });
  });

  it('retries failed blocks once, naming their file; the retry answer applies to what the first left', () => {
    const first = answer(
      [
        '<edit path="src/util.js">',
        '<<<<<<< SEARCH',
        'export const nothing = 0;',
        '=======',
        'export const something = 1;',
        '>>>>>>> REPLACE',
        '</edit>',
        '<file path="src/new.js">',
        'export const n = 1;',
        '</file>',
      ].join('\n'),
    );
    expect(first.status).toBe('retry');
    if (first.status !== 'retry') return;
    expect(first.retry.startsWith(EDIT_RETRY_HEADING)).toBe(true);
    expect(first.retry).toContain('In src/util.js:');
    expect(first.retry).toContain('The other changes (1) were applied: do not send them again.');
    expect(first.failed.map((f) => f.path)).toEqual(['src/util.js']);

    const second = applyTreeAnswer({
      files: first.pending.files,
      mainPath: 'src/App.jsx',
      language: 'React',
      text: [
        '<edit path="src/util.js">',
        '<<<<<<< SEARCH',
        "export const greet = (name) => 'hi ' + name;",
        '=======',
        "export const greet = (name) => 'hi ' + name;",
        'export const something = 1;',
        '>>>>>>> REPLACE',
        '</edit>',
      ].join('\n'),
      finishReason: 'stop',
      attempt: 2,
      pending: first.pending,
    });
    expect(second.status).toBe('ready');
    if (second.status !== 'ready') return;
    expect(second.files.get('src/new.js')).toBe('export const n = 1;');
    expect(second.files.get('src/util.js')).toContain('export const something = 1;');
    expect(second.unapplied).toEqual([]);
  });

  it('after the retry, blocks that still fail are reported, or the answer is refused when nothing applied', () => {
    const failing =
      '<edit path="src/util.js">\n<<<<<<< SEARCH\nnot there\n=======\nx\n>>>>>>> REPLACE\n</edit>';
    const first = answer(failing);
    if (first.status !== 'retry') throw new Error('expected a retry');
    const second = applyTreeAnswer({
      files: first.pending.files,
      mainPath: 'src/App.jsx',
      language: 'React',
      text: failing,
      finishReason: 'stop',
      attempt: 2,
      pending: first.pending,
    });
    expect(second).toMatchObject({ status: 'refused', reason: 'blocks-failed' });
  });
});

describe('partialFileSection', () => {
  it('gives the named file as far as it has arrived, its complete lines only, without a fence', () => {
    const text =
      'An app.\n<file path="src/util.js">\nexport const u = 1;\n</file>\n<file path="main.jsx">\n```jsx\nimport { u } from';
    expect(partialFileSection(text, 'src/util.js')).toBe('export const u = 1;');
    expect(partialFileSection(text, 'main.jsx')).toBe('');
    expect(partialFileSection(`${text} './src/util.js';\nconsole.log(u);\n`, 'main.jsx')).toBe(
      "import { u } from './src/util.js';\nconsole.log(u);",
    );
    expect(partialFileSection(`${text} './src/util.js';\n\`\`\`\n</file>`, 'main.jsx')).toBe(
      "import { u } from './src/util.js';",
    );
    expect(partialFileSection('no tags yet', 'main.jsx')).toBeNull();
  });
});
