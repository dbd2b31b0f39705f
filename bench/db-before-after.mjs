// The embedded database before and after docs/decisions/011, side by side in one run:
// reads (list 50 projects, read cache off and on) and writes (insert a project, update a
// project) at 50 connections (autocannon), and the start of an existing DATA_DIR.
//
// "after" is this checkout's apps/server/dist/server.js (embedded PostgreSQL). "before" is a
// build of an earlier commit, e.g. the last one on PGlite:
//   git worktree add ../before 71210a3 && (cd ../before && npm ci && npm run build -w apps/server)
//   node bench/db-before-after.mjs --before ../before/apps/server/dist/server.js [seconds=8]
// Without --before only "after" is measured.
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import {
  benchTempDir,
  ensureServerBuilt,
  machine,
  report,
  requestJson,
  SERVER_JS,
  spawnLogged,
  stop,
  waitFor200,
} from './lib.mjs';

const args = process.argv.slice(2);
const beforeAt = args.indexOf('--before');
const BEFORE_JS = beforeAt >= 0 ? path.resolve(args[beforeAt + 1]) : undefined;
const SECONDS = Number(args.find((a, i) => /^\d+$/.test(a) && i !== beforeAt + 1) ?? 8);
const CONNECTIONS = 50;
const PORT = Number(process.env.DB_BENCH_PORT ?? 3410);
const CODE = `export function Counter() {\n  return <button>count</button>;\n}\n`.repeat(8);

ensureServerBuilt();
if (BEFORE_JS && !fs.existsSync(BEFORE_JS)) {
  console.error(`bench: ${BEFORE_JS} not found (see the comment at the top of this file)`);
  process.exit(1);
}

const cannon = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...opts }, (err, r) =>
      err ? reject(err) : resolve(r),
    ),
  );

function start(serverJs, dataDir, logFile, readCacheMs) {
  return spawnLogged(
    [serverJs],
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(PORT),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '1000000000',
      DB_READ_CACHE_MS: readCacheMs,
    },
    logFile,
  );
}

async function seed(base) {
  const email = `db-bench-${Date.now()}@example.com`;
  const password = 'bench-password';
  await requestJson(base, 'POST', '/api/auth/signup', { email, password });
  const { access_token: token } = await requestJson(base, 'POST', '/api/auth/signin/email', {
    email,
    password,
  });
  await requestJson(base, 'POST', '/api/plan/upgrade', { plan: 'pro' }, token);
  const rows = Array.from({ length: 50 }, (_, i) => ({
    name: `Project ${i + 1}`,
    language: 'TypeScript',
    code: CODE,
    description: `variant ${i + 1}`,
  }));
  const created = await requestJson(
    base,
    'POST',
    '/api/db/codewright/rest/v1/projects',
    rows,
    token,
  );
  return { token, projectId: created[0].id };
}

const row = (label, r) => ({
  case: label,
  req_per_s: Math.round(r.requests.total / r.duration),
  p50_ms: r.latency.p50,
  p99_ms: r.latency.p99,
  non_2xx: r.non2xx,
});

async function measure(name, serverJs) {
  const work = benchTempDir(`cw-db-bench-${name}-`);
  const dataDir = path.join(work, 'data');
  const logFile = path.join(work, 'server.log');
  const base = `http://127.0.0.1:${PORT}`;
  const out = {};
  try {
    for (const readCacheMs of ['0', '1000']) {
      const t0 = performance.now();
      const server = start(serverJs, dataDir, logFile, readCacheMs);
      try {
        const startMs = await waitFor200(`${base}/api/health`, t0, 120_000);
        if (readCacheMs === '1000') out.existing_start_ms = Math.round(startMs);
        const { token, projectId } = await seed(base);
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const list = `${base}/api/db/codewright/rest/v1/projects?order=updated_at.desc`;
        await cannon({ url: list, headers, duration: 2 }); // warm-up
        out[`list_cache_${readCacheMs}`] = row(
          `list 50 (read cache ${readCacheMs} ms)`,
          await cannon({ url: list, headers }),
        );
        if (readCacheMs === '0') {
          out.insert = row(
            'insert a project',
            await cannon({
              url: `${base}/api/db/codewright/rest/v1/projects`,
              method: 'POST',
              headers,
              body: JSON.stringify({ name: 'bench insert', language: 'TypeScript', code: CODE }),
            }),
          );
          out.update = row(
            'update a project',
            await cannon({
              url: `${base}/api/db/codewright/rest/v1/projects?id=eq.${projectId}`,
              method: 'PATCH',
              headers,
              body: JSON.stringify({ code: `${CODE}// edited\n` }),
            }),
          );
        }
      } finally {
        const code = await stop(server);
        if (code !== 0) console.error(`${name}: server exited with ${code}; see ${logFile}`);
      }
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  return out;
}

const after = await measure('after', SERVER_JS);
const before = BEFORE_JS ? await measure('before', BEFORE_JS) : undefined;
const cases = ['list_cache_0', 'list_cache_1000', 'insert', 'update'];
const rows = cases.map((k) => ({
  case: after[k].case,
  ...(before
    ? {
        before_req_s: before[k].req_per_s,
        before_p50_ms: before[k].p50_ms,
        before_p99_ms: before[k].p99_ms,
      }
    : {}),
  after_req_s: after[k].req_per_s,
  after_p50_ms: after[k].p50_ms,
  after_p99_ms: after[k].p99_ms,
  ...(before
    ? { ratio_req_s: Math.round((after[k].req_per_s / before[k].req_per_s) * 10) / 10 }
    : {}),
  after_non_2xx: after[k].non_2xx,
}));
rows.push({
  case: 'start, existing DATA_DIR (ms)',
  ...(before ? { before_req_s: before.existing_start_ms } : {}),
  after_req_s: after.existing_start_ms,
});
report('db-before-after', rows, {
  bench: 'db-before-after',
  connections: CONNECTIONS,
  seconds: SECONDS,
  before: before && { server: BEFORE_JS, ...before },
  after: { server: SERVER_JS, ...after },
  machine: machine(),
});
