// Budget: cold start to a healthy /api/health on the embedded PostgreSQL under 2 s
// (existing DATA_DIR; a brand-new one runs initdb first, see docs/decisions/011).
// Times spawn → first 200 from /api/health for the built server, on a brand-new
// DATA_DIR and on an existing one. Usage: node bench/cold-start.mjs [runs=3]
// Port: COLD_START_PORT (default 3150).
import fs from 'node:fs';
import path from 'node:path';
import {
  benchTempDir,
  ensureServerBuilt,
  machine,
  median,
  report,
  startServer,
  stop,
  waitFor200,
} from './lib.mjs';

const RUNS = Number(process.argv[2] ?? 3);
const PORT = Number(process.env.COLD_START_PORT ?? 3150);
const BUDGET_MS = 2000;

ensureServerBuilt();
const base = benchTempDir('cw-bench-cold-');
const logFile = path.join(base, 'server.log');

async function once(dataDir) {
  const since = performance.now();
  const child = startServer({ PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'warn' }, logFile);
  try {
    return await waitFor200(`http://127.0.0.1:${PORT}/api/health`, since);
  } finally {
    const code = await stop(child);
    if (code !== 0) console.error(`server exited with ${code}; see ${logFile}`);
  }
}

const fresh = [];
const existing = [];
try {
  for (let i = 0; i < RUNS; i++) {
    const dataDir = path.join(base, `data-${i}`);
    fresh.push(await once(dataDir));
    existing.push(await once(dataDir));
  }
} finally {
  fs.rmSync(base, { recursive: true, force: true });
}

const summary = (xs) => ({
  median_ms: Math.round(median(xs)),
  min_ms: Math.round(Math.min(...xs)),
  max_ms: Math.round(Math.max(...xs)),
});
const json = {
  bench: 'cold-start',
  database: 'embedded',
  runs: RUNS,
  budget_ms: BUDGET_MS,
  fresh_data_dir: { ...summary(fresh), within_budget: median(fresh) < BUDGET_MS },
  existing_data_dir: { ...summary(existing), within_budget: median(existing) < BUDGET_MS },
  machine: machine(),
};
report(
  'cold-start',
  [
    { case: 'fresh DATA_DIR', ...json.fresh_data_dir },
    { case: 'existing DATA_DIR', ...json.existing_data_dir },
  ],
  json,
);
