import { describe, expect, it } from 'vitest';
import { guardHtmlScripts } from './html-scripts.ts';

describe('guardHtmlScripts', () => {
  it('guards inline JavaScript and names each script, leaving others as they are', () => {
    const page = [
      '<h1>Hi</h1>',
      '<script>while (go) step();</script>',
      '<script src="app.js"></script>',
      '<script type="application/json">{"for": 1}</script>',
      '<script type="module">',
      'for (const x of xs) use(x);',
      '</script>',
    ].join('\n');
    const { html, errors, scripts } = guardHtmlScripts(page);
    expect(errors).toEqual([]);
    expect(html).toContain('<script>{__cw$enter(0);while (go) {__cw$loop(0);step();}}');
    expect(html).toContain('//# sourceURL=codewright-inline-0.js\n</script>');
    expect(html).toContain('<script src="app.js"></script>');
    expect(html).toContain('{"for": 1}');
    expect(scripts).toEqual([
      { url: 'codewright-inline-0.js', line: 2, column: 9 },
      { url: 'codewright-inline-1.js', line: 5, column: 23 },
    ]);
  });

  it('reports a syntax error of an inline script at its line in the page', () => {
    const { errors } = guardHtmlScripts('<p>x</p>\n<script>\nlet a = 1;\nlet b = ;\n</script>');
    expect(errors).toEqual([{ message: 'SyntaxError: Unexpected token', line: 4, column: 9 }]);
  });

  it('counts columns from the page on the script tag’s own line', () => {
    const { errors } = guardHtmlScripts('<script>const = 1</script>');
    expect(errors[0]).toMatchObject({ line: 1, column: 15 });
  });
});
