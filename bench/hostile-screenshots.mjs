// Budget: 20 hostile screenshots in a row leave the server's RSS within 30 MB of
// where it started, and no renderer behind. The server runs as `npm start` does (the built
// bundle; BENCH_FROM_SOURCE=1 for tsx) with URL_FETCH_TIMEOUT_MS=3000 (a 6 s cap per shot).
// One ordinary screenshot first starts Chromium; then the start figures are read: the server's
// RSS (/proc/<pid>/status) and the renderers under it (processes with --type=renderer). Then
// 20 hostile shots in turn: a page that opens a popup to a refused address, a looping page shot
// full-page (answered at the cap), and a looping page whose client leaves after 1 s. Then one
// ordinary shot must be served, and after 3 s the figures are read again (renderers are also
// sampled during the run: the peak shows the count sees them).
// Usage: node bench/hostile-screenshots.mjs  (BENCH_SHOTS_PORT, default 3862; the fixture site
// listens on the port after it)
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startFixtureSite } from '../e2e/fixtures/fixture-site.mjs';
import { benchTempDir, benchUserToken, report, startServer, stop, waitFor200 } from './lib.mjs';

const PORT = Number(process.env.BENCH_SHOTS_PORT ?? 3862);
const SITE_PORT = PORT + 1;
const RUNS = 20;
const base = `http://127.0.0.1:${PORT}`;
const work = benchTempDir('cw-bench-shots-');
const logFile = path.join(work, 'server.log');
const site = await startFixtureSite({ port: SITE_PORT });
const server = startServer(
  {
    NODE_ENV: 'production',
    PORT: String(PORT),
    DATA_DIR: path.join(work, 'data'),
    LOG_LEVEL: 'warn',
    URL_ALLOW_LIST: `127.0.0.1:${SITE_PORT}`,
    URL_FETCH_TIMEOUT_MS: '3000',
    RATE_LIMIT_MAX: '100000',
  },
  logFile,
);

const rssMb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;

/** Renderer processes descended from `pid`. */
function renderersUnder(pid) {
  const rows = execFileSync('ps', ['-eo', 'pid=,ppid=,args='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter(Boolean)
    .map(([, p, pp, args]) => ({ pid: Number(p), ppid: Number(pp), args }));
  const under = new Set([pid]);
  for (let grew = true; grew;) {
    grew = false;
    for (const row of rows) {
      if (under.has(row.ppid) && !under.has(row.pid)) {
        under.add(row.pid);
        grew = true;
      }
    }
  }
  return rows.filter((r) => under.has(r.pid) && r.args.includes('--type=renderer')).length;
}

try {
  await waitFor200(`${base}/api/health`, performance.now(), 120_000);
  const token = await benchUserToken(base, 'shots');
  const shoot = async (payload, leaveAfterMs) => {
    const controller = new AbortController();
    const timer = leaveAfterMs ? setTimeout(() => controller.abort(), leaveAfterMs) : null;
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}/api/data/codewright/screenshot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(payload),
        signal: controller.signal,
      });
      await res.arrayBuffer();
      return { status: res.status, ms: Math.round(performance.now() - t0) };
    } catch {
      return { status: 'left', ms: Math.round(performance.now() - t0) };
    } finally {
      clearTimeout(timer);
    }
  };
  const site0 = `http://127.0.0.1:${SITE_PORT}`;
  const ordinary = { url: `${site0}/page.html`, width: 800, height: 600 };
  const warm = await shoot(ordinary);
  if (warm.status !== 200) throw new Error(`warm-up screenshot answered ${warm.status}`);
  await new Promise((r) => setTimeout(r, 2000));
  const start = { rssMb: rssMb(server.pid), renderers: renderersUnder(server.pid) };

  const kinds = [
    ['popup', () => shoot({ url: `${site0}/popup.html`, width: 800, height: 600 })],
    ['loop, full page', () => shoot({ url: `${site0}/loop.html`, fullPage: true })],
    ['loop, client leaves', () => shoot({ url: `${site0}/loop.html`, fullPage: true }, 1000)],
  ];
  const shots = [];
  // Sampled while the hostile shots run, so a count of 0 at the end means something.
  let peakRenderers = 0;
  const sampler = setInterval(() => {
    peakRenderers = Math.max(peakRenderers, renderersUnder(server.pid));
  }, 250);
  for (let i = 0; i < RUNS; i++) {
    const [kind, run] = kinds[i % kinds.length];
    shots.push({ kind, ...(await run()) });
  }
  clearInterval(sampler);
  const after = await shoot(ordinary);
  await new Promise((r) => setTimeout(r, 3000));
  const end = { rssMb: rssMb(server.pid), renderers: renderersUnder(server.pid) };
  const health = await fetch(`${base}/api/health`);

  const byKind = kinds.map(([kind]) => {
    const of = shots.filter((s) => s.kind === kind);
    return {
      kind,
      shots: of.length,
      answers: [...new Set(of.map((s) => s.status))].join(' '),
      'max ms': Math.max(...of.map((s) => s.ms)),
    };
  });
  const growth = end.rssMb - start.rssMb;
  report('hostile-screenshots', byKind, {
    shots: RUNS,
    startRssMb: Math.round(start.rssMb * 10) / 10,
    endRssMb: Math.round(end.rssMb * 10) / 10,
    rssGrowthMb: Math.round(growth * 10) / 10,
    budgetMb: 30,
    renderersAtStart: start.renderers,
    renderersAtPeak: peakRenderers,
    renderersAtEnd: end.renderers,
    ordinaryShotAfter: after,
    healthAfter: health.status,
    pass: growth <= 30 && end.renderers <= start.renderers && after.status === 200,
  });
} finally {
  await stop(server);
  await site.close();
}
