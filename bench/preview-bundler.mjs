// The preview's bundler choice (docs/decisions/019): the server's native esbuild against
// esbuild-wasm in a browser worker, on the same 200-line React component
// (bench/fixtures/preview-task-board.tsx) with the same options (bundle, TSX, automatic JSX,
// vendored packages external, source map).
//
// native: esbuild's JS API in this Node process (the server's path, without HTTP).
// wasm:   Debian's Chromium loads esbuild-wasm from a local HTTP server, in a worker;
//         cold = new browser profile, warm = reload with the HTTP cache filled.
// esbuild-wasm is not a dependency of the project; point PREVIEW_ESBUILD_WASM_DIR at an installed
// copy (`npm install --prefix /tmp/esbuild-wasm esbuild-wasm@0.28.2`) to measure it too.
//
//   PREVIEW_ESBUILD_WASM_DIR=/tmp/esbuild-wasm/node_modules/esbuild-wasm node bench/preview-bundler.mjs
/* global window -- inside page.evaluate(), which runs in the browser */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as esbuild from 'esbuild';
import { launchChromium, median, report, ROOT } from './lib.mjs';

const RUNS = Math.max(3, Number(process.env.PREVIEW_BUNDLER_RUNS ?? 20));
const PORT = Number(process.env.PREVIEW_BUNDLER_PORT ?? 3953);
const WASM_DIR = process.env.PREVIEW_ESBUILD_WASM_DIR;
const source = fs.readFileSync(path.join(ROOT, 'bench/fixtures/preview-task-board.tsx'), 'utf8');
const VENDORED = /^(react|react-dom|lucide-react|clsx|tailwind-merge)(\/.*)?$/;

/** The options of both runs; the plugin keeps vendored packages as bare imports. */
const options = (stdinSource) => ({
  stdin: { contents: stdinSource, loader: 'tsx', sourcefile: 'main.tsx' },
  bundle: true,
  write: false,
  format: 'esm',
  target: 'es2022',
  jsx: 'automatic',
  sourcemap: 'external',
  outfile: 'main.js',
  logLevel: 'silent',
});
const externalPlugin = {
  name: 'vendored',
  setup(b) {
    b.onResolve({ filter: /.*/ }, (args) =>
      VENDORED.test(args.path)
        ? { path: args.path, external: true }
        : { errors: [{ text: `package ${args.path} is not available in the preview` }] },
    );
  },
};

async function measureNative() {
  let t = performance.now();
  await esbuild.build({ ...options(source), plugins: [externalPlugin] });
  const firstMs = performance.now() - t;
  const samples = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    await esbuild.build({ ...options(`${source}\n// run ${i}`), plugins: [externalPlugin] });
    samples.push(performance.now() - t);
  }
  return { firstMs, p50Ms: median(samples), shippedBytes: 0 };
}

const PAGE = `<!doctype html><script type="module">
const VENDORED = ${VENDORED};
const source = await (await fetch('/fixture.tsx')).text();
const t0 = performance.now();
const esbuild = await import('/esbuild/esm/browser.js');
await esbuild.initialize({ wasmURL: '/esbuild/esbuild.wasm', worker: true });
const initMs = performance.now() - t0;
const plugin = { name: 'vendored', setup(b) { b.onResolve({ filter: /.*/ }, (a) => VENDORED.test(a.path) ? { path: a.path, external: true } : { errors: [{ text: 'not available' }] }); } };
const opts = (s) => ({ ...${JSON.stringify(options(''))}, stdin: { contents: s, loader: 'tsx', sourcefile: 'main.tsx' }, plugins: [plugin] });
let t = performance.now();
await esbuild.build(opts(source));
const firstBuildMs = performance.now() - t;
const samples = [];
for (let i = 0; i < ${RUNS}; i++) { t = performance.now(); await esbuild.build(opts(source + '\\n// run ' + i)); samples.push(performance.now() - t); }
samples.sort((a, b) => a - b);
window.result = { initMs, firstBuildMs, p50Ms: samples[samples.length >> 1], readyMs: performance.now() - performance.timeOrigin - performance.now() + t0 };
</script>`;

async function measureWasm() {
  const files = {
    '/': ['text/html', PAGE],
    '/fixture.tsx': ['text/plain', source],
    '/esbuild/esm/browser.js': [
      'text/javascript',
      fs.readFileSync(path.join(WASM_DIR, 'esm/browser.js')),
    ],
    '/esbuild/esbuild.wasm': [
      'application/wasm',
      fs.readFileSync(path.join(WASM_DIR, 'esbuild.wasm')),
    ],
  };
  const server = http.createServer((req, res) => {
    const file = files[new URL(req.url, 'http://x').pathname];
    if (!file) return res.writeHead(404).end();
    res.writeHead(200, {
      'content-type': file[0],
      'cache-control': 'public, max-age=31536000, immutable',
    });
    res.end(file[1]);
  });
  await new Promise((r) => server.listen(PORT, '127.0.0.1', r));
  const browser = await launchChromium();
  try {
    const page = await (await browser.newContext()).newPage();
    const run = async (load) => {
      await load();
      await page.waitForFunction(() => window.result, null, { timeout: 60_000 });
      return page.evaluate(() => window.result);
    };
    const cold = await run(() => page.goto(`http://127.0.0.1:${PORT}/`));
    const warm = [];
    for (let i = 0; i < 5; i++) warm.push(await run(() => page.reload()));
    const wasmBytes = files['/esbuild/esbuild.wasm'][1].length;
    return {
      coldInitMs: cold.initMs,
      warmInitMs: median(warm.map((w) => w.initMs)),
      firstBuildMs: median(warm.map((w) => w.firstBuildMs)),
      p50Ms: median(warm.map((w) => w.p50Ms)),
      shippedBytes: wasmBytes,
      shippedGzipBytes: gzipSync(files['/esbuild/esbuild.wasm'][1], { level: 9 }).length,
    };
  } finally {
    await browser.close();
    server.close();
  }
}

const native = await measureNative();
await esbuild.stop();
const wasm = WASM_DIR ? await measureWasm() : null;
const ms = (x) => (x === undefined ? '-' : Math.round(x * 10) / 10);
const rows = [
  {
    bundler: 'native esbuild (server)',
    'start-up ms': ms(native.firstMs),
    'build p50 ms': ms(native.p50Ms),
    'shipped to the browser': '0',
  },
];
if (wasm) {
  rows.push({
    bundler: 'esbuild-wasm, cold cache',
    'start-up ms': ms(wasm.coldInitMs),
    'build p50 ms': ms(wasm.p50Ms),
    'shipped to the browser': `${(wasm.shippedBytes / 1e6).toFixed(1)} MB (${(wasm.shippedGzipBytes / 1e6).toFixed(1)} MB gzip)`,
  });
  rows.push({
    bundler: 'esbuild-wasm, warm cache',
    'start-up ms': ms(wasm.warmInitMs),
    'first build ms': ms(wasm.firstBuildMs),
    'build p50 ms': ms(wasm.p50Ms),
  });
} else {
  console.error('bench: PREVIEW_ESBUILD_WASM_DIR not set; measuring the native bundler only.');
}
report('preview-bundler', rows, { runs: RUNS, native, wasm });
