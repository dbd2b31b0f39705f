// What the shared rate-limit store costs: an authenticated GET /api/auth/me (a cached principal,
// so the limiter's query is most of the database work) on a server whose per-IP limits count in
// memory vs one that counts in PostgreSQL (RATE_LIMIT_STORE=postgres: one upsert per request,
// docs/operations.md § PostgreSQL). Each is asked from one client IP (every hit on one row: the
// worst case for the row, though its hits are claimed 50 at a time) and from 100,000 (each
// request a first one for its IP: every request a statement; X-Forwarded-For, TRUST_PROXY=true
// on both). Autocannon, 50 connections, alternating rounds; the limit itself is out of reach.
// Two servers on their own embedded PostgreSQL, or both on DATABASE_URL when it is set.
// Usage: node bench/rate-limit-store.mjs [seconds=10]; ports RATELIMIT_PORT (default 3165) and
// the next one. BENCH_FROM_SOURCE=1 runs the servers from source.
import {
  alternatingRounds,
  machine,
  median,
  report,
  roundsRow,
  signUpAndIn,
  withTempServer,
} from './lib.mjs';

const RUN = { connections: 50, seconds: Number(process.argv[2] ?? 10), rounds: 5 };
const PORT = Number(process.env.RATELIMIT_PORT ?? 3165);
const CLIENT_IPS = 100_000;
const env = (store) => ({
  RATE_LIMIT_STORE: store,
  RATE_LIMIT_MAX: '1000000000',
  TRUST_PROXY: 'true',
  LOG_LEVEL: 'warn',
});

/** Autocannon options for GET /api/auth/me on `base` as `token`, from one IP or from many. */
function target(base, token, manyIps) {
  const headers = { authorization: `Bearer ${token}` };
  if (!manyIps) return { url: `${base}/api/auth/me`, headers };
  let next = 0;
  const setupRequest = (request) => {
    const i = next++ % CLIENT_IPS;
    return {
      ...request,
      headers: {
        ...request.headers,
        'x-forwarded-for': `10.${i >> 16}.${(i >> 8) & 255}.${i & 255}`,
      },
    };
  };
  return { url: `${base}/api/auth/me`, headers, requests: [{ method: 'GET', setupRequest }] };
}

/** Starts the server with `store`, signs a bench user in, and answers body's result. */
const withServer = (store, port, body) =>
  withTempServer(
    `cw-bench-rl-${store}-`,
    port,
    env(store),
    async ({ base }) => {
      const signin = await signUpAndIn(
        base,
        `bench-rl-${store}-${Date.now()}@example.com`,
        'bench-pw',
      );
      return body(base, signin.access_token);
    },
    { healthMs: 60_000 },
  );

await withServer('memory', PORT, (memoryBase, memoryToken) =>
  withServer('postgres', PORT + 1, async (pgBase, pgToken) => {
    const total = await alternatingRounds(RUN, {
      memory: target(memoryBase, memoryToken, false),
      postgres: target(pgBase, pgToken, false),
      memoryMany: target(memoryBase, memoryToken, true),
      postgresMany: target(pgBase, pgToken, true),
    });
    const row = (name, rounds) => roundsRow(name, rounds, median);
    const rows = {
      memory: row('GET /api/auth/me, memory store, 1 IP', total.memory),
      postgres: row('GET /api/auth/me, postgres store, 1 IP', total.postgres),
      memoryMany: row(`GET /api/auth/me, memory store, ${CLIENT_IPS} IPs`, total.memoryMany),
      postgresMany: row(`GET /api/auth/me, postgres store, ${CLIENT_IPS} IPs`, total.postgresMany),
    };
    const ratio = (pg, mem) => Math.round((rows[pg].req_per_s / rows[mem].req_per_s) * 1000) / 1000;
    const ratios = {
      one_ip: ratio('postgres', 'memory'),
      many_ips: ratio('postgresMany', 'memoryMany'),
    };
    const json = {
      bench: 'rate-limit-store',
      ...RUN,
      database: process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded (one per server)',
      ...rows,
      ratio_postgres_to_memory: ratios,
      machine: machine(),
    };
    report(
      'rate-limit-store',
      [
        ...Object.values(rows),
        {
          target: 'ratio postgres / memory, 1 IP',
          req_per_s: `${(ratios.one_ip * 100).toFixed(1)}%`,
        },
        {
          target: `ratio postgres / memory, ${CLIENT_IPS} IPs`,
          req_per_s: `${(ratios.many_ips * 100).toFixed(1)}%`,
        },
      ],
      json,
    );
  }),
);
