#!/usr/bin/env node
// Renders the public pages to HTML after `vite build` (npm run build -w apps/web), so their text
// paints from the first answer instead of after the JavaScript has run. Writes
// dist/pages/<name>.html (+ .br/.gz); the server sends them for these paths (plugins/static.ts)
// and the SPA shell, dist/index.html, for every other route. In the browser, main.tsx renders the
// app over this HTML in one commit.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

const WEB = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outDir = path.resolve(WEB, process.argv[2] ?? 'dist');
const ssrDir = path.join(WEB, 'node_modules/.prerender');

/** URL path → file name under dist/pages; the server serves whatever that folder holds. */
export const PAGES = {
  '/': 'index',
  '/features': 'features',
  '/examples': 'examples',
  '/pricing': 'pricing',
  '/docs': 'docs',
  '/api-reference': 'api-reference',
  '/terms': 'terms',
  '/privacy': 'privacy',
};

const escapeHtml = (s) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

await build({
  root: WEB,
  configFile: false,
  logLevel: 'warn',
  plugins: [react()],
  build: {
    ssr: 'src/prerender.tsx',
    outDir: ssrDir,
    emptyOutDir: true,
    target: 'node20',
  },
});

const { render } = await import(pathToFileURL(path.join(ssrDir, 'prerender.js')).href);
const shell = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
if (!shell.includes('<div id="root"></div>')) throw new Error('index.html has no empty #root');

// The app's entry starts after the prerendered page has painted: on a slow phone its JavaScript
// must not hold up the first paint of HTML that is already here. A page in a background tab gets
// no animation frames, hence the timer.
const entry = /<script type="module" crossorigin src="(\/assets\/[^"]+\.js)"><\/script>\s*/.exec(
  shell,
);
if (!entry) throw new Error('index.html has no module entry script');
const bootCode =
  `let started = false;\n` +
  `const start = () => { if (!started) { started = true; import(${JSON.stringify(entry[1])}); } };\n` +
  `requestAnimationFrame(() => setTimeout(start, 0));\n` +
  `setTimeout(start, 300);\n`;
const bootName = `assets/boot-${createHash('sha256').update(bootCode).digest('base64url').slice(0, 8)}.js`;
fs.writeFileSync(path.join(outDir, bootName), bootCode);
const pageShell = shell
  .replace(entry[0], `<script type="module" src="/${bootName}"></script>\n    `)
  .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');

fs.mkdirSync(path.join(outDir, 'pages'), { recursive: true });
for (const [urlPath, name] of Object.entries(PAGES)) {
  const { html, meta } = await render(urlPath);

  if (/<script/i.test(html))
    throw new Error(`${urlPath} rendered a <script>; the CSP forbids inline scripts`);
  if (!meta) throw new Error(`${urlPath} set no title (usePageMeta)`);
  // `inert` until the app has taken over (main.tsx), so nothing looks clickable that is not yet.
  let page = pageShell.replace('<div id="root"></div>', `<div id="root" inert>${html}</div>`);
  // Replacer functions: a "$" in the text ("$29") must not be read as a capture group.
  page = page.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(meta.title)}</title>`);
  page = page.replace(
    /(<meta\s+name="description"\s+content=")[^"]*(")/,
    (_, open, close) => `${open}${escapeHtml(meta.description)}${close}`,
  );
  const file = path.join(outDir, 'pages', `${name}.html`);
  fs.writeFileSync(file, page);
  fs.writeFileSync(
    `${file}.br`,
    brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  fs.writeFileSync(`${file}.gz`, gzipSync(page, { level: 9 }));
  console.log(
    `prerendered ${urlPath} → pages/${name}.html (${(page.length / 1024).toFixed(1)} KB)`,
  );
}
