import { describe, expect, it } from 'vitest';
import {
  type ElementSource,
  elementAt,
  type MarkupKind,
  readableText,
  withElementClasses,
  withElementText,
} from './index.ts';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

/** The element whose opening tag starts with `needle`, which must be found. */
function at(code: string, needle: string, kind: MarkupKind = 'jsx'): ElementSource {
  const before = code.slice(0, code.indexOf(needle)).split('\n');
  const element = elementAt(code, before.length, (before.at(-1) ?? '').length + 1, kind);
  if (!element) throw new Error(`no element at ${needle}`);
  return element;
}

/** Asserts that `edited` differs from `code` only between `from` and `to` of `code`. */
function expectOnlyChanged(code: string, edited: string, from: number, to: number) {
  expect(edited.slice(0, from)).toBe(code.slice(0, from));
  expect(edited.slice(edited.length - (code.length - to))).toBe(code.slice(to));
}

const component = lines(
  'export default function Hero() {',
  '  return (',
  '    <section className={cn("hero", dark && "dark")}>',
  '      <h1 className="text-3xl font-bold">',
  '        Welcome',
  '      </h1>',
  '      <p>Count: {count}</p>',
  '      <button onClick={() => go(n > 1)}>Start</button>',
  '      <span className={"p-2"}>tag</span>',
  '    </section>',
  '  );',
  '}',
);

describe('withElementText', () => {
  it('replaces only the text, escaped for JSX', () => {
    const h1 = at(component, '<h1');
    const edited = withElementText(component, h1, 'a < b {x} & c > d', 'jsx');
    expect(edited).toContain('        a &lt; b &#123;x&#125; &amp; c &gt; d\n      </h1>');
    expectOnlyChanged(component, edited, h1.text?.start ?? -1, h1.text?.end ?? -1);
    expect(at(edited, '<h1').text?.value).toBe('a &lt; b &#123;x&#125; &amp; c &gt; d');
  });

  it('reads character references as the page shows them, and writes them back escaped', () => {
    const code = '<body>\n  <h2>Tom &amp; Jerry &copy; &#123;1&#x7D; &lt;3 &nbsp;</h2>\n</body>\n';
    const h2 = at(code, '<h2', 'html');
    const readable = readableText(h2.text?.value ?? '');
    expect(readable).toBe('Tom & Jerry © {1} <3 \u00a0');
    // Edited as it reads: & and < are escaped once, never &amp;amp;.
    expect(withElementText(code, h2, 'Tom & Jerry!', 'html')).toContain(
      '<h2>Tom &amp; Jerry!</h2>',
    );
    expect(readableText('a &amp;amp; b')).toBe('a &amp; b');
  });

  it('escapes only &, < and > in HTML', () => {
    const code = '<body>\n  <h2 class="t">Old</h2>\n</body>\n';
    const edited = withElementText(code, at(code, '<h2', 'html'), 'a < b & {x}', 'html');
    expect(edited).toBe('<body>\n  <h2 class="t">a &lt; b &amp; {x}</h2>\n</body>\n');
  });

  it('refuses an element without plain text', () => {
    expect(() => withElementText(component, at(component, '<p>'), 'x', 'jsx')).toThrow(RangeError);
    expect(() => withElementText(component, at(component, '<section'), 'x', 'jsx')).toThrow(
      RangeError,
    );
  });

  it('refuses an element found in another version of the code', () => {
    const button = at(component, '<button');
    const shifted = `// a new first line\n${component}`;
    expect(() => withElementText(shifted, button, 'Go', 'jsx')).toThrow(RangeError);
  });
});

describe('withElementClasses', () => {
  it('changes only the value of a plain className, whitespace collapsed', () => {
    const h1 = at(component, '<h1');
    const edited = withElementClasses(component, h1, '  text-4xl \t  italic ', 'jsx');
    expect(edited).toContain('<h1 className="text-4xl italic">');
    expectOnlyChanged(component, edited, h1.classes?.valueStart ?? -1, h1.classes?.valueEnd ?? -1);
  });

  it('keeps the braces around a string className', () => {
    const edited = withElementClasses(component, at(component, '<span'), 'p-4 m-1', 'jsx');
    expect(edited).toContain('<span className={"p-4 m-1"}>tag</span>');
  });

  it('adds a class attribute right after the tag name when there is none', () => {
    const button = at(component, '<button');
    const edited = withElementClasses(component, button, 'btn btn-lg', 'jsx');
    expect(edited).toContain('<button className="btn btn-lg" onClick={() => go(n > 1)}>');
    expectOnlyChanged(component, edited, button.start + 7, button.start + 7);
    expect(withElementClasses(component, button, '  ', 'jsx')).toBe(component);
    const html = '<ul>\n  <li>One</li>\n</ul>';
    expect(withElementClasses(html, at(html, '<li', 'html'), 'item', 'html')).toBe(
      '<ul>\n  <li class="item">One</li>\n</ul>',
    );
  });

  it('empties an existing list', () => {
    const code = "<p class='a b'>x</p>";
    expect(withElementClasses(code, at(code, '<p', 'html'), '', 'html')).toBe("<p class=''>x</p>");
  });

  it('refuses dynamic classes', () => {
    const section = at(component, '<section');
    expect(section.dynamicClasses).toBe(true);
    expect(() => withElementClasses(component, section, 'hero', 'jsx')).toThrow(RangeError);
  });

  it('refuses classes that could end the string or the attribute', () => {
    const h1 = at(component, '<h1');
    for (const bad of ['a"b', "a'b", 'a`b', 'a{b', 'a}b', 'a<b', 'a>b', 'a\\b', 'a\nb', 'a\r']) {
      expect(() => withElementClasses(component, h1, bad, 'jsx')).toThrow(RangeError);
    }
  });
});
