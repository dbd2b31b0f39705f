// Budget (DESIGN §2c scrape): a 1 MB HTML page to markdown in under 300 ms of server time.
// The server runs from source (tsx) on a fresh DATA_DIR with LOG_LEVEL=info, so that its own
// access-log line gives each request's server time (`ms`: from the request's arrival to the end
// of its answer — the fetch from the fixture site on loopback, the document worker's parse,
// readability and markdown, and the JSON answer with the 1 MB html in it). The page is
// fixture-site.mjs's /big-page.html: inline CSS and scripts, menus, a 120-section article,
// promos and a footer, padded to 1 MiB. A few warm-up requests start the worker, then
// BENCH_SCRAPE_RUNS (20) sequential scrapes; figures: server time p50/p95/max, the server
// process's CPU time per scrape (all its threads, from /proc: the figure a busy machine does not
// inflate), client time p50, the markdown's size, and the load average.
// Usage: node bench/scrape.mjs   (BENCH_SCRAPE_PORT moves the server, default 3852; the
// fixture site listens on 3853)
import fs from 'node:fs';
import os from 'node:os';
import { startFixtureSite } from '../e2e/fixtures/fixture-site.mjs';
import {
  benchUserToken,
  median,
  percentile,
  processCpuMs,
  report,
  requestJson,
  startFetchingServer,
  stop,
  waitFor200,
} from './lib.mjs';

const PORT = Number(process.env.BENCH_SCRAPE_PORT ?? 3852);
const SITE_PORT = PORT + 1;
const RUNS = Number(process.env.BENCH_SCRAPE_RUNS ?? 20);
const BUDGET_MS = 300;
const base = `http://127.0.0.1:${PORT}`;

const site = await startFixtureSite({ port: SITE_PORT });
const { server, work, logFile } = startFetchingServer('cw-bench-scrape-', PORT, SITE_PORT, 'info');

try {
  await waitFor200(`${base}/api/health`, performance.now(), 120_000);
  const token = await benchUserToken(base, 'scrape');
  const url = `http://127.0.0.1:${SITE_PORT}/big-page.html?kb=1024`;
  const pageBytes = Buffer.byteLength(await (await fetch(url)).text());
  for (let i = 0; i < 3; i++)
    await requestJson(base, 'POST', '/api/data/codewright/scrape', { url }, token);

  const client = [];
  let markdownChars = 0;
  const logBefore = fs.readFileSync(logFile, 'utf8').length;
  const cpuBefore = processCpuMs(server.pid);
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const body = await requestJson(base, 'POST', '/api/data/codewright/scrape', { url }, token);
    client.push(performance.now() - t0);
    markdownChars = body.markdown.length;
  }
  const cpuPerScrape = (processCpuMs(server.pid) - cpuBefore) / RUNS;
  await new Promise((r) => setTimeout(r, 300)); // the access log is written in batches
  const times = fs
    .readFileSync(logFile, 'utf8')
    .slice(logBefore)
    .split('\n')
    .filter((line) => line.includes('/api/data/codewright/scrape'))
    .map((line) => JSON.parse(line).ms);
  const figures = {
    loadAverage1m: Math.round(os.loadavg()[0] * 10) / 10,
    pageBytes,
    runs: RUNS,
    serverMsP50: median(times),
    serverMsP95: percentile(times, 95),
    serverMsMax: Math.max(...times),
    serverCpuMsPerScrape: Math.round(cpuPerScrape),
    clientMsP50: Math.round(median(client)),
    markdownChars,
    budgetMs: BUDGET_MS,
    withinBudget: percentile(times, 95) < BUDGET_MS,
  };
  report('scrape', [figures], figures);
} finally {
  await stop(server);
  await site.close();
  fs.rmSync(work, { recursive: true, force: true });
}
