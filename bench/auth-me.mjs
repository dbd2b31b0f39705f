// Budget: an authenticated GET /api/auth/me does at least 40% of the
// requests per second of a bare Fastify route, same machine, same run
// (autocannon, 50 connections). The real built server runs on the embedded PostgreSQL with its
// default logging (to a file). Usage: node bench/auth-me.mjs [seconds=10]
// Ports: AUTHME_PORT (server, default 3151) and AUTHME_PORT + 1 (bare Fastify).
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import {
  alternatingRounds,
  machine,
  report,
  roundsRow,
  signUpAndIn,
  stop,
  waitFor200,
  withTempServer,
} from './lib.mjs';

/** Warm-ups, then 5 alternating short rounds of 50 connections; totals are summed over the rounds. */
const RUN = { connections: 50, seconds: Number(process.argv[2] ?? 10), rounds: 5 };
const SERVER_PORT = Number(process.env.AUTHME_PORT ?? 3151);
const BARE_PORT = SERVER_PORT + 1;
const BUDGET_RATIO = 0.4;

const bareFastify = fileURLToPath(new URL('./bare-fastify.mjs', import.meta.url));
const serverEnv = { RATE_LIMIT_MAX: '1000000000' };
await withTempServer(
  'cw-bench-me-',
  SERVER_PORT,
  serverEnv,
  async () => {
    const bare = spawn(process.execPath, [bareFastify, String(BARE_PORT)], { stdio: 'inherit' });
    try {
      await waitFor200(`http://127.0.0.1:${BARE_PORT}/`, performance.now());
      await compare();
    } finally {
      await stop(bare);
    }
  },
  { healthMs: 30_000 },
);

/** Signs a user in, then runs the alternating rounds of /api/auth/me and the bare route. */
async function compare() {
  const signin = await signUpAndIn(
    `http://127.0.0.1:${SERVER_PORT}`,
    `bench-${Date.now()}@example.com`,
    'bench-password',
  );
  const headers = { authorization: `Bearer ${signin.access_token}` };

  const total = await alternatingRounds(RUN, {
    bare: { url: `http://127.0.0.1:${BARE_PORT}/` },
    me: { url: `http://127.0.0.1:${SERVER_PORT}/api/auth/me`, headers },
  });
  const row = (name, rs) => roundsRow(name, rs, (xs) => Math.max(...xs));
  const bareRow = row('bare Fastify {hello:"world"}', total.bare);
  const meRow = row('GET /api/auth/me (embedded PostgreSQL, authenticated)', total.me);
  const ratio = meRow.req_per_s / bareRow.req_per_s;
  const json = {
    bench: 'auth-me',
    ...RUN,
    bare_fastify: bareRow,
    auth_me: meRow,
    ratio: Math.round(ratio * 1000) / 1000,
    budget_ratio: BUDGET_RATIO,
    within_budget: ratio >= BUDGET_RATIO && meRow.non_2xx === 0,
    machine: machine(),
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
}
