// Budget (DESIGN §3.12, docs/preview.md): before the preview opens, /generator loads none of the
// preview's code.
//
// 1. From the build's chunk graph (apps/web/dist, or PREVIEW_CHUNKS_WEB_DIST_DIR): the chunks
//    holding preview code are found by markers only its modules contain; what /generator loads
//    up front is the entry's static imports, the generator chunk's static imports, and the chunks
//    the router preloads with it (Vite's __vite__mapDeps list of that dynamic import). None may
//    be a preview chunk; a preview chunk may be reached only through a dynamic import.
// 2. In Chromium: a signed-in visit to /generator requests no preview chunk and nothing under
//    /preview/ (the sandbox document, vendored packages, Pyodide).
// Also checks that the test harness (features/preview/harness) is in no chunk of the build.
//
//   node bench/preview-chunks.mjs
//   PREVIEW_CHUNKS_GRAPH_ONLY=1 …   only the chunk graph (no server, no browser)
//   PREVIEW_CHUNKS_WEB_DIST_DIR=/tmp/my-web PREVIEW_CHUNKS_FROM_SOURCE=1 PREVIEW_CHUNKS_PORT=3962 node bench/preview-chunks.mjs
import fs from 'node:fs';
import path from 'node:path';
import { newDesktopPage, prepareWebBench, report, signInPage } from './lib.mjs';

/** Strings that only the preview's own modules put in a chunk. */
const PREVIEW_MARKERS = [
  'codewright-preview',
  'Open preview in a new tab',
  'codewright:preview-ready',
];
const HARNESS_MARKERS = ['preview-harness', 'App button'];

const {
  base: BASE,
  webDistDir,
  work,
  run,
} = prepareWebBench('PREVIEW_CHUNKS', 3962, 'cw-bench-preview-chunks-');
const assets = path.join(webDistDir, 'assets');
const read = (file) => fs.readFileSync(path.join(assets, file), 'utf8');
const chunks = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));

/** Static imports of a chunk (file names in assets/). */
function staticImports(file) {
  const code = read(file);
  const out = new Set();
  for (const m of code.matchAll(
    /(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g,
  ))
    out.add(m[1]);
  return out;
}

/** The dependency lists of a chunk's dynamic imports: import target → chunks preloaded with it. */
function dynamicImports(file) {
  const code = read(file);
  const deps = /__vite__mapDeps=\([^)]*?\)=>[^[]*?m\.f\|\|\(m\.f=(\[[^\]]*\])/.exec(code)?.[1];
  const table = deps ? JSON.parse(deps).map((p) => p.replace(/^assets\//, '')) : [];
  const out = new Map();
  // Rolldown writes `import(\`./x.js\`).then(e=>e.t),__vite__mapDeps([0,1])`.
  const dynamic =
    /import\(["'`]\.\/([^"'`]+\.js)["'`]\)(?:\.then\([^)]*\))?(?:,__vite__mapDeps\(\[([\d,]*)\]\))?/g;
  for (const m of code.matchAll(dynamic)) {
    out.set(m[1], (m[2] ? m[2].split(',').map(Number) : []).map((i) => table[i]).filter(Boolean));
  }
  return out;
}

function closure(roots) {
  const seen = new Set();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop();
    if (seen.has(file) || !chunks.includes(file)) continue;
    seen.add(file);
    queue.push(...staticImports(file));
  }
  return seen;
}

const index = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
const entry = /<script type="module"[^>]*src="\/assets\/([^"]+\.js)"/.exec(index)?.[1];
if (!entry) throw new Error('index.html has no module entry');
const generator = chunks.find((f) => f.startsWith('generator-page-'));
if (!generator) throw new Error('no generator-page chunk in the build');
const previewChunks = chunks.filter((f) => PREVIEW_MARKERS.some((m) => read(f).includes(m)));
const harnessChunks = chunks.filter((f) => HARNESS_MARKERS.every((m) => read(f).includes(m)));

const routerPreload = [...closure([entry])].flatMap((f) => dynamicImports(f).get(generator) ?? []);
const upFront = closure([entry, generator, ...routerPreload]);
const previewUpFront = previewChunks.filter((f) => upFront.has(f));
const reachedDynamically = previewChunks.filter((f) =>
  chunks.some((c) => dynamicImports(c).has(f)),
);
const lazyStub = read(generator).includes('Loading preview…');

const graphPass =
  previewUpFront.length === 0 &&
  previewChunks.every((c) => reachedDynamically.includes(c)) &&
  harnessChunks.length === 0;
if (process.env.PREVIEW_CHUNKS_GRAPH_ONLY === '1') {
  report(
    'preview-chunks-graph',
    [
      { check: 'preview chunks in the build', value: previewChunks.join(', ') || '(none)' },
      {
        check: 'preview chunks loaded up front',
        value: previewUpFront.join(', ') || '(none)',
        ok: previewUpFront.length === 0,
      },
      {
        check: 'preview chunks reached only by import()',
        value: reachedDynamically.length,
        ok: previewChunks.every((c) => reachedDynamically.includes(c)),
      },
      { check: 'generator chunk holds the lazy stub', value: lazyStub },
    ],
    {
      webDistDir,
      previewChunks,
      previewUpFront,
      reachedDynamically,
      upFront: [...upFront].sort(),
      pass: graphPass,
    },
  );
  fs.rmSync(work, { recursive: true, force: true });
  process.exit(graphPass ? 0 : 1);
}

// 2. A signed-in visit to /generator, recording every request.
const env = { RATE_LIMIT_MAX: '1000000', AUTH_RATE_LIMIT_IP_MAX: '1000000' };
await run(env, 'chunks', async ({ browser, tokens }) => {
  const page = await newDesktopPage(browser);
  const requests = [];
  page.on('request', (r) => requests.push(new URL(r.url()).pathname));
  await signInPage(page, BASE, tokens);
  requests.length = 0;
  await page.goto(`${BASE}/generator`);
  await page
    .waitForSelector('[data-editor-ready="true"]', { timeout: 60_000 })
    .catch(async (error) => {
      await page.screenshot({ path: path.join(work, 'generator.png') });
      throw new Error(
        `/generator did not show its editor: ${(await page.locator('body').innerText()).slice(0, 400)}`,
        { cause: error },
      );
    });
  await page.waitForLoadState('networkidle');
  const loadedPreview = requests.filter(
    (p) => p.startsWith('/preview/') || previewChunks.some((c) => p.endsWith(`/${c}`)),
  );

  const pass = graphPass && loadedPreview.length === 0;
  report(
    'preview-chunks',
    [
      {
        check: 'preview chunks in the build',
        value: previewChunks.join(', ') || '(none: not mounted yet)',
      },
      { check: 'generator loads up front (chunks)', value: upFront.size },
      {
        check: 'preview chunks among them',
        value: previewUpFront.length,
        ok: previewUpFront.length === 0,
      },
      {
        check: 'preview chunks reached only by import()',
        value: reachedDynamically.length,
        ok: previewChunks.every((c) => reachedDynamically.includes(c)),
      },
      { check: 'generator chunk holds the lazy stub', value: lazyStub },
      {
        check: '/generator requests of preview code',
        value: loadedPreview.length,
        ok: loadedPreview.length === 0,
      },
      {
        check: 'harness chunks in the build',
        value: harnessChunks.length,
        ok: harnessChunks.length === 0,
      },
    ],
    {
      webDistDir,
      entry,
      generator,
      previewChunks,
      upFront: [...upFront].sort(),
      previewUpFront,
      lazyStubInGenerator: lazyStub,
      generatorRequests: requests.length,
      loadedPreview,
      harnessChunks,
      pass,
    },
  );
  process.exitCode = pass ? 0 : 1;
});
