// Budgets (docs/decisions/025): (1) permission checks add under 1 ms p50 to an authenticated
// request; (2) listing a workspace's 50 projects keeps the data layer's p50 under 5 ms, judged
// here uncached, which is stricter than bench/list-projects.mjs (read cache 1000 ms).
//
// One checkout, one process: the app is built in-process (buildApp, embedded PostgreSQL in a
// throwaway DATA_DIR, read cache off so every request runs its query). The check of a db REST
// read is its row scope (apps/server/src/modules/db/row-scope.ts: a membership of the
// project's workspace whose role may read, from the permission table). Its cost is the same
// statement the route runs, timed with that scope and with the ownership rule it replaced
// (`user_id = caller`, the scope before workspaces), alternating, on the same database; the
// answers are checked to be equal. The permission table lookup alone (rowScopeSql, which asks
// workspaceRolesWith) is timed too, and the whole routes for scale (app.inject, no sockets).
// Usage: node bench/team-permissions.mjs [statement pairs=2000]
import fs from 'node:fs';
import { sql } from 'drizzle-orm';
import { tsImport } from 'tsx/esm/api';
import { benchTempDir, median, report } from './lib.mjs';

const PAIRS = Number(process.argv[2] ?? 2000);
const ROUTE_RUNS = 1000;
const PROJECTS = 50;
const server = (file) => tsImport(`../apps/server/src/${file}`, import.meta.url);
const { buildApp } = await server('app.ts');
const { parseEnv } = await server('env.ts');
const { rowScopeSql } = await server('modules/db/row-scope.ts');
const { selectJsonSql } = await server('modules/db/sql-builder.ts');
const { parseQuery } = await server('modules/db/query-parser.ts');
const { tableSpec } = await server('modules/db/tables.ts');

const CODE = `export function Counter() {\n  return <button>+</button>;\n}\n`.repeat(8);

async function inject(app, method, url, body, token) {
  const res = await app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body === undefined ? {} : { payload: body }),
  });
  if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
  return res.body ? res.json() : null;
}

async function seed(app) {
  const email = `bench-${Date.now()}@example.com`;
  await inject(app, 'POST', '/api/auth/signup', { email, password: 'bench-password' });
  const signedIn = await inject(app, 'POST', '/api/auth/signin/email', {
    email,
    password: 'bench-password',
  });
  const token = signedIn.access_token;
  await inject(app, 'POST', '/api/plan/upgrade', { plan: 'pro' }, token);
  const rows = Array.from({ length: PROJECTS }, (_, i) => ({
    name: `Project ${i + 1}`,
    language: 'TypeScript',
    code: CODE,
  }));
  const made = await inject(app, 'POST', '/api/db/codewright/rest/v1/projects', rows, token);
  return {
    token,
    userId: signedIn.user.id,
    projectId: made[0].id,
    workspaceId: made[0].workspace_id,
  };
}

const msOf = async (run) => {
  const t0 = performance.now();
  await run();
  return performance.now() - t0;
};

/** p50 of each statement, run in pairs whose order alternates, so both see the same load. */
async function pairs(app, withCheck, without) {
  const a = [];
  const b = [];
  const [first, second] = [await app.db.execute(withCheck()), await app.db.execute(without())];
  if (JSON.stringify(first.rows ?? first) !== JSON.stringify(second.rows ?? second))
    throw new Error('the two scopes answer differently');
  for (let i = 0; i < PAIRS; i++) {
    if (i % 2 === 0) {
      a.push(await msOf(() => app.db.execute(withCheck())));
      b.push(await msOf(() => app.db.execute(without())));
    } else {
      b.push(await msOf(() => app.db.execute(without())));
      a.push(await msOf(() => app.db.execute(withCheck())));
    }
  }
  return { with: median(a), without: median(b) };
}

const dir = benchTempDir('teams-bench-');
const config = parseEnv({
  NODE_ENV: 'production',
  DATA_DIR: `${dir}/data`,
  LOG_LEVEL: 'silent',
  RATE_LIMIT_MAX: '1000000000',
  DB_READ_CACHE_MS: '0',
});
const app = await buildApp({ config, logger: false });
await app.ready();
try {
  const s = await seed(app);
  const spec = tableSpec('projects');
  const ownRows = sql`${sql.identifier('user_id')} = ${s.userId}`;
  const oneQuery = parseQuery(spec, { id: `eq.${s.projectId}` });
  const listQuery = parseQuery(spec, {
    workspace_id: `eq.${s.workspaceId}`,
    order: 'updated_at.desc',
  });

  // The table lookup alone: 1,000 scopes per batch, the p50 of 200 batches, per scope.
  const lookups = [];
  for (let batch = 0; batch < 200; batch++) {
    const t0 = performance.now();
    for (let i = 0; i < 1000; i++) rowScopeSql('projects', s.userId, 'read');
    lookups.push((performance.now() - t0) / 1000);
  }

  const one = await pairs(
    app,
    () => selectJsonSql(spec, oneQuery, rowScopeSql('projects', s.userId, 'read')),
    () => selectJsonSql(spec, oneQuery, ownRows),
  );
  const list = await pairs(
    app,
    () => selectJsonSql(spec, listQuery, rowScopeSql('projects', s.userId, 'read')),
    () => selectJsonSql(spec, listQuery, ownRows),
  );

  const route = async (url) => {
    const times = [];
    for (let i = 0; i < ROUTE_RUNS; i++)
      times.push(await msOf(() => inject(app, 'GET', url, undefined, s.token)));
    return median(times);
  };
  const rest = '/api/db/codewright/rest/v1/projects';
  const oneRoute = await route(`${rest}?id=eq.${s.projectId}`);
  const listRoute = await route(`${rest}?workspace_id=eq.${s.workspaceId}&order=updated_at.desc`);

  const added = one.with - one.without;
  const p50 = {
    table_lookup: median(lookups),
    one_project_statement_with_check: one.with,
    one_project_statement_without_check: one.without,
    added_by_check: added,
    list_statement_with_check: list.with,
    list_statement_without_check: list.without,
    one_project_route: oneRoute,
    workspace_list_route: listRoute,
  };
  report(
    'team-permissions',
    [
      { what: 'permission table lookup (rowScopeSql)', p50_ms: p50.table_lookup },
      { what: 'GET one project: statement with the check', p50_ms: one.with },
      { what: 'GET one project: statement, owner rule before', p50_ms: one.without },
      { what: 'added by the permission check (budget < 1 ms)', p50_ms: added },
      { what: "list a workspace's 50 projects: statement with", p50_ms: list.with },
      { what: "list a workspace's 50 projects: owner rule before", p50_ms: list.without },
      { what: 'GET one project, whole route (inject)', p50_ms: oneRoute },
      { what: "list a workspace's 50 projects, whole route (budget < 5 ms)", p50_ms: listRoute },
    ],
    {
      statement_pairs: PAIRS,
      route_runs: ROUTE_RUNS,
      read_cache_ms: 0,
      p50_ms: p50,
      budgets: { added_p50_ms: 1, workspace_list_p50_ms: 5 },
      ok: added < 1 && listRoute < 5,
    },
  );
} finally {
  await app.close();
  fs.rmSync(dir, { recursive: true, force: true });
}
