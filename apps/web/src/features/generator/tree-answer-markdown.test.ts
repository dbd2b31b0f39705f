/** treeAnswerMarkdown: answers across files (docs/decisions/048) as the chat's Markdown. */
import { Lexer, type Token, type Tokens } from 'marked';
import { describe, expect, it } from 'vitest';
import { treeAnswerMarkdown } from './tree-answer-markdown.ts';

/** The Markdown blocks the chat would render (markdown.tsx lexes the same way). */
const blocks = (text: string): Token[] =>
  Lexer.lex(treeAnswerMarkdown(text), { gfm: true }).filter((t) => t.type !== 'space');
const codes = (text: string): Tokens.Code[] =>
  blocks(text).filter((t): t is Tokens.Code => t.type === 'code');

describe('treeAnswerMarkdown', () => {
  it('leaves an answer without tags exactly as it is', () => {
    for (const text of [
      '',
      'Plain prose.',
      'Use `a < b` and <b>bold</b>.\r\n\r\n```js\nconst x = 1 < 2;\n```\n',
      'Not a tag: <file path="a.js"> inside a line.\n  <file path="x">trailing',
      '<file path="a.js"',
    ])
      expect(treeAnswerMarkdown(text)).toBe(text);
  });

  it('shows a file section as its path and a fenced block, the model’s own fence left out', () => {
    const text = [
      'Two files.',
      '<file path="src/App.jsx">',
      '```jsx',
      'export default function App() {}',
      '```',
      '</file>',
      'Done.',
    ].join('\n');
    const out = treeAnswerMarkdown(text);
    expect(out).toContain('**`src/App.jsx`** — whole file');
    expect(out).not.toContain('<file');
    expect(out).not.toContain('</file>');
    const tokens = blocks(text);
    expect(tokens.map((t) => t.type)).toEqual(['paragraph', 'paragraph', 'code', 'paragraph']);
    expect(tokens[0]!.raw.trim()).toBe('Two files.');
    expect(tokens[3]!.raw.trim()).toBe('Done.');
    expect(codes(text)).toMatchObject([{ lang: 'jsx', text: 'export default function App() {}' }]);
  });

  it('matches tags alone on their lines with spaces or tabs around them, CRLF included', () => {
    const text = 'Intro\r\n \t<file path="a.css">  \r\nbody { color: red; }\r\n\t</file> \r\n';
    expect(codes(text)).toMatchObject([{ lang: 'css', text: 'body { color: red; }' }]);
  });

  it('shows an edit section as its path and its blocks as a diff', () => {
    const text = [
      '<edit path="src/util.js">',
      '```js',
      '<<<<<<< SEARCH',
      'const a = 1;',
      '=======',
      'const a = 2;',
      '>>>>>>> REPLACE',
      '<<<<<<< SEARCH',
      'old();',
      '=======',
      '>>>>>>> REPLACE',
      '```',
      '</edit>',
    ].join('\n');
    expect(treeAnswerMarkdown(text)).toContain('**`src/util.js`** — changes');
    expect(codes(text)).toEqual([
      expect.objectContaining({
        lang: 'diff',
        text: ['@@', '-const a = 1;', '+const a = 2;', '@@', '-old();'].join('\n'),
      }),
    ]);
  });

  it('shows a delete in words, in each form the tag takes', () => {
    for (const tag of [
      '<delete path="old.css" />',
      '  <delete path="old.css"/>\t',
      '<delete path="old.css"></delete>',
      '<delete path="old.css">\n</delete>',
    ]) {
      const out = treeAnswerMarkdown(`Removed.\n${tag}\nThat is all.`);
      expect(out).toContain('Deletes **`old.css`**');
      expect(out).not.toContain('delete path');
      expect(out).not.toContain('</delete>');
      expect(blocks(`Removed.\n${tag}\nThat is all.`)).toHaveLength(3);
    }
  });

  it('shows a section still arriving as a code block of its content so far', () => {
    const file = 'Here:\n<file path="src/App.jsx">\n```jsx\nconst a = 1;\nconst b';
    expect(treeAnswerMarkdown(file)).toContain('**`src/App.jsx`** — whole file');
    expect(codes(file)).toMatchObject([{ lang: 'jsx', text: 'const a = 1;\nconst b' }]);
    // Only the tag so far: an empty block, not raw text.
    expect(codes('<file path="a.js">')).toMatchObject([{ text: '' }]);
    // A closing tag half arrived is not content.
    expect(codes('<file path="a.js">\nx();\n</fi')).toMatchObject([{ text: 'x();' }]);
    const edit = '<edit path="u.js">\n<<<<<<< SEARCH\nold\n=======\nne';
    expect(codes(edit)).toMatchObject([{ lang: 'diff', text: '@@\n-old\n+ne' }]);
  });

  it('keeps code fences inside a file’s content inside its block', () => {
    const content = ['# Readme', '', '```sh', 'npm test', '```', '', '````', 'four', '````'];
    const text = ['<file path="README.md">', ...content, '</file>', 'After.'].join('\n');
    const out = treeAnswerMarkdown(text);
    expect(out).toContain('`````md\n');
    const tokens = blocks(text);
    expect(tokens.map((t) => t.type)).toEqual(['paragraph', 'code', 'paragraph']);
    expect((tokens[1] as Tokens.Code).text).toBe(content.join('\n'));
    // Wrapped in a fence of its own by the model: that one is left out, the inner ones kept.
    const wrapped = ['<file path="README.md">', '`````', ...content, '`````', '</file>'];
    expect(codes(wrapped.join('\n'))).toMatchObject([{ text: content.join('\n') }]);
  });

  it('keeps a tag-like line inside a section as content: only its own closing line ends it', () => {
    const content = [
      'const s = `',
      '<edit path="x.js">',
      '</edit>',
      '<delete path="y.js" />',
      '<file path="z.js">',
      '`;',
    ];
    const text = ['<file path="a.js">', ...content, '</file>', 'Explained.'].join('\n');
    expect(codes(text)).toMatchObject([{ lang: 'js', text: content.join('\n') }]);
    expect(treeAnswerMarkdown(text)).not.toContain('Deletes');
    expect(treeAnswerMarkdown(text)).toMatch(/Explained\.$/);
  });

  it('keeps a hostile path inside its inline code', () => {
    const path = 'a`</code><img src=x onerror=alert(1)>**[x](javascript:alert(1))`.js';
    const tokens = blocks(`<file path="${path}">\nx\n</file>\n<delete path="\`\`" />`);
    const header = tokens[0] as Tokens.Paragraph;
    expect(header.tokens.map((t) => t.type)).toEqual(['strong', 'text']);
    const strong = header.tokens[0] as Tokens.Strong;
    expect(strong.tokens.map((t) => t.type)).toEqual(['codespan']);
    expect((strong.tokens[0] as Tokens.Codespan).text).not.toContain('`');
    expect(JSON.stringify(tokens)).not.toMatch(/"type":"(html|link|image)"/);
    expect(treeAnswerMarkdown('<delete path="" />')).toContain('Deletes **(no path)**');
  });
});
