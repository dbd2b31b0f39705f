import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { annotateHtml, elementAt, type MarkupKind } from './index.ts';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

/** Every position of a '<' in `code`, 1-based. */
function tagPositions(code: string): [number, number][] {
  const found: [number, number][] = [];
  code.split('\n').forEach((text, l) => {
    for (let c = text.indexOf('<'); c >= 0; c = text.indexOf('<', c + 1))
      found.push([l + 1, c + 1]);
  });
  return found;
}

const app = lines(
  "import { useState, type ReactNode } from 'react';",
  '',
  'interface CardProps<T> { items: Array<T>; title?: string; children?: ReactNode }',
  '',
  'function Card<T extends { id: string }>({ items, title = "<none>" }: CardProps<T>) {',
  '  const [open, setOpen] = useState<boolean>(items.length > 0);',
  '  const label = `${title} > ${items.length < 3 ? "few" : "many"}`;',
  '  return (',
  '    <div className="card" data-open={open ? "yes" : "no"}>',
  '      {/* header */}',
  '      <header className={open ? "a" : "b"} onClick={() => setOpen((o) => !o)}>',
  '        {label}',
  '      </header>',
  '      {open && (',
  '        <ul>',
  '          {items.map((item) => (',
  '            <li key={item.id} style={{ color: item.id > "m" ? "red" : "blue" }}>',
  '              Item',
  '            </li>',
  '          ))}',
  '        </ul>',
  '      )}',
  '      <footer>',
  "        <a href='https://example.com/?q=1&b=2'>Isn't it // fine?</a>",
  '      </footer>',
  '    </div>',
  '  );',
  '}',
);

describe('elementAt on a whole component', () => {
  it('finds each element, the outer one spanning the return value', () => {
    const card = elementAt(app, 9, 5, 'jsx');
    expect(card).toMatchObject({ tag: 'div', startLine: 9, endLine: 26 });
    expect(card?.classes?.value).toBe('card');
    expect(elementAt(app, 11, 7, 'jsx')).toMatchObject({ endLine: 13, dynamicClasses: true });
    expect(elementAt(app, 17, 13, 'jsx')?.text?.value).toBe('Item');
    expect(elementAt(app, 24, 9, 'jsx')?.text?.value).toBe("Isn't it // fine?");
    const tags = tagPositions(app)
      .map(([line, column]) => elementAt(app, line, column, 'jsx')?.tag)
      .filter(Boolean);
    expect(tags).toEqual(['div', 'header', 'ul', 'li', 'footer', 'a']);
  });
});

describe('on hostile input', () => {
  it('gives up instead of reading for ever or overflowing the stack', () => {
    expect(elementAt(`<a>{${'x = <y '.repeat(5000)}}</a>`, 1, 1, 'jsx')).toBeNull();
    expect(elementAt(`<a>{${'(<y>{'.repeat(5000)}}</a>`, 1, 1, 'jsx')).toBeNull();
    expect(elementAt(`<a b={${'`${'.repeat(5000)}} />`, 1, 1, 'jsx')).toBeNull();
    const deep = `${'<b>'.repeat(5000)}${'</b>'.repeat(5000)}`;
    expect(elementAt(deep, 1, 1, 'jsx')?.end).toBe(deep.length);
    expect(elementAt(deep, 1, 1, 'html')?.end).toBe(deep.length);
  });
});

describe('on any text', () => {
  const piece = fc.constantFrom(
    '<div>',
    '</div>',
    '<p class="a">',
    '<br/>',
    '<>',
    '</>',
    '{',
    '}',
    '"',
    "'",
    '`',
    '${',
    '//',
    '/*',
    '*/',
    '<!--',
    '-->',
    '<script>',
    '</script>',
    ' x ',
    '=>',
    '\n',
    '\r\n',
    'className={a}',
    ' data-cw-src="1:1"',
  );
  const text = fc.array(piece, { maxLength: 30 }).map((p) => p.join(''));
  const kind = fc.constantFrom<MarkupKind>('jsx', 'html');

  it('elementAt never throws and its extent stays in the code', () => {
    fc.assert(
      fc.property(text, kind, (code, k) => {
        for (const [line, column] of tagPositions(code)) {
          const found = elementAt(code, line, column, k);
          if (!found) continue;
          expect(found.start).toBeLessThan(found.openEnd);
          expect(found.openEnd).toBeLessThanOrEqual(found.end);
          expect(found.end).toBeLessThanOrEqual(code.length);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('annotateHtml only adds attributes, on the same lines', () => {
    fc.assert(
      fc.property(text, (code) => {
        const annotated = annotateHtml(code);
        expect(annotated.split('\n')).toHaveLength(code.split('\n').length);
        if (!code.includes('data-cw-src')) {
          expect(annotated.replace(/ data-cw-src="\d+:\d+"/g, '')).toBe(code);
        }
      }),
      { numRuns: 500 },
    );
  });
});
