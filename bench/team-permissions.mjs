// Budgets (docs/decisions/025): (1) permission checks add under 1 ms p50 to an authenticated
// request, against the same route before workspaces (commit 56f8eb8), in the same run;
// (2) listing a workspace's 50 projects keeps the data layer's p50 under 5 ms.
// The "before" server runs from a read-only git worktree of 56f8eb8 under /tmp (made here once,
// node_modules linked to this checkout's). Both servers run from source (tsx) on the embedded
// PostgreSQL. Latency is measured with one connection (autocannon), alternating rounds.
// Usage: node bench/team-permissions.mjs [seconds per round=4]. Ports: TEAMS_BENCH_PORT (4345), +1, +2.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { benchTempDir, median, report, requestJson, ROOT, stop, waitFor200 } from './lib.mjs';

const SECONDS = Number(process.argv[2] ?? 4);
const ROUNDS = 5;
const BASE_COMMIT = '56f8eb8';
const WORKTREE = '/tmp/teams-bench-base';
const PORT = Number(process.env.TEAMS_BENCH_PORT ?? 4345);
const PROJECTS = 50;

/** A read-only checkout of the commit before workspaces, sharing this checkout's packages. */
function ensureWorktree() {
  if (!fs.existsSync(path.join(WORKTREE, 'apps/server/src/server.ts'))) {
    const r = spawnSync('git', ['worktree', 'add', '--detach', WORKTREE, BASE_COMMIT], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error('git worktree add failed');
  }
  // Each workspace's own node_modules (e.g. apps/server's ajv) too.
  for (const dir of ['apps/server', 'apps/web', 'packages/contract', 'packages/sdk']) {
    const own = path.join(ROOT, dir, 'node_modules');
    const theirs = path.join(WORKTREE, dir, 'node_modules');
    if (fs.existsSync(own) && !fs.existsSync(theirs)) fs.symlinkSync(own, theirs);
  }
  const modules = path.join(WORKTREE, 'node_modules');
  if (fs.existsSync(modules)) return;
  fs.mkdirSync(path.join(modules, '@codewright'), { recursive: true });
  for (const name of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    if (name === '@codewright') continue;
    fs.symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name));
  }
  // The workspace packages of the old commit, not this checkout's.
  for (const [name, dir] of Object.entries({
    contract: 'packages/contract',
    sdk: 'packages/sdk',
    server: 'apps/server',
    web: 'apps/web',
  }))
    fs.symlinkSync(path.join(WORKTREE, dir), path.join(modules, '@codewright', name));
}

function start(root, port, dir, readCacheMs = '0') {
  const log = fs.openSync(path.join(dir, `server-${port}.log`), 'a');
  return spawn(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'apps/server/src/server.ts')],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: path.join(dir, `data-${port}`),
        RATE_LIMIT_MAX: '1000000000',
        // '0' (uncached): every request runs the ownership / membership query it is judged on;
        // the listing budget is the data layer's, judged with the default read cache (1000).
        DB_READ_CACHE_MS: readCacheMs,
      },
      stdio: ['ignore', log, log],
    },
  );
}

const CODE = `export function Counter() {\n  return <button>+</button>;\n}\n`.repeat(8);

async function seed(base) {
  const call = (method, p, body, token) => requestJson(base, method, p, body, token);
  const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  await call('POST', '/api/auth/signup', { email, password: 'bench-password' });
  const { access_token: token } = await call('POST', '/api/auth/signin/email', {
    email,
    password: 'bench-password',
  });
  await call('POST', '/api/plan/upgrade', { plan: 'pro' }, token);
  const rows = Array.from({ length: PROJECTS }, (_, i) => ({
    name: `Project ${i + 1}`,
    language: 'TypeScript',
    code: CODE,
  }));
  const made = await call('POST', '/api/db/codewright/rest/v1/projects', rows, token);
  return { token, projectId: made[0].id, workspaceId: made[0].workspace_id };
}

const latency = (url, token) =>
  new Promise((resolve, reject) =>
    autocannon(
      { url, connections: 1, duration: SECONDS, headers: { authorization: `Bearer ${token}` } },
      (err, result) => (err ? reject(err) : resolve(result.latency.p50)),
    ),
  );

ensureWorktree();
const dir = benchTempDir('teams-bench-');
const before = start(WORKTREE, PORT, dir);
const after = start(ROOT, PORT + 1, dir);
const cached = start(ROOT, PORT + 2, dir, '1000');
try {
  const since = performance.now();
  await waitFor200(`http://127.0.0.1:${PORT}/api/health`, since, 120_000);
  await waitFor200(`http://127.0.0.1:${PORT + 1}/api/health`, since, 120_000);
  await waitFor200(`http://127.0.0.1:${PORT + 2}/api/health`, since, 120_000);
  const b = await seed(`http://127.0.0.1:${PORT}`);
  const a = await seed(`http://127.0.0.1:${PORT + 1}`);
  const c = await seed(`http://127.0.0.1:${PORT + 2}`);
  const one = (port, s) =>
    `http://127.0.0.1:${port}/api/db/codewright/rest/v1/projects?id=eq.${s.projectId}`;
  const list = (port) =>
    `http://127.0.0.1:${port}/api/db/codewright/rest/v1/projects?order=updated_at.desc`;
  const wsList = (port, s) =>
    `http://127.0.0.1:${port}/api/db/codewright/rest/v1/projects?workspace_id=eq.${s.workspaceId}&order=updated_at.desc`;
  const samples = {
    oneBefore: [],
    oneAfter: [],
    listBefore: [],
    listAfter: [],
    workspaceListUncached: [],
    workspaceList: [],
  };
  // Warm-up, then alternating rounds so both see the same background load.
  await latency(one(PORT, b), b.token);
  await latency(one(PORT + 1, a), a.token);
  for (let i = 0; i < ROUNDS; i++) {
    samples.oneBefore.push(await latency(one(PORT, b), b.token));
    samples.oneAfter.push(await latency(one(PORT + 1, a), a.token));
    samples.listBefore.push(await latency(list(PORT), b.token));
    samples.listAfter.push(await latency(list(PORT + 1), a.token));
    samples.workspaceListUncached.push(await latency(wsList(PORT + 1, a), a.token));
    samples.workspaceList.push(await latency(wsList(PORT + 2, c), c.token));
  }
  const m = Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, median(v)]));
  const added = m.oneAfter - m.oneBefore;
  report(
    'team-permissions',
    [
      { what: `GET one project, before (${BASE_COMMIT})`, p50_ms: m.oneBefore },
      { what: 'GET one project, with workspaces + permissions', p50_ms: m.oneAfter },
      { what: 'added by permission checks (budget < 1 ms)', p50_ms: added },
      { what: `list 50 projects, before (${BASE_COMMIT})`, p50_ms: m.listBefore },
      { what: 'list 50 projects, after', p50_ms: m.listAfter },
      { what: "list a workspace's 50 projects, uncached", p50_ms: m.workspaceListUncached },
      {
        what: "list a workspace's 50 projects, read cache 1000 ms (budget < 5 ms)",
        p50_ms: m.workspaceList,
      },
    ],
    {
      seconds_per_round: SECONDS,
      rounds: ROUNDS,
      samples,
      p50_ms: m,
      added_p50_ms: added,
      budgets: { added_p50_ms: 1, workspace_list_p50_ms: 5 },
      ok: added < 1 && m.workspaceList < 5,
    },
  );
} finally {
  await Promise.all([stop(before), stop(after), stop(cached)]);
}
