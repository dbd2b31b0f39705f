// N instances (issue 50; docs/operations.md § Several instances): does a second instance on the
// same PostgreSQL add throughput? An authenticated GET /api/auth/me, asked of one instance with
// 50 connections, vs of two instances with 25 connections each (the sum of both: what a load
// balancer would see), alternating rounds in one run, the load from wrk (apt-get install wrk). Both in N-instance mode: Debian's
// PostgreSQL (scripts/pg-cluster.mjs), DATABASE_URL, the shared rate-limit store, STORAGE=local.
// Budget: two serve at least 1.5× one. Cores: BENCH_PIN=1 pins the first instance to core 0
// and the second to core 1 (taskset); PostgreSQL and the load generator float over both.
// Usage: node bench/instances.mjs [seconds=10]; ports INSTANCES_PORT (default 3167) and the next.
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { startPgCluster } from '../scripts/pg-cluster.mjs';
import {
  benchTempDir,
  machine,
  median,
  report,
  signUpAndIn,
  startServer,
  stop,
  waitFor200,
} from './lib.mjs';

const SECONDS = Number(process.argv[2] ?? 10);
const ROUNDS = 5;
const CONNECTIONS = 50;
const PORT = Number(process.env.INSTANCES_PORT ?? 3167);
const PIN = process.env.BENCH_PIN === '1';
const run = promisify(execFile);

const cluster = await startPgCluster();
const work = benchTempDir('cw-bench-instances-');
const servers = [];
try {
  const admin = new pg.Client({ connectionString: cluster.url });
  await admin.connect();
  await admin.query('CREATE DATABASE bench_instances');
  await admin.end();
  const databaseUrl = cluster.url.replace(/\/postgres$/, '/bench_instances');

  const bases = [];
  for (const i of [0, 1]) {
    const dataDir = path.join(work, `instance-${i}`);
    const server = startServer(
      {
        PORT: String(PORT + i),
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl,
        STORAGE: 'local',
        JWT_SECRET: 'bench-instances-secret-of-at-least-32-characters',
        RATE_LIMIT_MAX: '1000000000',
        LOG_LEVEL: 'warn',
      },
      path.join(work, `instance-${i}.log`),
    );
    servers.push(server);
    const base = `http://127.0.0.1:${PORT + i}`;
    // One after the other: the first migrates the database.
    await waitFor200(`${base}/api/health`, performance.now(), 60_000);
    if (PIN) execFileSync('taskset', ['-a', '-p', '-c', String(i), String(server.pid)]);
    bases.push(base);
  }
  const session = await signUpAndIn(bases[0], `bench-n-${Date.now()}@example.com`, 'bench-pw');
  /**
   * wrk (one thread) on `base`'s GET /api/auth/me: far cheaper per request than a Node load
   * generator, which on 2 cores would take the core a second instance needs.
   */
  const load = async (base, connections, seconds) => {
    const { stdout: out } = await run('wrk', [
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--latency',
      '-H',
      `authorization: Bearer ${session.access_token}`,
      `${base}/api/auth/me`,
    ]);
    const ms = (p) => {
      const [, value, unit] = new RegExp(`${p}%\\s+([\\d.]+)(us|ms|s)`).exec(out) ?? [];
      return Number(value) * (unit === 'us' ? 0.001 : unit === 's' ? 1000 : 1);
    };
    if (/Non-2xx/.test(out)) throw new Error(`wrk saw non-2xx answers:\n${out}`);
    return {
      reqPerSec: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)[1]),
      p50Ms: ms(50),
      p99Ms: ms(99),
    };
  };

  const one = async () => [await load(bases[0], CONNECTIONS, slice)];
  const two = () => Promise.all(bases.map((base) => load(base, CONNECTIONS / 2, slice)));
  // Warm-up (JIT, caches), then alternating rounds so both see the same background load.
  let slice = 2;
  await one();
  await two();
  slice = Math.max(1, Math.round(SECONDS / ROUNDS));
  const rounds = { one: [], two: [] };
  for (let i = 0; i < ROUNDS; i++) {
    rounds.one.push(await one());
    rounds.two.push(await two());
  }
  /** A row of rounds: requests per second summed over the instances, latencies the slowest's. */
  const row = (target, list) => ({
    target,
    req_per_s: Math.round(median(list.map((r) => r.reduce((a, x) => a + x.reqPerSec, 0)))),
    p50_ms: median(list.map((r) => Math.max(...r.map((x) => x.p50Ms)))),
    p99_ms: median(list.map((r) => Math.max(...r.map((x) => x.p99Ms)))),
  });
  const rows = {
    one: row('GET /api/auth/me, one instance, 50 connections', rounds.one),
    two: row('GET /api/auth/me, two instances, 25 connections each', rounds.two),
  };
  const ratio = Math.round((rows.two.req_per_s / rows.one.req_per_s) * 100) / 100;
  report(
    'instances',
    [...Object.values(rows), { target: 'ratio two / one (budget ≥ 1.5)', req_per_s: `${ratio}×` }],
    {
      bench: 'instances',
      seconds: SECONDS,
      rounds: ROUNDS,
      cores: PIN ? 'instance 0 on core 0, instance 1 on core 1' : 'unpinned',
      ...rows,
      ratio_two_to_one: ratio,
      machine: machine(),
    },
  );
} finally {
  for (const server of servers) await stop(server);
  cluster.stop();
  fs.rmSync(work, { recursive: true, force: true });
}
