// The TEST model server's answers to prompts across a project's files (e2e/fixtures/model-trees.mjs)
// against the real prompt and answer code of @codewright/contract: each tree directive's answer,
// applied with applyTreeAnswer, gives the tree e2e/README.md promises.
import { describe, expect, it } from 'vitest';
import {
  applyTreeAnswer,
  buildGenerationPrompt,
  buildTreePrompt,
  selectTreeContext,
  treeGenerationRules,
  type TreeAnswerInput,
} from '@codewright/contract';
import { answerFor } from '../../../../e2e/fixtures/model-server.mjs';
import { TREE_APP } from '../../../../e2e/fixtures/model-trees.mjs';

const FILES = new Map([
  [
    'src/App.jsx',
    "import { greet } from './util.js';\nexport default function App() {\n  return <h1>{greet('you')}</h1>;\n}\n",
  ],
  ['src/util.js', "export const greet = (name) => 'hi ' + name;"],
  ['src/app.css', 'h1 { color: red; }'],
  ['src/old.js', 'export const old = 1;'],
]);
const MAIN = 'src/App.jsx';

const promptFor = (request: string, openPath = MAIN) =>
  buildTreePrompt({
    language: 'React',
    request,
    files: FILES,
    mainPath: MAIN,
    context: selectTreeContext({ files: FILES, openPath }),
  });

const apply = (text: string, extra: Partial<TreeAnswerInput> = {}) =>
  applyTreeAnswer({
    files: FILES,
    mainPath: MAIN,
    language: 'React',
    text,
    finishReason: 'stop',
    ...extra,
  });

/** The paths whose content differs from FILES (added, changed or deleted), sorted. */
function changed(files: Map<string, string>): string[] {
  const paths = new Set([...FILES.keys(), ...files.keys()]);
  return [...paths].filter((p) => FILES.get(p) !== files.get(p)).sort();
}

const ready = (result: ReturnType<typeof applyTreeAnswer>) => {
  if (result.status !== 'ready') throw new Error(`not ready: ${JSON.stringify(result)}`);
  return result;
};

describe('the scripted model across files', () => {
  it('edits the open file by default: a comment line after its last line', () => {
    const result = ready(apply(answerFor(promptFor('add a footer'))));
    expect(changed(result.files)).toEqual([MAIN]);
    expect(result.files.get(MAIN)).toBe(
      "import { greet } from './util.js';\nexport default function App() {\n  return <h1>{greet('you')}</h1>;\n}\n// edited: add a footer\n",
    );
    expect(result.explanation).toBe(
      "Here are the changes across your project's files: add a footer.",
    );
    expect(result.refused).toEqual([]);
  });

  it('comments in the open file’s syntax (CSS)', () => {
    const result = ready(apply(answerFor(promptFor('make it blue', 'src/app.css'))));
    expect(changed(result.files)).toEqual(['src/app.css']);
    expect(result.files.get('src/app.css')).toBe('h1 { color: red; }\n/* edited: make it blue */');
  });

  it('[[also:…]] and [[add:…]] change three files', () => {
    const text = answerFor(
      promptFor('say hello [[also:src/util.js]] [[add:src/Footer.jsx]] [[add:src/footer.css]]'),
    );
    const result = ready(apply(text));
    expect(changed(result.files)).toEqual([
      MAIN,
      'src/Footer.jsx',
      'src/footer.css',
      'src/util.js',
    ]);
    expect(result.files.get('src/util.js')).toBe(
      "export const greet = (name) => 'hi ' + name;\n// edited: say hello",
    );
    expect(result.files.get('src/Footer.jsx')).toBe('// added: say hello');
    expect(result.files.get('src/footer.css')).toBe('/* added: say hello */');
    expect(result.files.get(MAIN)).toMatch(/\n\/\/ edited: say hello\n$/);
  });

  it('[[delete:…]] deletes a file', () => {
    const result = ready(apply(answerFor(promptFor('tidy up [[delete:src/old.js]]'))));
    expect(result.files.has('src/old.js')).toBe(false);
    expect(changed(result.files)).toEqual([MAIN, 'src/old.js']);
  });

  it('[[tree-app]] answers a React app in three files', () => {
    const result = ready(apply(answerFor(promptFor('a greeting app [[tree-app]]'))));
    expect(changed(result.files)).toEqual([MAIN, 'src/Greeting.jsx', 'src/styles.css']);
    expect(result.files.get(MAIN)).toBe(TREE_APP.main);
    expect(TREE_APP.main).toContain("import { Greeting } from './Greeting.jsx';");
    expect(TREE_APP.main).toContain("import './styles.css';");
    expect(TREE_APP.main).toContain(
      'export default function App() {\n  return <Greeting name="world" />;\n}',
    );
    expect(result.files.get('src/Greeting.jsx')).toBe(
      'export function Greeting({ name }) {\n  return <h1 className="greeting">Hello, {name}!</h1>;\n}',
    );
    expect(result.files.get('src/styles.css')).toBe('.greeting { color: rgb(0, 128, 0); }');
  });

  it('[[tree-app]] in a first generation of a saved project answers the three files; without it, one file', () => {
    const prompt = (request: string) =>
      `${buildGenerationPrompt({ language: 'JavaScript', request, currentCode: '' })}\n${treeGenerationRules('main.js')}`;
    const empty = new Map([['main.js', '']]);
    const result = applyTreeAnswer({
      files: empty,
      mainPath: 'main.js',
      language: 'JavaScript',
      text: answerFor(prompt('a greeting [[tree-app]]')),
      finishReason: 'stop',
    });
    if (result.status !== 'ready') throw new Error(`not ready: ${result.status}`);
    expect(Object.fromEntries(result.files)).toEqual({
      'Greeting.jsx': TREE_APP.greeting,
      'main.js': TREE_APP.main,
      'styles.css': TREE_APP.styles,
    });
    expect(answerFor(prompt('a greeting'))).not.toContain('<file');
  });

  it('[[tree-miss]] fails the open file’s block first, then the retry applies', () => {
    const prompt = promptFor('add a footer [[tree-miss]] [[also:src/util.js]]');
    const first = answerFor(prompt);
    expect(first).toContain('/* not in the file */');
    const result = apply(first);
    if (result.status !== 'retry') throw new Error(`not a retry: ${result.status}`);
    expect(result.failed.map((f) => f.path)).toEqual([MAIN]);
    const messages = [
      { role: 'user', content: prompt },
      { role: 'assistant', content: first },
      { role: 'user', content: result.retry },
    ];
    const second = answerFor(result.retry, messages);
    expect(second).toContain(`<edit path="${MAIN}">`);
    const final = ready(
      apply(second, { files: result.pending.files, attempt: 2, pending: result.pending }),
    );
    expect(final.unapplied).toEqual([]);
    expect(changed(final.files)).toEqual([MAIN, 'src/util.js']);
    expect(final.files.get(MAIN)).toMatch(/\n\/\/ edited: add a footer\n$/);
  });

  it('[[tree-evil]] has ../outside.js refused and the rest applied', () => {
    const result = ready(apply(answerFor(promptFor('add a footer [[tree-evil]]'))));
    expect(result.refused.map((r) => r.path)).toEqual(['../outside.js']);
    expect(changed(result.files)).toEqual([MAIN]);
  });

  it('[[tree-cutoff]] ends inside a section: the answer is refused as incomplete', () => {
    const result = apply(answerFor(promptFor('add a footer [[tree-cutoff]]')));
    expect(result).toMatchObject({ status: 'refused', reason: 'incomplete' });
  });

  it('widens the SEARCH upwards until it matches one place only', () => {
    const files = new Map([
      ['main.js', 'function a() {\n  return 1;\n}\nfunction b() {\n  return 2;\n}'],
      // A second file keeps it a tree answer (a one-file project gets the one-file rules).
      ['notes.md', 'notes'],
    ]);
    const prompt = buildTreePrompt({
      language: 'JavaScript',
      request: 'note it',
      files,
      mainPath: 'main.js',
      context: selectTreeContext({ files, openPath: 'main.js' }),
    });
    const result = ready(
      applyTreeAnswer({
        files,
        mainPath: 'main.js',
        language: 'JavaScript',
        text: answerFor(prompt),
        finishReason: 'stop',
      }),
    );
    expect(result.files.get('main.js')).toBe(`${files.get('main.js')}\n// edited: note it`);
  });

  describe('a saved project of one file', () => {
    const one = (code: string) => new Map([['main.js', code]]);
    const promptOf = (files: Map<string, string>, request: string) =>
      buildTreePrompt({
        language: 'JavaScript',
        request,
        files,
        mainPath: 'main.js',
        context: selectTreeContext({ files, openPath: 'main.js' }),
      });
    const applyOne = (files: ReadonlyMap<string, string>, text: string, extra = {}) =>
      applyTreeAnswer({
        files,
        mainPath: 'main.js',
        language: 'JavaScript',
        text,
        finishReason: 'stop',
        ...extra,
      });

    it('answers as the one-file edit (whole, untagged) when no tree directive is asked', () => {
      const files = one('const a = 1;\n');
      const text = answerFor(promptOf(files, 'note it [[top-and-bottom]]'));
      expect(text).not.toMatch(/<(file|edit) path=/);
      expect(ready(applyOne(files, text)).files.get('main.js')).toBe(
        '// top: note it\nconst a = 1;\n// edited: note it',
      );
    });

    it('answers blocks for a long file, and [[sr-miss]] gets its one retry', () => {
      const files = one(
        Array.from({ length: 400 }, (_, i) => `export const v${i} = ${i};`).join('\n'),
      );
      const first = applyOne(files, answerFor(promptOf(files, 'note it [[sr-miss]]')));
      if (first.status !== 'retry') throw new Error(`not a retry: ${first.status}`);
      const messages = [
        { role: 'user', content: promptOf(files, 'note it [[sr-miss]]') },
        { role: 'assistant', content: 'x' },
        { role: 'user', content: first.retry },
      ];
      const second = answerFor(first.retry, messages);
      expect(second).not.toMatch(/<edit path=/);
      const final = ready(
        applyOne(first.pending.files, second, { attempt: 2, pending: first.pending }),
      );
      expect(final.files.get('main.js')).toMatch(
        /\nexport const v399 = 399;\n\/\/ edited: note it/,
      );
    });

    it('keeps the tagged answer for a tree directive: [[add:…]] adds a file', () => {
      const files = one('const a = 1;\n');
      const result = ready(applyOne(files, answerFor(promptOf(files, 'split it [[add:b.js]]'))));
      expect([...result.files.keys()].sort()).toEqual(['b.js', 'main.js']);
      expect(result.files.get('b.js')).toBe('// added: split it');
    });
  });

  it('leaves one-file prompts to the edit and generator rules', () => {
    expect(
      answerFor('Language: JavaScript\n\nRequest:\nmake a counter\n\nCurrent code:\n(empty)'),
    ).toBe(
      "Here is the JavaScript code for: make a counter.\n\n```js\n// make a counter\nfunction main() {\n  return 'make a counter';\n}\n```\n",
    );
  });
});
