import { describe, expect, it } from 'vitest';
import { elementAt } from './index.ts';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

/** elementAt at the `nth` occurrence of `needle`, which starts with the tag's '<'. */
function at(code: string, needle: string, nth = 0) {
  let index = -1;
  for (let n = 0; n <= nth; n++) index = code.indexOf(needle, index + 1);
  const before = code.slice(0, index).split('\n');
  return elementAt(code, before.length, (before.at(-1) ?? '').length + 1, 'jsx');
}

const after = (code: string, needle: string) => code.indexOf(needle) + needle.length;

describe('elementAt in JSX', () => {
  it('finds a button in a three-line component', () => {
    const code = lines(
      'export default function App() {',
      '  return <button className="btn primary">Save</button>;',
      '}',
    );
    expect(elementAt(code, 2, 10, 'jsx')).toEqual({
      tag: 'button',
      start: code.indexOf('<button'),
      openEnd: after(code, 'primary">'),
      end: after(code, '</button>'),
      startLine: 2,
      endLine: 2,
      selfClosing: false,
      classes: {
        valueStart: code.indexOf('btn'),
        valueEnd: code.indexOf('btn') + 11,
        value: 'btn primary',
      },
      dynamicClasses: false,
      text: { start: code.indexOf('Save'), end: code.indexOf('Save') + 4, value: 'Save' },
    });
  });

  it('reads an opening tag over several lines with handlers and comparisons', () => {
    const code = lines(
      'export default function Counter() {',
      '  const [count, setCount] = useState<number>(0);',
      '  return (',
      '    <button',
      '      type="button"',
      '      className="rounded px-4"',
      '      onClick={() => setCount((c) => (c > 9 ? c : c + 1))}',
      '      disabled={count >= 10 && count > limit}',
      '    >',
      '      Add one',
      '    </button>',
      '  );',
      '}',
    );
    const button = at(code, '<button');
    expect(button).toMatchObject({ tag: 'button', startLine: 4, endLine: 11 });
    expect(button?.openEnd).toBe(after(code, '    >'));
    expect(button?.end).toBe(after(code, '</button>'));
    expect(button?.classes?.value).toBe('rounded px-4');
    expect(button?.text?.value).toBe('Add one');
  });

  it('matches nested elements of the same name by depth', () => {
    const code = lines(
      '<div className="outer">',
      '  <div className="inner">',
      '    <div>deep</div>',
      '  </div>',
      '  <p>after</p>',
      '</div>',
    );
    const outer = at(code, '<div');
    const inner = at(code, '<div', 1);
    expect(outer).toMatchObject({ start: 0, end: code.length - 1, startLine: 1, endLine: 6 });
    expect(outer?.text).toBeNull();
    expect(inner?.end).toBe(after(code, '  </div>'));
    expect(inner && outer && inner.end < outer.end).toBe(true);
    expect(at(code, '<div', 2)?.text?.value).toBe('deep');
  });

  it('finds a self-closing component', () => {
    const code = 'const f = () => <Form>\n  <Input value={v} />\n</Form>;\n';
    const input = at(code, '<Input');
    expect(input).toMatchObject({ tag: 'Input', selfClosing: true, text: null, classes: null });
    expect(input?.end).toBe(after(code, '/>'));
    expect(input?.openEnd).toBe(input?.end);
  });

  it('keeps member and dashed tag names as written', () => {
    const code = '<motion.div animate={{ x: 1 }}><my-el>hi</my-el></motion.div>';
    expect(at(code, '<motion.div')).toMatchObject({ tag: 'motion.div', end: code.length });
    expect(at(code, '<my-el')?.text?.value).toBe('hi');
  });

  it('trims the whitespace around plain text children', () => {
    const code = '<h1 className="title">\n    Hello,   world  \n  </h1>';
    const text = at(code, '<h1')?.text;
    expect(text).toEqual({
      start: code.indexOf('Hello'),
      end: code.indexOf('world') + 5,
      value: 'Hello,   world',
    });
  });

  it('gives no text for children with expressions, elements or only whitespace', () => {
    expect(at('<p>Count: {count}</p>', '<p')?.text).toBeNull();
    expect(at('<p>Hi <b>you</b></p>', '<p')?.text).toBeNull();
    expect(at('<p>   </p>', '<p')?.text).toBeNull();
    expect(at('<p></p>', '<p')).toMatchObject({ text: null, end: 7 });
  });

  it('marks an expression className dynamic', () => {
    const code = '<div className={cn("a", b && "c")}>x</div>';
    expect(at(code, '<div')).toMatchObject({
      classes: null,
      dynamicClasses: true,
      end: code.length,
    });
    expect(at('<div className={`p-${n}`} />', '<div')?.dynamicClasses).toBe(true);
    expect(at('<div className={"a\\"b"} />', '<div')?.dynamicClasses).toBe(true);
    expect(at('<div className />', '<div')?.dynamicClasses).toBe(true);
    expect(at('<div className="a" className="b" />', '<div')?.dynamicClasses).toBe(true);
  });

  it('reads string literals in braces as plain classes', () => {
    for (const [attribute, quote] of [
      ['{"p-2"}', '"'],
      ["{ 'p-2' }", "'"],
      ['{`p-2`}', '`'],
    ] as const) {
      const code = `<div className=${attribute}>x</div>`;
      const classes = at(code, '<div')?.classes;
      const valueStart = code.indexOf(`${quote}p-2`) + 1;
      expect(classes).toEqual({ valueStart, valueEnd: valueStart + 3, value: 'p-2' });
      expect(at(code, '<div')?.dynamicClasses).toBe(false);
    }
  });

  it('skips strings holding >, } or < in attributes and expressions', () => {
    const code = [
      '<a title="x > y" data-s=\'}\' onClick={() => alert("} <b> {")}',
      '   href={`/q?a=${"}"}&b=${x > 1 ? `>` : "<"}`}>Go</a>',
    ].join('\n');
    expect(at(code, '<a')).toMatchObject({ end: code.length, endLine: 2 });
    expect(at(code, '<a')?.text?.value).toBe('Go');
    expect(at('<input placeholder="a > b" />', '<input')?.selfClosing).toBe(true);
  });

  it('skips comments, spreads, regular expressions and nested JSX in braces', () => {
    const code = lines(
      '<ul {...rest} // a note > here',
      '  /* and > here */ data-x="1">',
      '  {/* a <li> comment */}',
      "  {items.map((item) => <li key={item}>Don't {item}</li>)}",
      '  {ok ? <>yes</> : <b>no</b>}',
      '  <li onChange={(e) => set(e.target.value.replace(/["<}]/g, ""))}>last</li>',
      '</ul>',
    );
    expect(at(code, '<ul')).toMatchObject({ end: code.length - 1, startLine: 1, endLine: 7 });
    expect(at(code, '<li onChange')?.text?.value).toBe('last');
    expect(at(code, '<li key')?.end).toBe(code.indexOf('</li>)') + 5);
  });

  it('gives null where no opening tag starts', () => {
    const code = '<div>\n  <span>x</span>\n  <>y</>\n</div>\n';
    expect(elementAt(code, 1, 2, 'jsx')).toBeNull();
    expect(elementAt(code, 2, 11, 'jsx')).toBeNull();
    expect(elementAt(code, 3, 3, 'jsx')).toBeNull();
    expect(elementAt(code, 9, 1, 'jsx')).toBeNull();
    expect(elementAt(code, 1, 0, 'jsx')).toBeNull();
    expect(elementAt(code, 1, 7, 'jsx')).toBeNull();
    expect(elementAt(code, 0, 1, 'jsx')).toBeNull();
    expect(elementAt(code, 1.5, 1, 'jsx')).toBeNull();
    expect(elementAt(code, 2, 3, 'jsx')?.tag).toBe('span');
  });

  it('gives null for a tag that never ends or has no closing tag', () => {
    expect(at('<div className="a"', '<div')).toBeNull();
    expect(at('<div onClick={() => {', '<div')).toBeNull();
    expect(at('<div>\n  <span>x</span>\n', '<div')).toBeNull();
  });

  it('counts lines and columns in CRLF code', () => {
    const code =
      'export const A = () => (\r\n  <section>\r\n    <h2>Title</h2>\r\n  </section>\r\n);\r\n';
    const section = elementAt(code, 2, 3, 'jsx');
    expect(section).toMatchObject({ tag: 'section', startLine: 2, endLine: 4 });
    expect(section?.end).toBe(after(code, '</section>'));
    expect(elementAt(code, 3, 5, 'jsx')?.text?.value).toBe('Title');
  });

  it('counts columns in UTF-16 code units', () => {
    const code = 'const s = "😀é"; const e = <b>x</b>;';
    expect(elementAt(code, 1, code.indexOf('<b') + 1, 'jsx')?.tag).toBe('b');
  });
});
