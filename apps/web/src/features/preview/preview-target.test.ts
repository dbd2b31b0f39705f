import { describe, expect, it } from 'vitest';
import { languageIdOf, looksLikeHtml, previewTargetOf } from './preview-target.ts';

describe('previewTargetOf', () => {
  it('builds JavaScript and TypeScript, by label, id or fence tag', () => {
    expect(previewTargetOf('JavaScript', 'x()')).toEqual({
      kind: 'module',
      language: 'javascript',
    });
    expect(previewTargetOf('tsx', 'x()')).toEqual({ kind: 'module', language: 'typescript' });
    expect(previewTargetOf('TypeScript', 'let a: number = 1')).toEqual({
      kind: 'module',
      language: 'typescript',
    });
  });

  it('runs Python and HTML, HTML also when the JavaScript editor holds a page', () => {
    expect(previewTargetOf('Python', 'print(1)')).toEqual({ kind: 'python' });
    expect(previewTargetOf('html', '<p>hi</p>')).toEqual({ kind: 'html' });
    expect(previewTargetOf('JavaScript', '<!doctype html>\n<p>hi</p>')).toEqual({ kind: 'html' });
    expect(previewTargetOf('JavaScript', '<!-- page -->\n<div>hi</div>')).toEqual({ kind: 'html' });
  });

  it('says which languages it does not run, and when there is nothing', () => {
    expect(previewTargetOf('C#', 'class A {}')).toEqual({ kind: 'unsupported', language: 'C#' });
    expect(previewTargetOf('cpp', 'int main(){}')).toEqual({
      kind: 'unsupported',
      language: 'C++',
    });
    expect(previewTargetOf('Go', '  \n')).toEqual({ kind: 'empty' });
    expect(languageIdOf('c++')).toBe('cpp');
  });
});

describe('looksLikeHtml', () => {
  it('tells a page from a JSX module', () => {
    expect(looksLikeHtml('<html><body></body></html>')).toBe(true);
    expect(looksLikeHtml("import x from 'y';\nexport default () => <div/>;")).toBe(false);
    expect(looksLikeHtml('<div>\n</div>\nexport const a = 1;')).toBe(false);
    expect(looksLikeHtml('const a = <div/>;')).toBe(false);
    expect(looksLikeHtml('a < b')).toBe(false);
  });
});
