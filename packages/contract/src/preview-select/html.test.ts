import { describe, expect, it } from 'vitest';
import { annotateHtml, elementAt } from './index.ts';

const lines = (...l: string[]) => `${l.join('\n')}\n`;

/** elementAt at the `nth` occurrence of `needle`, which starts with the tag's '<'. */
function at(code: string, needle: string, nth = 0) {
  let index = -1;
  for (let n = 0; n <= nth; n++) index = code.indexOf(needle, index + 1);
  const before = code.slice(0, index).split('\n');
  return elementAt(code, before.length, (before.at(-1) ?? '').length + 1, 'html');
}

const after = (code: string, needle: string) => code.indexOf(needle) + needle.length;

const page = lines(
  '<!DOCTYPE html>',
  '<html lang="en">',
  '<head>',
  '  <title>Shop <b></title>',
  '  <meta charset="utf-8">',
  '  <style>.a > p { color: red; }</style>',
  '</head>',
  '<body class="page">',
  '  <!-- <div>not a tag</div> -->',
  '  <h1 class="title big">Hello &amp; welcome</h1>',
  '  <img src="a.png" alt="A">',
  '  <ul>',
  '    <li>One',
  '    <li>Two</li>',
  '  </ul>',
  '  <div',
  '    id="box" data-x=a>b>',
  '    <p>First',
  '    <p>Second',
  '    <svg><path d="M0 0"/></svg>',
  '  </div>',
  '  <script>',
  '    const s = "<div>" + \'</p>\';',
  '  </script>',
  '</body>',
  '</html>',
);

describe('elementAt in HTML', () => {
  it('finds a heading with its classes and text', () => {
    const h1 = at(page, '<h1');
    expect(h1).toMatchObject({ tag: 'h1', startLine: 10, endLine: 10, dynamicClasses: false });
    expect(h1?.classes?.value).toBe('title big');
    expect(h1?.text?.value).toBe('Hello &amp; welcome');
    expect(h1?.end).toBe(after(page, '</h1>'));
  });

  it('ends a void element at its opening tag', () => {
    const img = at(page, '<img');
    expect(img).toMatchObject({ tag: 'img', selfClosing: false, text: null });
    expect(img?.end).toBe(img?.openEnd);
    expect(img?.openEnd).toBe(after(page, 'alt="A">'));
  });

  it('ends elements whose closing tag is left out at their opening tag', () => {
    const first = at(page, '<li');
    expect(first?.end).toBe(first?.openEnd);
    expect(at(page, '<li', 1)?.text?.value).toBe('Two');
    const p = at(page, '<p>');
    expect(p?.end).toBe(p?.openEnd);
    expect(at(page, '<ul')?.end).toBe(after(page, '</ul>'));
    expect(at('<main><p>Only</main>', '<p')?.end).toBe(9);
  });

  it('finds the closing tag past left-out ones, comments and unquoted values', () => {
    const div = at(page, '<div\n');
    expect(div).toMatchObject({ tag: 'div', startLine: 16, endLine: 21, text: null });
    expect(div?.end).toBe(after(page, '  </div>'));
    expect(at(page, '<path')).toMatchObject({ selfClosing: true, tag: 'path' });
    expect(at(page, '<body')?.end).toBe(after(page, '</body>'));
    const commented = '<div><!-- </div> -->x</div>';
    expect(at(commented, '<div')?.end).toBe(commented.length);
  });

  it('reads raw-text elements up to their own closing tag', () => {
    expect(at(page, '<title')?.end).toBe(after(page, '</title>'));
    expect(at(page, '<style')?.end).toBe(after(page, '</style>'));
    expect(at(page, '<script')).toMatchObject({ endLine: 24, text: null });
  });

  it('marks unquoted and valueless class attributes dynamic', () => {
    expect(at('<p class=big>x</p>', '<p')).toMatchObject({ classes: null, dynamicClasses: true });
    expect(at('<p class>x</p>', '<p')?.dynamicClasses).toBe(true);
    expect(at("<p CLASS='a b'>x</p>", '<p')?.classes?.value).toBe('a b');
  });

  it('gives null for comments, the doctype, closing tags and other positions', () => {
    expect(elementAt(page, 1, 1, 'html')).toBeNull();
    expect(elementAt(page, 9, 3, 'html')).toBeNull();
    expect(elementAt(page, 7, 1, 'html')).toBeNull();
    expect(elementAt(page, 2, 2, 'html')).toBeNull();
    expect(elementAt(page, 200, 1, 'html')).toBeNull();
  });
});

/** The tag name and `LINE:COL` of each annotation in `html`. */
function annotations(html: string): [string, number, number][] {
  const found = html.matchAll(/<([A-Za-z][\w-]*) data-cw-src="(\d+):(\d+)"/g);
  return [...found].map((m) => [m[1] ?? '', Number(m[2]), Number(m[3])]);
}

describe('annotateHtml', () => {
  it('annotates each rendered element with the position of its original "<"', () => {
    const annotated = annotateHtml(page);
    const found = annotations(annotated);
    expect(found.map(([tag]) => tag)).toEqual([
      'h1',
      'img',
      'ul',
      'li',
      'li',
      'div',
      'p',
      'p',
      'svg',
      'path',
    ]);
    for (const [tag, line, column] of found) {
      expect(elementAt(page, line, column, 'html')?.tag).toBe(tag);
    }
  });

  it('keeps every line where it was and changes nothing but the added attributes', () => {
    const annotated = annotateHtml(page);
    expect(annotated.split('\n')).toHaveLength(page.split('\n').length);
    expect(annotated.replace(/ data-cw-src="\d+:\d+"/g, '')).toBe(page);
    expect(annotated).toContain('<h1 data-cw-src="10:3" class="title big">');
  });

  it('does not scan scripts, styles, titles, textareas or comments', () => {
    const annotated = annotateHtml(page);
    expect(annotated).toContain('const s = "<div>" + \'</p>\';');
    expect(annotated).toContain('<!-- <div>not a tag</div> -->');
    expect(annotated).toContain('<title>Shop <b></title>');
    const form = annotateHtml('<form><textarea><b>x</b></textarea><i>y</i></form>');
    expect(form).toBe(
      '<form data-cw-src="1:1"><textarea data-cw-src="1:7"><b>x</b></textarea><i data-cw-src="1:36">y</i></form>',
    );
  });

  it('leaves tags that already have a position as they are', () => {
    const once = annotateHtml(page);
    expect(annotateHtml(once)).toBe(once);
    expect(annotateHtml('<p data-cw-src="9:9">a</p><p>b</p>')).toBe(
      '<p data-cw-src="9:9">a</p><p data-cw-src="1:27">b</p>',
    );
  });

  it('counts positions in CRLF code and stops at a tag that never ends', () => {
    expect(annotateHtml('<div>\r\n  <span>x</span>\r\n</div>\r\n')).toBe(
      '<div data-cw-src="1:1">\r\n  <span data-cw-src="2:3">x</span>\r\n</div>\r\n',
    );
    expect(annotateHtml('<p>a</p><div class="x')).toBe('<p data-cw-src="1:1">a</p><div class="x');
    expect(annotateHtml('a < b and <3')).toBe('a < b and <3');
  });
});
