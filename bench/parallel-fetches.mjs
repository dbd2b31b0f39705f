// Budget (DESIGN §3.14, data services): 50 parallel fetches of user-given URLs to a slow host do
// not slow the server: /api/health p99 stays under 20 ms while they run.
// The server runs from source (tsx) on a fresh DATA_DIR; the slow host is fixture-site.mjs's
// /delay (it answers after BENCH_FETCH_DELAY_MS, 3000) in a child process, allow-listed with
// URL_ALLOW_LIST. After a baseline of health probes, 50 POST /api/data/{project}/fetch start at
// once (from 5 users, 10 each, after one warm-up fetch per user); sequential health probes run from their start until the last
// one answers. Figures: health p50/p99/max in the baseline and during the fetches, the server's
// CPU time over that window (/proc, all threads), how many fetches answered 200 and how long the
// slowest took, and the load average.
// Usage: node bench/parallel-fetches.mjs   (BENCH_FETCH_PORT moves the server, default 3854;
// the slow host listens on the next port)
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  median,
  percentile,
  processCpuMs,
  report,
  signUpAndIn,
  startFetchingServer,
  stop,
  waitFor200,
} from './lib.mjs';

if (process.argv[2] === '--site-child') {
  const { startFixtureSite } = await import('../e2e/fixtures/fixture-site.mjs');
  const site = await startFixtureSite({ port: Number(process.argv[3]) });
  process.send({ url: site.url });
  process.on('message', () => void site.close().then(() => process.exit(0)));
  await new Promise(() => {});
}

const PORT = Number(process.env.BENCH_FETCH_PORT ?? 3854);
const SITE_PORT = PORT + 1;
const FETCHES = 50;
const DELAY_MS = Number(process.env.BENCH_FETCH_DELAY_MS ?? 3000);
const BUDGET_P99_MS = 20;
const base = `http://127.0.0.1:${PORT}`;

const site = fork(fileURLToPath(import.meta.url), ['--site-child', String(SITE_PORT)], {
  stdio: 'inherit',
});
await new Promise((resolve) => site.once('message', resolve));
const { server, work } = startFetchingServer('cw-bench-fetches-', PORT, SITE_PORT, 'warn');
const round = (x) => Math.round(x * 10) / 10;

/** Sequential health probes until `until()` is true (at least `min` of them). */
async function probe(until, min = 0) {
  const times = [];
  while (!until() || times.length < min) {
    const t0 = performance.now();
    const res = await fetch(`${base}/api/health`);
    await res.arrayBuffer();
    times.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 5));
  }
  return times;
}

try {
  await waitFor200(`${base}/api/health`, performance.now(), 120_000);
  const tokens = [];
  for (let u = 0; u < 5; u++)
    tokens.push(
      (await signUpAndIn(base, `fetch-${Date.now()}-${u}@example.com`, 'bench-password-1'))
        .access_token,
    );
  // Warm-up: each user's session is loaded and the route's code paths have run once.
  for (const token of tokens) {
    await fetch(`${base}/api/data/codewright/fetch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ url: `http://127.0.0.1:${SITE_PORT}/delay?ms=1` }),
    }).then((r) => r.arrayBuffer());
  }
  const baseline = await probe(() => true, 200);

  let done = 0;
  const cpuBefore = processCpuMs(server.pid);
  const started = performance.now();
  const fetches = Array.from({ length: FETCHES }, async (_, i) => {
    const res = await fetch(`${base}/api/data/codewright/fetch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${tokens[i % 5]}` },
      body: JSON.stringify({ url: `http://127.0.0.1:${SITE_PORT}/delay?ms=${DELAY_MS}&i=${i}` }),
    });
    const body = await res.json();
    done++;
    return { status: res.status, ms: performance.now() - started, ok: body.body === 'waited' };
  });
  const during = await probe(() => done === FETCHES);
  const results = await Promise.all(fetches);
  const serverCpuMs = processCpuMs(server.pid) - cpuBefore;

  const figures = {
    loadAverage1m: round(os.loadavg()[0]),
    baselineProbes: baseline.length,
    baselineP50Ms: round(median(baseline)),
    baselineP99Ms: round(percentile(baseline, 99)),
    duringProbes: during.length,
    duringP50Ms: round(median(during)),
    duringP99Ms: round(percentile(during, 99)),
    duringMaxMs: round(Math.max(...during)),
    serverCpuMsDuring: Math.round(serverCpuMs),
    fetches200: results.filter((r) => r.status === 200 && r.ok).length,
    slowestFetchMs: Math.round(Math.max(...results.map((r) => r.ms))),
    hostDelayMs: DELAY_MS,
    budgetP99Ms: BUDGET_P99_MS,
    withinBudget: percentile(during, 99) < BUDGET_P99_MS && results.every((r) => r.status === 200),
  };
  report('parallel-fetches', [figures], figures);
} finally {
  await stop(server);
  site.send('close');
  fs.rmSync(work, { recursive: true, force: true });
}
