import { describe, expect, it } from 'vitest';
import { quickEditOf, resolveSelection, selectionLabel } from './preview-selection.ts';
import type { SelectedElement } from './sandbox/protocol.ts';

const MAIN = [
  "import { Card } from './ui/Card';",
  'export default function App() {',
  '  return (',
  '    <main>',
  '      <h1 className="text-2xl">Hello</h1>',
  '      <Card />',
  '    </main>',
  '  );',
  '}',
].join('\n');
const CARD = [
  'export function Card() {',
  '  return <button className={cn("p-2", on && "ring")}>Go</button>;',
  '}',
].join('\n');
const where = {
  mainPath: 'src/App.tsx',
  code: MAIN,
  files: [{ path: 'src/ui/Card.tsx', content: CARD }],
  html: false,
};
const reported = (source: string, tagName: string): SelectedElement => ({
  source,
  tagName,
  text: 'Hello',
  classes: 'text-2xl',
});

describe('resolveSelection', () => {
  it("takes an element whose tag is at that place in one of the project's files", () => {
    const heading = resolveSelection(reported('src/App.tsx:5:7', 'h1'), where);
    expect(heading).toMatchObject({
      path: 'src/App.tsx',
      startLine: 5,
      endLine: 5,
      editable: { text: 'Hello', classes: 'text-2xl' },
    });
    expect(selectionLabel(heading!)).toBe('h1 in App.tsx:5');
    const button = resolveSelection(reported('project:src/ui/Card.tsx:2:10', 'button'), where);
    expect(button).toMatchObject({ path: 'src/ui/Card.tsx', editable: { classes: null } });
  });

  it('drops a file outside the project, a place with no such tag, and a malformed place', () => {
    for (const [source, tag] of [
      ['../../etc/passwd:1:1', 'h1'],
      ['src/Evil.tsx:5:7', 'h1'],
      ['src/App.tsx:5:7', 'button'],
      ['src/App.tsx:5:8', 'h1'],
      ['src/App.tsx:50:1', 'h1'],
      ['src/App.tsx:0:7', 'h1'],
      ['src/App.tsx', 'h1'],
    ] as const)
      expect(resolveSelection(reported(source, tag), where), source).toBeNull();
  });

  it('takes the file of code that ran alone as the main one, whatever the build named it', () => {
    const alone = { ...where, mainPath: 'main.ts', files: [] };
    expect(resolveSelection(reported('main.tsx:5:7', 'h1'), alone)).toMatchObject({
      path: 'main.ts',
      line: 5,
    });
    expect(resolveSelection(reported('main.tsx:5:7', 'button'), alone)).toBeNull();
  });

  it("reads an HTML page's places as lines and columns of the main file", () => {
    const page = {
      mainPath: 'index.html',
      code: '<body>\n  <p class="x">Hi</p>\n</body>',
      files: [],
      html: true,
    };
    expect(resolveSelection(reported('2:3', 'p'), page)).toMatchObject({
      path: 'index.html',
      kind: 'html',
    });
    expect(resolveSelection(reported('other.html:2:3', 'p'), page)).toBeNull();
  });
});

describe('quickEditOf', () => {
  const heading = resolveSelection(reported('src/App.tsx:5:7', 'h1'), where)!;

  it('changes the text and the classes of the element only', () => {
    const edit = quickEditOf(
      heading,
      { text: 'Hi {you}', classes: 'text-3xl  text-red-600' },
      where,
    );
    expect(edit).toEqual({
      path: 'src/App.tsx',
      title: 'Change the classes and text of h1 in App.tsx:5',
      code: MAIN.replace(
        '<h1 className="text-2xl">Hello</h1>',
        '<h1 className="text-3xl text-red-600">Hi &#123;you&#125;</h1>',
      ),
    });
  });

  it('says why when nothing changes, the element moved, or a class name holds a quote', () => {
    expect(quickEditOf(heading, { text: 'Hello', classes: 'text-2xl' }, where)).toMatch(
      /^Nothing to change/,
    );
    expect(quickEditOf(heading, { text: 'Hey' }, { ...where, code: `\n${MAIN}` })).toMatch(
      /has moved in the code/,
    );
    expect(quickEditOf(heading, { classes: 'a" onClick="x' }, where)).toMatch(/quotes/);
  });

  it('shows text with character references as it reads, and escapes it once when edited', () => {
    const code = MAIN.replace('>Hello<', '>Tom &amp; Jerry &#123;&#125;<');
    const at = { ...where, code };
    const written = resolveSelection(reported('src/App.tsx:5:7', 'h1'), at)!;
    expect(written.editable.text).toBe('Tom & Jerry {}');
    expect(quickEditOf(written, { text: 'Tom & Jerry {}' }, at)).toMatch(/^Nothing to change/);
    const edit = quickEditOf(written, { text: 'Tom & Jerry {}!' }, at);
    expect(edit).toMatchObject({
      code: MAIN.replace('>Hello<', '>Tom &amp; Jerry &#123;&#125;!<'),
    });
  });
});
