// Budgets of version control (docs/decisions/015), on the embedded PostgreSQL and on the
// machine's PostgreSQL:
//   - storage: 1,000 small edits to a 2,000-line file add under 5 MB to the database
//     (pg_total_relation_size of project_versions: table, TOAST and indexes);
//   - list: GET /api/versions/{project}/{projectId} of a project with 1,000 versions, p50
//     under 10 ms from the API (sequential requests, client-side time).
// Each edit is a commit through the API (POST /api/versions/…, source edit), one at a time.
// The server runs as `npm start` runs it (the built bundle; BENCH_FROM_SOURCE=1: from source).
// Usage: [VERSION_BENCH_PORT=3920] node bench/version-history.mjs [edits=1000] (uses that port and the next)
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startPgCluster } from '../scripts/pg-cluster.mjs';
import {
  benchFileLines,
  processCpuMs,
  report,
  requestJson,
  seededRandom,
  signUpPro,
  withTempServer,
} from './lib.mjs';

const EDITS = Number(process.argv[2] ?? 1000);
const LINES = 2000;
const LIST_REQUESTS = 300;
const PORT = Number(process.env.VERSION_BENCH_PORT ?? 3920);
const PORTS = { embedded: PORT, postgres: PORT + 1 };
const BUDGET = { storage_mb: 5, list_p50_ms: 10 };

const file = () => benchFileLines(LINES);

/** One small edit: change a line, insert one, or delete one, at a random place. */
function smallEdit(lines, rnd, i) {
  const at = Math.floor(rnd() * lines.length);
  const kind = rnd();
  if (kind < 0.6) lines[at] = `${lines[at]} // edit ${i}`;
  else if (kind < 0.85) lines.splice(at, 0, `  log("edit ${i}");`);
  else lines.splice(at, 1);
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

async function relationBytes(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select pg_total_relation_size('project_versions')::bigint as bytes,
              (select count(*) from project_versions)::int as versions,
              (select count(*) from project_versions where kind = 'full')::int as full_versions`,
    );
    return {
      bytes: Number(rows[0].bytes),
      versions: rows[0].versions,
      full: rows[0].full_versions,
    };
  } finally {
    await client.end();
  }
}

function measure(kind, env) {
  const serverEnv = {
    NODE_ENV: 'production',
    RATE_LIMIT_MAX: '1000000000',
    // info: one access-log line per request, whose `ms` is the server's own time.
    LOG_LEVEL: 'info',
    ...env,
  };
  return withTempServer('version-bench-', PORTS[kind], serverEnv, async (started) => {
    const { server, work, logFile, base } = started;
    const databaseUrl =
      env.DATABASE_URL ??
      `postgresql://postgres@localhost/codewright?host=${encodeURIComponent(path.join(work, 'data', 'run'))}`;
    const call = (method, p, body, token) => requestJson(base, method, p, body, token);
    const email = `bench-${kind}-${Date.now()}@example.com`;
    const { access_token: token } = await signUpPro(base, email, 'bench-password');
    const lines = file();
    const [project] = await call(
      'POST',
      '/api/db/codewright/rest/v1/projects',
      { name: 'History', language: 'JavaScript', code: lines.join('\n') },
      token,
    );
    const before = await relationBytes(databaseUrl);

    const rnd = seededRandom(42);
    const commitMs = [];
    for (let i = 0; i < EDITS; i++) {
      smallEdit(lines, rnd, i);
      const t0 = performance.now();
      await call(
        'POST',
        `/api/versions/codewright/${project.id}`,
        { code: lines.join('\n'), source: 'edit', prompt: `small edit ${i}` },
        token,
      );
      commitMs.push(performance.now() - t0);
    }
    const after = await relationBytes(databaseUrl);

    const listPath = `/api/versions/codewright/${project.id}`;
    for (let i = 0; i < 20; i++) await call('GET', listPath, undefined, token);
    const listMs = [];
    let listBytes = 0;
    const cpuBefore = processCpuMs(server.pid);
    for (let i = 0; i < LIST_REQUESTS; i++) {
      const t0 = performance.now();
      const res = await fetch(`${base}${listPath}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = await res.arrayBuffer();
      listMs.push(performance.now() - t0);
      listBytes = body.byteLength;
      if (res.status !== 200) throw new Error(`list answered ${res.status}`);
    }
    // Node's CPU per list request: what the request costs the server whatever else runs.
    const listCpuMs = (processCpuMs(server.pid) - cpuBefore) / LIST_REQUESTS;
    listMs.sort((a, b) => a - b);
    // The server's own time for the same requests (access log, whole milliseconds).
    const serverMs = fs
      .readFileSync(logFile, 'utf8')
      .split('\n')
      .filter((l) => l.includes('"msg":"request"') && l.includes(`"url":"${listPath}"`))
      .map((l) => JSON.parse(l).ms)
      .slice(-LIST_REQUESTS)
      .sort((a, b) => a - b);
    commitMs.sort((a, b) => a - b);
    const latest = await call('GET', `${listPath}?limit=1`, undefined, token);
    const read = await call('GET', `${listPath}/${latest.versions[0].id}`, undefined, token);
    if (read.code !== lines.join('\n'))
      throw new Error('the newest version does not hold the last edit');
    return {
      database: kind,
      versions: after.versions,
      full_versions: after.full,
      file_bytes: Buffer.byteLength(lines.join('\n')),
      storage_added_mb: Number(((after.bytes - before.bytes) / 1024 / 1024).toFixed(3)),
      list_versions: latest.versions[0].number,
      list_response_kb: Number((listBytes / 1024).toFixed(1)),
      list_p50_ms: Number(percentile(listMs, 0.5).toFixed(2)),
      list_p95_ms: Number(percentile(listMs, 0.95).toFixed(2)),
      list_server_p50_ms: percentile(serverMs, 0.5),
      list_node_cpu_ms: Number(listCpuMs.toFixed(2)),
      commit_p50_ms: Number(percentile(commitMs, 0.5).toFixed(2)),
      commit_p95_ms: Number(percentile(commitMs, 0.95).toFixed(2)),
    };
  });
}

const rows = [await measure('embedded', {})];
const cluster = await startPgCluster();
try {
  rows.push(await measure('postgres', { DATABASE_URL: cluster.url }));
} finally {
  await cluster.stop();
}
const pass = rows.every(
  (r) => r.storage_added_mb < BUDGET.storage_mb && r.list_p50_ms < BUDGET.list_p50_ms,
);
report('version-history', rows, {
  bench: 'version-history',
  edits: EDITS,
  lines: LINES,
  budget: BUDGET,
  pass,
  results: rows,
});
process.exit(pass ? 0 : 1);
