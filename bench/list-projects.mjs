// Budget: listing 50 projects — GET /api/db/codewright/rest/v1/projects?order=updated_at.desc
// for one user with 50 projects — p50 under 5 ms and at least 1,500 requests/s at 50
// connections (autocannon), on the embedded PostgreSQL and on the machine's PostgreSQL.
// The server runs as `npm start` runs it (the built bundle, rebuilt when stale;
// BENCH_FROM_SOURCE=1: from source through tsx).
// Usage: [LIST_PROJECTS_PORT=3400] node bench/list-projects.mjs [seconds=10] (uses that port and the next)
import pg from 'pg';
import { startPgCluster } from '../scripts/pg-cluster.mjs';
import { autocannonRun, machine, report, requestJson, signUpPro, withTempServer } from './lib.mjs';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = 50;
const PROJECTS = 50;
const PORT = Number(process.env.LIST_PROJECTS_PORT ?? 3400);
const PORTS = { embedded: PORT, postgres: PORT + 1 };
// The default read cache (DB_READ_CACHE_MS=1000) is what the budget is judged on; the
// uncached figures (0) are printed beside it to show the database path itself.
const CACHE_SETTINGS = ['1000', '0'];
const BUDGET = { p50_ms: 5, req_per_s: 1500 };
const fromSource = process.env.BENCH_FROM_SOURCE === '1';

// A small but real snippet per project (~600 characters), so rows are not empty.
const CODE =
  `import { useState } from 'react';\n\nexport function Counter({ start = 0 }) {\n  const [count, setCount] = useState(start);\n  return (\n    <div className="counter">\n      <button onClick={() => setCount((c) => c - 1)}>-</button>\n      <span>{count}</span>\n      <button onClick={() => setCount((c) => c + 1)}>+</button>\n    </div>\n  );\n}\n`.repeat(
    2,
  );

const cannon = (opts) => autocannonRun(CONNECTIONS, opts);

/** Signs up a user, makes it Pro (Free allows 3 projects) and creates 50 projects. */
async function seed(base) {
  const call = (method, p, body, token) => requestJson(base, method, p, body, token);
  const email = `bench-${Date.now()}@example.com`;
  const { access_token: token } = await signUpPro(base, email, 'bench-password');
  const rows = Array.from({ length: PROJECTS }, (_, i) => ({
    name: `Project ${i + 1}`,
    language: 'TypeScript',
    code: CODE,
    description: `Build a counter component, variant ${i + 1}`,
  }));
  await call('POST', '/api/db/codewright/rest/v1/projects', rows, token);
  const listed = await call(
    'GET',
    '/api/db/codewright/rest/v1/projects?order=updated_at.desc',
    undefined,
    token,
  );
  if (listed.length !== PROJECTS)
    throw new Error(`expected ${PROJECTS} projects, got ${listed.length}`);
  return { token, bytes: Buffer.byteLength(JSON.stringify(listed)) };
}

function measure(kind, env, readCacheMs) {
  const serverEnv = {
    NODE_ENV: 'production',
    RATE_LIMIT_MAX: '1000000000',
    DB_READ_CACHE_MS: readCacheMs,
    ...env,
  };
  return withTempServer('data-eng-bench-', PORTS[kind], serverEnv, async ({ base }) => {
    const { token, bytes } = await seed(base);
    const url = `${base}/api/db/codewright/rest/v1/projects?order=updated_at.desc`;
    const headers = { authorization: `Bearer ${token}` };
    await cannon({ url, headers, duration: 2 }); // warm-up: JIT, plans, caches
    const r = await cannon({ url, headers, duration: SECONDS });
    const row = {
      database: kind,
      read_cache_ms: Number(readCacheMs),
      req_per_s: Math.round(r.requests.total / r.duration),
      p50_ms: r.latency.p50,
      p99_ms: r.latency.p99,
      response_kb: Math.round(bytes / 102.4) / 10,
      non_2xx: r.non2xx,
      errors: r.errors,
    };
    row.within_budget =
      row.p50_ms < BUDGET.p50_ms && row.req_per_s >= BUDGET.req_per_s && row.non_2xx === 0;
    if (readCacheMs === '0') row.within_budget = `${row.within_budget} (informational)`;
    return row;
  });
}

const results = [];
for (const cache of CACHE_SETTINGS) results.push(await measure('embedded', {}, cache));
const cluster = await startPgCluster();
try {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('create database bench_list_projects');
  await admin.end();
  const url = new URL(cluster.url);
  url.pathname = '/bench_list_projects';
  for (const cache of CACHE_SETTINGS)
    results.push(await measure('postgres', { DATABASE_URL: url.toString() }, cache));
} finally {
  cluster.stop();
}

const json = {
  bench: 'list-projects',
  projects: PROJECTS,
  connections: CONNECTIONS,
  seconds: SECONDS,
  server: fromSource ? 'source (tsx)' : 'dist',
  budget: BUDGET,
  results,
  // Judged on the default configuration (read cache on), on both databases.
  within_budget: results.filter((r) => r.read_cache_ms > 0).every((r) => r.within_budget === true),
  machine: machine(),
};
report('list-projects', results, json);
