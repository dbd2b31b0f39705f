// Budget: an authenticated GET /api/auth/me does at least 40% of the
// requests per second of a bare Fastify route, same machine, same run
// (autocannon, 50 connections). The real built server runs on the embedded PostgreSQL with its
// default logging (to a file). Usage: node bench/auth-me.mjs [seconds=10]
// Ports: AUTHME_PORT (server, default 3151) and AUTHME_PORT + 1 (bare Fastify).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import {
  alternatingRounds,
  report,
  signUpAndIn,
  startTempServer,
  stop,
  waitFor200,
} from './lib.mjs';

const SECONDS = Number(process.argv[2] ?? 10);
const CONNECTIONS = 50;
const SERVER_PORT = Number(process.env.AUTHME_PORT ?? 3151);
const BARE_PORT = SERVER_PORT + 1;
const BUDGET_RATIO = 0.4;

const { server, work } = startTempServer('cw-bench-me-', SERVER_PORT, {
  RATE_LIMIT_MAX: '1000000000',
});
const bare = spawn(
  process.execPath,
  [fileURLToPath(new URL('./bare-fastify.mjs', import.meta.url)), String(BARE_PORT)],
  {
    stdio: 'inherit',
  },
);

try {
  const since = performance.now();
  await waitFor200(`http://127.0.0.1:${SERVER_PORT}/api/health`, since);
  await waitFor200(`http://127.0.0.1:${BARE_PORT}/`, since);

  const signin = await signUpAndIn(
    `http://127.0.0.1:${SERVER_PORT}`,
    `bench-${Date.now()}@example.com`,
    'bench-password',
  );
  const headers = { authorization: `Bearer ${signin.access_token}` };

  // Warm-ups, then alternating short rounds; totals are summed over the rounds.
  const ROUNDS = 5;
  const total = await alternatingRounds(
    CONNECTIONS,
    {
      bare: { url: `http://127.0.0.1:${BARE_PORT}/` },
      me: { url: `http://127.0.0.1:${SERVER_PORT}/api/auth/me`, headers },
    },
    SECONDS,
    ROUNDS,
  );
  const sum = (rs, f) => rs.reduce((a, r) => a + f(r), 0);
  const max = (rs, f) => Math.max(...rs.map(f));
  const row = (name, rs) => ({
    target: name,
    req_per_s: Math.round(sum(rs, (r) => r.requests.total) / sum(rs, (r) => r.duration)),
    p50_ms: max(rs, (r) => r.latency.p50),
    p99_ms: max(rs, (r) => r.latency.p99),
    non_2xx: sum(rs, (r) => r.non2xx),
    errors: sum(rs, (r) => r.errors),
  });
  const bareRow = row('bare Fastify {hello:"world"}', total.bare);
  const meRow = row('GET /api/auth/me (embedded PostgreSQL, authenticated)', total.me);
  const ratio = meRow.req_per_s / bareRow.req_per_s;
  const json = {
    bench: 'auth-me',
    connections: CONNECTIONS,
    seconds: SECONDS,
    rounds: ROUNDS,
    bare_fastify: bareRow,
    auth_me: meRow,
    ratio: Math.round(ratio * 1000) / 1000,
    budget_ratio: BUDGET_RATIO,
    within_budget: ratio >= BUDGET_RATIO && meRow.non_2xx === 0,
    machine: { cpus: os.cpus().length, node: process.version, loadavg_1m: os.loadavg()[0] },
  };
  report(
    'auth-me',
    [
      json.bare_fastify,
      json.auth_me,
      { target: 'ratio (me / bare)', req_per_s: `${(ratio * 100).toFixed(1)}% (budget ≥ 40%)` },
    ],
    json,
  );
} finally {
  await stop(server);
  await stop(bare);
  fs.rmSync(work, { recursive: true, force: true });
}
