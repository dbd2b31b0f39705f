// Budgets: Lighthouse with mobile defaults on the marketing pages —
// performance ≥ 0.97, accessibility ≥ 0.95, best practices 1.0, SEO ≥ 0.90 —
// the JavaScript that / loads under 150 KB gzip, and no Monaco chunk on any of them.
//
// Starts the server on a throwaway DATA_DIR serving a built SPA, runs Lighthouse
// in Debian's Chromium, prints a table and the JSON (also saved to bench/results/).
//
//   node bench/lighthouse.mjs
//   LH_WEB_DIST_DIR=/tmp/my-web LH_FROM_SOURCE=1 LH_PORT=3550 node bench/lighthouse.mjs
//
// LH_WEB_DIST_DIR: the SPA build to serve (default apps/web/dist).
// LH_FROM_SOURCE=1: run the server's TypeScript through tsx instead of apps/server/dist.
// LH_PORT: port to listen on (default 3160). LH_RUNS: runs per page, the median is kept (default 1).
// LH_PAGES: comma-separated paths to audit (default all five). LH_DUMP=dir: keep each full report there.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { median, prepareWebBench, report, stop, waitFor200 } from './lib.mjs';

const ALL_PAGES = ['/', '/features', '/examples', '/pricing', '/docs'];
// LH_PAGES=/examples,/docs audits only those (the budget line then covers only them).
const PAGES = process.env.LH_PAGES ? process.env.LH_PAGES.split(',') : ALL_PAGES;
const BUDGETS = { performance: 0.97, accessibility: 0.95, 'best-practices': 1, seo: 0.9 };
const JS_BUDGET_KB = 150;
const MONACO =
  /monaco|editor\.main|editor\.worker|ts\.worker|json\.worker|css\.worker|html\.worker/i;

const RUNS = Math.max(1, Number(process.env.LH_RUNS ?? 1));
const {
  base: BASE,
  webDistDir: WEB_DIST_DIR,
  work,
  logFile,
  start: startServer,
} = prepareWebBench('LH', 3160, 'cw-bench-lh-');

/** Gzip size of a built file the page loaded, from its URL path. */
function gzipBytesOf(url) {
  const file = path.join(WEB_DIST_DIR, new URL(url).pathname);
  return fs.existsSync(file) ? gzipSync(fs.readFileSync(file), { level: 9 }).length : 0;
}

async function audit(port, url, attempt = 1) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: Object.keys(BUDGETS),
  });
  const lhr = result.lhr;
  if (process.env.LH_DUMP) {
    fs.mkdirSync(process.env.LH_DUMP, { recursive: true });
    const name = new URL(url).pathname.replace(/\W+/g, '_') || '_';
    fs.writeFileSync(path.join(process.env.LH_DUMP, `${name}-${Date.now()}.json`), result.report);
  }
  if (lhr.runtimeError) {
    // A trace Chromium failed to record (NO_NAVSTART …) says nothing about the page: run it again.
    if (lhr.runtimeError.code === 'NO_NAVSTART' && attempt < 3)
      return audit(port, url, attempt + 1);
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  const scores = Object.fromEntries(
    Object.keys(BUDGETS).map((id) => [id, lhr.categories[id]?.score ?? 0]),
  );
  const requests = lhr.audits['network-requests']?.details?.items ?? [];
  const scripts = requests
    .filter((r) => r.resourceType === 'Script' && r.url.startsWith(BASE))
    .map((r) => r.url);
  // What the page could still do better: every scored audit under 1, by category.
  const flagged = [];
  for (const [id, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a.score !== null && a.score < 1)
        flagged.push(`${id}:${ref.id}(${a.score})`);
    }
  }
  // Where total blocking time comes from: the main-thread tasks over 50 ms (simulated timings).
  const longTasks = (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => ({
    url: t.url.replace(BASE, ''),
    start_ms: Math.round(t.startTime),
    duration_ms: Math.round(t.duration),
  }));
  return {
    scores,
    scripts,
    flagged,
    long_tasks: longTasks,
    metrics: {
      fcp_ms: Math.round(lhr.audits['first-contentful-paint']?.numericValue ?? 0),
      lcp_ms: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? 0),
      tbt_ms: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? 0),
      cls: Number((lhr.audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)),
    },
  };
}

const server = startServer();
let chrome;
const pages = [];
try {
  await waitFor200(`${BASE}/api/health`, performance.now(), 60_000);
  chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  for (const pagePath of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await audit(chrome.port, `${BASE}${pagePath}`));
    const scores = Object.fromEntries(
      Object.keys(BUDGETS).map((id) => [id, median(runs.map((r) => r.scores[id]))]),
    );
    const scripts = [...new Set(runs.flatMap((r) => r.scripts))];
    pages.push({
      path: pagePath,
      scores,
      metrics: runs[0].metrics,
      long_tasks: runs[0].long_tasks,
      js_gzip_kb: Number((scripts.reduce((n, u) => n + gzipBytesOf(u), 0) / 1024).toFixed(1)),
      scripts: scripts.map((u) => new URL(u).pathname),
      monaco_loaded: scripts.some((u) => MONACO.test(u)),
      flagged: [...new Set(runs.flatMap((r) => r.flagged))],
    });
  }
} finally {
  if (chrome) await chrome.kill();
  const code = await stop(server);
  if (code !== 0 && code !== null) console.error(`server exited with ${code}; see ${logFile}`);
}

const landing = pages.find((p) => p.path === '/');
const json = {
  bench: 'lighthouse',
  form_factor: 'mobile (Lighthouse defaults, simulated throttling)',
  budgets: { ...BUDGETS, landing_js_gzip_kb: JS_BUDGET_KB, monaco_on_marketing: false },
  pages: pages.map((p) => ({
    ...p,
    within_budget: Object.entries(BUDGETS).every(([id, min]) => p.scores[id] >= min),
  })),
  landing_js_gzip_kb: landing?.js_gzip_kb ?? null,
  landing_js_within_budget: landing ? landing.js_gzip_kb < JS_BUDGET_KB : null,
  monaco_loaded_on_marketing: pages.some((p) => p.monaco_loaded),
  machine: { cpus: os.cpus().length, node: process.version, loadavg_1m: os.loadavg()[0] },
};
report(
  'lighthouse',
  pages.map((p) => ({
    page: p.path,
    performance: p.scores.performance,
    accessibility: p.scores.accessibility,
    'best-practices': p.scores['best-practices'],
    seo: p.scores.seo,
    'js gzip KB': p.js_gzip_kb,
    monaco: p.monaco_loaded ? 'LOADED' : 'no',
  })),
  json,
);
const ok =
  json.pages.every((p) => p.within_budget) &&
  json.landing_js_within_budget !== false &&
  !json.monaco_loaded_on_marketing;
console.log(
  `\nJS loaded by /: ${landing ? `${landing.js_gzip_kb} KB gzip` : 'not audited'} (budget < ${JS_BUDGET_KB}); Monaco on marketing pages: ${
    json.monaco_loaded_on_marketing ? 'yes' : 'no'
  }; budgets ${ok ? 'met' : 'NOT met'}`,
);
fs.rmSync(work, { recursive: true, force: true });
