// N instances (issue 50; docs/operations.md § Several instances): does a second instance on the
// same PostgreSQL add throughput? An authenticated GET /api/auth/me, asked of one instance with
// 50 connections, vs of two instances with 25 connections each (the sum of both: what a load
// balancer would see), alternating rounds in one run, the load from wrk (apt-get install wrk).
// Both in N-instance mode: Debian's PostgreSQL (scripts/pg-cluster.mjs), DATABASE_URL, the
// shared rate-limit store, STORAGE=local.
// Budget: two serve at least 1.5× one. How the 2 cores are split (BENCH_SPLIT):
// - `share` (the default): each instance is held to half a core by a CPU cgroup (cpu quota
//   50 ms per 100 ms), as if each had a machine's core of its own, and wrk, PostgreSQL and the
//   kernel's loopback use the rest. One instance then has 0.5 core, two have 1 core in all.
// - `free`: nothing split; the instances, PostgreSQL and wrk all float over both cores.
// - `pin`: the first instance on core 0, the second on core 1 (taskset); the rest float.
// Usage: node bench/instances.mjs [seconds=18] (9 rounds of each); ports INSTANCES_PORT
// (default 3167) and the next.
// `share` needs root and a writable cgroup (v1 `cpu` or v2 `cpu.max`), and says so otherwise.
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
  processCpuMs,
  report,
  signUpAndIn,
  startServer,
  stop,
  waitFor200,
} from './lib.mjs';

const SECONDS = Number(process.argv[2] ?? 18);
const ROUNDS = 9;
const CONNECTIONS = 50;
const PORT = Number(process.env.INSTANCES_PORT ?? 3167);
const SPLIT = process.env.BENCH_SPLIT ?? 'share';
const SHARE = Number(process.env.BENCH_SHARE ?? 0.5);
const SPLITS = {
  share:
    'each instance held to 0.5 core (CPU cgroup quota 50 ms / 100 ms); ' +
    'wrk, PostgreSQL and the kernel on the rest',
  free: 'unsplit: instances, PostgreSQL and wrk float over both cores',
  pin: 'instance 0 on core 0, instance 1 on core 1 (taskset); PostgreSQL and wrk float',
};
if (!(SPLIT in SPLITS)) throw new Error(`BENCH_SPLIT must be one of ${Object.keys(SPLITS)}`);
const run = promisify(execFile);

const cluster = await startPgCluster();
const work = benchTempDir('cw-bench-instances-');
const servers = [];
const cgroups = [];
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
    if (SPLIT === 'pin') execFileSync('taskset', ['-a', '-p', '-c', String(i), String(server.pid)]);
    if (SPLIT === 'share') cgroups.push(cpuShare(`instance-${i}`, server.pid, SHARE));
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

  /** The instances' CPU time over a round, in cores: what they were given, and used. */
  const cpuMs = () => servers.reduce((sum, server) => sum + processCpuMs(server.pid), 0);
  const withCores = async (loads) => {
    const [cpu0, t0] = [cpuMs(), performance.now()];
    const results = await loads();
    return Object.assign(results, { cores: (cpuMs() - cpu0) / (performance.now() - t0) });
  };
  const one = () => withCores(async () => [await load(bases[0], CONNECTIONS, slice)]);
  const two = () =>
    withCores(() => Promise.all(bases.map((base) => load(base, CONNECTIONS / 2, slice))));
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
    instance_cores: Math.round(median(list.map((r) => r.cores)) * 100) / 100,
  });
  const rows = {
    one: row('GET /api/auth/me, one instance, 50 connections', rounds.one),
    two: row('GET /api/auth/me, two instances, 25 connections each', rounds.two),
  };
  // Each round of two against the round of one just before it (the machine's speed drifts
  // between rounds on a shared host), then the median of those ratios.
  const sum = (r) => r.reduce((a, x) => a + x.reqPerSec, 0);
  const paired = rounds.one.map((r, i) => Math.round((sum(rounds.two[i]) / sum(r)) * 100) / 100);
  const ratio = median(paired);
  report(
    'instances',
    [
      ...Object.values(rows),
      {
        target: `ratio two / one, median of ${ROUNDS} paired rounds (budget ≥ 1.5)`,
        req_per_s: `${ratio}× (${Math.min(...paired)}–${Math.max(...paired)})`,
      },
    ],
    {
      bench: 'instances',
      seconds: SECONDS,
      rounds: ROUNDS,
      cores: SPLITS[SPLIT],
      ...rows,
      ratio_two_to_one: ratio,
      ratio_by_round: paired,
      machine: machine(),
    },
  );
} finally {
  for (const server of servers) await stop(server);
  for (const group of cgroups) group.remove();
  cluster.stop();
  fs.rmSync(work, { recursive: true, force: true });
}

/**
 * Holds process `pid` (all its threads, and what it starts later) to `cores` of CPU time in a
 * cgroup of its own: v1's `cpu` controller (cfs quota per period) or v2's `cpu.max`.
 */
function cpuShare(name, pid, cores) {
  const period = 100_000;
  const quota = Math.round(cores * period);
  const v1 = '/sys/fs/cgroup/cpu';
  const v2 = '/sys/fs/cgroup';
  const dir = path.join(
    fs.existsSync(path.join(v1, 'cpu.cfs_quota_us')) ? v1 : v2,
    `codewright-bench-${process.pid}-${name}`,
  );
  try {
    fs.mkdirSync(dir);
    if (dir.startsWith(v1)) {
      fs.writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(period));
      fs.writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
    } else {
      fs.writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${period}`);
    }
    fs.writeFileSync(path.join(dir, 'cgroup.procs'), String(pid));
  } catch (err) {
    // A group made before a write failed goes again (an empty one can).
    try {
      fs.rmdirSync(dir);
    } catch {
      /* never made */
    }
    throw new Error(
      `BENCH_SPLIT=share needs a writable CPU cgroup (as root; ${err.message}); ` +
        'run with BENCH_SPLIT=free or BENCH_SPLIT=pin instead',
    );
  }
  return {
    remove() {
      // The process has exited by now, so the group is empty and may go.
      try {
        fs.rmdirSync(dir);
      } catch {
        /* a process still in it: the kernel keeps it until reboot, harmless */
      }
    },
  };
}
