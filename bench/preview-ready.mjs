// Budgets of the live preview (DESIGN §3.12, docs/preview.md):
//   - preview ready (first paint in the frame) after the code is final, 200-line React
//     component (bench/fixtures/preview-task-board.tsx): p50 < 300 ms warm; first preview of a
//     session < 2 s (a new page on a warm HTTP cache; a cold cache is printed too)
//   - Python: first run of a session < 4 s on a warm HTTP cache; later runs < 200 ms
//   - the app stays usable during an endless loop: its longest task < 200 ms
//
// Starts the server on a throwaway DATA_DIR serving a built SPA (with its /preview/ files),
// signs a user in through Debian's Chromium, and drives the preview panel on the harness page
// (e2e/fixtures/preview-harness.mjs: the panel without the generator, on the app's origin).
// Each figure is the panel's own `codewright:preview-ready` measure: from the run starting
// (the code final, no debounce) to the frame's first paint (Python: the script finished).
// Warm runs are WARM_GAP_MS apart: code becomes final again no sooner than the panel's
// debounce (700 ms) after a change, and the panel readies its next frame meanwhile.
//
//   node bench/preview-ready.mjs
//   PREVIEW_WEB_DIST_DIR=/tmp/my-web PREVIEW_FROM_SOURCE=1 PREVIEW_PORT=3960 PREVIEW_RUNS=20 node bench/preview-ready.mjs
/* global window, document -- inside page.evaluate(), which runs in the browser */
import fs from 'node:fs';
import path from 'node:path';
import { routePreviewHarness } from '../e2e/fixtures/preview-harness.mjs';
import { median, prepareWebBench, report, ROOT, signInPage } from './lib.mjs';

const BUDGET = {
  warmP50Ms: 300,
  firstMs: 2_000,
  pythonFirstMs: 4_000,
  pythonLaterMs: 200,
  longTaskMs: 200,
};
const RUNS = Math.max(3, Number(process.env.PREVIEW_RUNS ?? 20));
const WARM_GAP_MS = 1_000;
/** How long before its code the Python language was chosen, in the pre-warmed measure. */
const PREWARM_MS = 3_000;
const { base: BASE, run } = prepareWebBench('PREVIEW', 3960, 'cw-bench-preview-');
const component = fs.readFileSync(path.join(ROOT, 'bench/fixtures/preview-task-board.tsx'), 'utf8');

/** Types code into the harness, runs it, and resolves with the panel's measure of that run. */
async function runOnce(page, code, language) {
  const before = await page.evaluate(
    () => performance.getEntriesByName('codewright:preview-ready').length,
  );
  await page.getByLabel('Language').selectOption(language);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.waitForFunction(
    (n) => performance.getEntriesByName('codewright:preview-ready').length > n,
    before,
    { timeout: 120_000 },
  );
  const phase = await page.getByTestId('preview-panel').getAttribute('data-preview-phase');
  if (phase !== 'ready') throw new Error(`the run ended in phase ${phase}`);
  return page.evaluate(
    () => performance.getEntriesByName('codewright:preview-ready').at(-1).duration,
  );
}

async function openHarness(context, tokens) {
  const page = await context.newPage();
  await signInPage(page, BASE, tokens);
  await page.goto(await routePreviewHarness(context, BASE));
  await page.getByTestId('preview-panel').waitFor();
  return page;
}

/** Longest task on the app's own thread while `code` runs to its end (phase `until`). */
async function longestTask(page, code, language, until) {
  await page.evaluate(() => {
    window.__longTasks = [];
    new PerformanceObserver((list) =>
      window.__longTasks.push(...list.getEntries().map((e) => e.duration)),
    ).observe({
      type: 'longtask',
    });
  });
  const started = Date.now();
  await page.getByLabel('Language').selectOption(language);
  await page.getByLabel('Code').fill(code);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page
    .waitForFunction(
      (phase) =>
        document
          .querySelector('[data-testid=preview-panel]')
          ?.getAttribute('data-preview-phase') === phase,
      until,
      { timeout: 30_000 },
    )
    .catch(async (error) => {
      const panel = page.getByTestId('preview-panel');
      const phase = await panel.getAttribute('data-preview-phase');
      throw new Error(`no ${until} phase (still ${phase}): ${await panel.innerText()}`, {
        cause: error,
      });
    });
  const tasks = await page.evaluate(() => window.__longTasks);
  return { maxMs: Math.max(0, ...tasks), tasks: tasks.length, tookMs: Date.now() - started };
}

const env = {
  RATE_LIMIT_MAX: '1000000',
  AUTH_RATE_LIMIT_IP_MAX: '1000000',
  ANALYTICS_RATE_LIMIT_MAX: '1000000',
};
await run(env, 'preview', async ({ browser, tokens }) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });

  // React: cold cache, then a new page on a warm cache, then warm runs of the same page.
  let page = await openHarness(context, tokens);
  await page.waitForTimeout(WARM_GAP_MS);
  const coldMs = await runOnce(page, component, 'TypeScript');
  await page.close();
  page = await openHarness(context, tokens);
  // As in the generator: the panel is open before the first code of the session is final.
  await page.waitForTimeout(WARM_GAP_MS);
  const firstMs = await runOnce(page, `${component}\n// first`, 'TypeScript');
  const warm = [];
  for (let i = 0; i < RUNS; i++) {
    await page.waitForTimeout(WARM_GAP_MS);
    warm.push(await runOnce(page, `${component}\n// run ${i}`, 'TypeScript'));
  }
  const warmP50 = median(warm);

  // Python: a first run fills the HTTP cache; then a new page's first run, then later runs.
  const pythonColdMs = await runOnce(page, 'print("warming the cache")', 'Python');
  await page.close();
  page = await openHarness(context, tokens);
  const pythonFirstMs = await runOnce(page, 'print(sum(range(10)))', 'Python');
  // The panel starts Pyodide as soon as the language is Python; in the generator, a model's
  // answer takes seconds after that. Shown apart: the budget is checked on the run above.
  await page.close();
  page = await openHarness(context, tokens);
  await page.getByLabel('Language').selectOption('Python');
  await page.waitForTimeout(PREWARM_MS);
  const pythonPrewarmedMs = await runOnce(page, 'print(sum(range(10)))', 'Python');
  const pythonLater = [];
  for (let i = 0; i < Math.min(RUNS, 10); i++)
    pythonLater.push(await runOnce(page, `print(${i} * ${i})`, 'Python'));
  const pythonLaterP50 = median(pythonLater);

  // The app's thread while the frame loops: a guarded loop, and a hang only the watchdog stops.
  const loop = await longestTask(page, 'let n = 0;\nwhile (true) { n++; }', 'JavaScript', 'ready');
  const hang = await longestTask(
    page,
    '<body onload="for (;;) {}">stuck</body>',
    'JavaScript',
    'stopped',
  );

  const ok = {
    warm: warmP50 < BUDGET.warmP50Ms,
    first: firstMs < BUDGET.firstMs,
    pythonFirst: pythonFirstMs < BUDGET.pythonFirstMs,
    pythonLater: pythonLaterP50 < BUDGET.pythonLaterMs,
    loop: loop.maxMs < BUDGET.longTaskMs && hang.maxMs < BUDGET.longTaskMs,
  };
  const r = (x) => Math.round(x);
  report(
    'preview-ready',
    [
      { measure: 'React 200 lines: first preview, cold cache', ms: r(coldMs) },
      {
        measure: 'React 200 lines: first preview of a session',
        ms: r(firstMs),
        budget: BUDGET.firstMs,
        ok: ok.first,
      },
      {
        measure: `React 200 lines: warm p50 (${RUNS} runs)`,
        ms: r(warmP50),
        budget: BUDGET.warmP50Ms,
        ok: ok.warm,
      },
      { measure: 'React 200 lines: warm max', ms: r(Math.max(...warm)) },
      { measure: 'Python: first run, cold cache', ms: r(pythonColdMs) },
      {
        measure: 'Python: first run of a session',
        ms: r(pythonFirstMs),
        budget: BUDGET.pythonFirstMs,
        ok: ok.pythonFirst,
      },
      {
        measure: `Python: first run, language chosen ${PREWARM_MS / 1000} s before`,
        ms: r(pythonPrewarmedMs),
      },
      {
        measure: `Python: later runs p50 (${pythonLater.length})`,
        ms: r(pythonLaterP50),
        budget: BUDGET.pythonLaterMs,
        ok: ok.pythonLater,
      },
      {
        measure: 'App longest task, guarded endless loop',
        ms: r(loop.maxMs),
        budget: BUDGET.longTaskMs,
        ok: loop.maxMs < BUDGET.longTaskMs,
      },
      {
        measure: 'App longest task, hang (watchdog)',
        ms: r(hang.maxMs),
        budget: BUDGET.longTaskMs,
        ok: hang.maxMs < BUDGET.longTaskMs,
      },
    ],
    {
      budgets: BUDGET,
      warmGapMs: WARM_GAP_MS,
      loadAverage: (await import('node:os')).loadavg().map((x) => Math.round(x * 10) / 10),
      react: {
        coldMs: r(coldMs),
        firstMs: r(firstMs),
        warmP50Ms: r(warmP50),
        warmSamplesMs: warm.map(r),
      },
      python: {
        coldMs: r(pythonColdMs),
        firstMs: r(pythonFirstMs),
        prewarmedMs: r(pythonPrewarmedMs),
        laterP50Ms: r(pythonLaterP50),
        laterSamplesMs: pythonLater.map(r),
      },
      loop: { guarded: loop, hang },
      pass: Object.values(ok).every(Boolean),
    },
  );
  process.exitCode = Object.values(ok).every(Boolean) ? 0 : 1;
});
