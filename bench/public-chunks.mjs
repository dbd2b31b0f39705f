// Budget: a public (marketing) page loads none of the signed-in app's code before the visitor
// interacts with it: not zod (the contract's schemas, needed only once an answer is checked:
// docs/decisions/007, 010; its probe for `new Function` is what the pages' CSP reported), not the
// workspace shapes, not the role table, not the SDK's client (it loads on interaction or once the
// page has settled: docs/decisions/045).
//
// In Chromium, signed out, each of the five public pages is opened and left alone until the
// network is idle; every JavaScript file it requested is listed with its size and the app code
// it holds, found by strings only that code puts in a chunk (chunk names are rolldown's guesses
// and say little: a chunk called `account` held zod). Exits 1 when a page loaded failing code.
//
//   node bench/public-chunks.mjs
//   PUBLIC_CHUNKS_WEB_DIST_DIR=/tmp/my-web PUBLIC_CHUNKS_FROM_SOURCE=1 PUBLIC_CHUNKS_PORT=3963 node bench/public-chunks.mjs
import fs from 'node:fs';
import path from 'node:path';
import { prepareWebBench, report } from './lib.mjs';

const PAGES = ['/', '/features', '/examples', '/pricing', '/docs'];

/** App code that should not load on a public page, and strings only that code puts in a chunk. */
const FORBIDDEN = {
  // zod's core: every schema instance carries `_zod`, and its JIT probe is `Function("")`.
  zod: ['_zod', 'ZodError'],
  // The contract's role table (packages/contract/src/permissions.ts).
  permissions: ['Opens the workspace and its projects read-only'],
  // The contract's workspace wire shapes and notices (packages/contract/src/workspaces.ts).
  workspaces: ['Private: only members of this workspace can open it.'],
  // The SDK's client (packages/sdk): its refresh call and its workspace routes.
  sdk: ['/api/auth/refresh', '/api/workspaces'],
};

const {
  base: BASE,
  webDistDir,
  run,
} = prepareWebBench('PUBLIC_CHUNKS', 3963, 'cw-bench-public-chunks-');

/** What forbidden app code a built file holds (names of FORBIDDEN). */
function forbiddenIn(urlPath) {
  const file = path.join(webDistDir, urlPath);
  if (!fs.existsSync(file)) return [];
  const code = fs.readFileSync(file, 'utf8');
  return Object.entries(FORBIDDEN)
    .filter(([, markers]) => markers.some((m) => code.includes(m)))
    .map(([name]) => name);
}

const pages = [];
// Signed out: no user is made.
await run({}, null, async ({ browser }) => {
  for (const pagePath of PAGES) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const scripts = [];
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${BASE}${pagePath}`, { waitUntil: 'networkidle' });
    // Hydration ends by lifting `inert` from #root (main.tsx); then a moment more of idle.
    await page.waitForFunction(
      () => !globalThis.document.getElementById('root')?.hasAttribute('inert'),
    );
    await page.waitForLoadState('networkidle');
    const chunks = scripts.map((p) => ({
      path: p,
      bytes: fs.existsSync(path.join(webDistDir, p))
        ? fs.statSync(path.join(webDistDir, p)).size
        : 0,
      holds: forbiddenIn(p),
    }));
    pages.push({
      page: pagePath,
      chunks,
      failing: chunks.filter((c) => c.holds.length > 0),
    });
    await context.close();
  }
});

for (const { page, chunks } of pages) {
  console.log(`\n${page}: ${chunks.length} scripts before interaction`);
  for (const c of chunks)
    console.log(
      `  ${c.path.padEnd(44)} ${(c.bytes / 1024).toFixed(1).padStart(6)} KB${c.holds.length ? `  ✗ ${c.holds.join(', ')}` : ''}`,
    );
}
const pass = pages.length === PAGES.length && pages.every((p) => p.failing.length === 0);
report(
  'public-chunks',
  pages.map((p) => ({
    check: `${p.page}: app code loaded before interaction`,
    value: [...new Set(p.chunks.flatMap((c) => c.holds))].join(', ') || '(none)',
    ok: p.failing.length === 0,
  })),
  { webDistDir, pages, pass },
);
if (!pass) process.exitCode = 1;
