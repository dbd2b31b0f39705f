import { describe, expect, it } from 'vitest';
import { inlineLinkedFiles, resolvePath } from './inline-files.ts';

const files = [
  { path: 'css/site.css', content: 'body { color: teal; }' },
  { path: 'app.js', content: 'document.title = "</script> ok";' },
  { path: 'pages/lib.js', content: 'console.log(1);' },
];

describe('inlineLinkedFiles', () => {
  it('writes the linked stylesheet and scripts of the project inline', () => {
    const html =
      '<html><head><link rel="stylesheet" href="./css/site.css"></head>' +
      '<body><script type="module" src="app.js"></script></body></html>';
    expect(inlineLinkedFiles(html, files)).toBe(
      '<html><head><style>body { color: teal; }</style></head>' +
        '<body><script type="module">document.title = "<\\/script> ok";</script></body></html>',
    );
  });

  it('resolves links from the page’s own folder, and leaves other hosts and missing files be', () => {
    const html =
      '<script src="lib.js"></script><script src="https://cdn.example/x.js"></script>' +
      "<link rel='stylesheet' href='../missing.css'>";
    expect(inlineLinkedFiles(html, files, 'pages/index.html')).toBe(
      '<script>console.log(1);</script><script src="https://cdn.example/x.js"></script>' +
        "<link rel='stylesheet' href='../missing.css'>",
    );
  });

  it('resolves paths inside the project only', () => {
    expect(resolvePath('../a.js', 'index.html')).toBeNull();
    expect(resolvePath('/css/a.css?v=2', 'pages/index.html')).toBe('css/a.css');
    expect(resolvePath('//cdn.example/a.js', 'index.html')).toBeNull();
  });
});
