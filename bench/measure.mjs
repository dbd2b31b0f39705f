// Figures and load of the bench scripts: medians and percentiles, a seeded random sequence, the
// version benches' file, a process's CPU time, and autocannon rounds. Re-exported by lib.mjs.
import fs from 'node:fs';
import os from 'node:os';

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** A deterministic pseudo-random sequence in [0, 1) (mulberry32), so every run makes the same edits. */
export function seededRandom(seed) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The lines of the version benches' generated file: `count` distinct lines of code. */
export function benchFileLines(count) {
  return Array.from(
    { length: count },
    (_, i) => `  const value${i} = compute(${i}, "${(i * 7919) % 1000}"); // step ${i}`,
  );
}

/** CPU time (user + system, ms) a process has used so far, all its threads, from /proc (Linux). */
export function processCpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // CLK_TCK = 100
}

/** The nearest-rank `p`th percentile of `xs` (0–100); NaN when there are none. */
export function percentile(xs, p) {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

/** Runs autocannon against the server with `connections` connections; resolves with its result. */
export async function autocannonRun(connections, opts) {
  const { default: autocannon } = await import('autocannon');
  return new Promise((resolve, reject) => {
    autocannon({ connections, ...opts }, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** The machine a bench ran on, for its JSON: cores, Node's version and the 1-minute load. */
export function machine() {
  return { cpus: os.cpus().length, node: process.version, loadavg_1m: os.loadavg()[0] };
}

/**
 * Runs autocannon against each of `targets` (name → autocannon options) in turn: a 2 s warm-up
 * each (JIT, caches), then `rounds` alternating rounds of `seconds / rounds` (at least 1 s) each,
 * with `connections` connections, so that all see the same background load on a shared machine.
 * Resolves with each target's round results (name → array).
 */
export async function alternatingRounds({ connections, seconds, rounds }, targets) {
  for (const opts of Object.values(targets))
    await autocannonRun(connections, { ...opts, duration: 2 });
  const slice = Math.max(1, Math.round(seconds / rounds));
  const results = Object.fromEntries(Object.keys(targets).map((name) => [name, []]));
  for (let i = 0; i < rounds; i++)
    for (const [name, opts] of Object.entries(targets))
      results[name].push(await autocannonRun(connections, { ...opts, duration: slice }));
  return results;
}

/**
 * The row of one target of alternatingRounds: requests per second over all its rounds, the
 * rounds' p50 and p99 latencies brought to one figure by `pick` (the median, or the worst), and
 * the non-2xx answers and errors summed.
 */
export function roundsRow(target, rounds, pick) {
  const sum = (f) => rounds.reduce((a, r) => a + f(r), 0);
  return {
    target,
    req_per_s: Math.round(sum((r) => r.requests.total) / sum((r) => r.duration)),
    p50_ms: pick(rounds.map((r) => r.latency.p50)),
    p99_ms: pick(rounds.map((r) => r.latency.p99)),
    non_2xx: sum((r) => r.non2xx),
    errors: sum((r) => r.errors),
  };
}

/** A process's resident memory (VmRSS, KB) from /proc (Linux). */
export const rssKb = (pid) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/** Resolves after `ms`. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * A process's retained memory in bytes (V8 heap plus the array buffers outside it), read through
 * its inspector (`--inspect=127.0.0.1:<port>`) after two full garbage collections: unlike RSS, it
 * counts no garbage not yet collected and no pages the allocator keeps.
 */
export async function retainedBytes(inspectPort) {
  const { WebSocket } = await import('ws');
  const [target] = await (await fetch(`http://127.0.0.1:${inspectPort}/json/list`)).json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let next = 0;
  const call = (method, params = {}) =>
    new Promise((resolve) => {
      const id = ++next;
      const onMessage = (data) => {
        const message = JSON.parse(String(data));
        if (message.id !== id) return;
        ws.off('message', onMessage);
        resolve(message.result);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id, method, params }));
    });
  try {
    await call('HeapProfiler.collectGarbage');
    await call('HeapProfiler.collectGarbage');
    const { result } = await call('Runtime.evaluate', {
      expression: 'JSON.stringify(process.memoryUsage())',
      returnByValue: true,
    });
    const usage = JSON.parse(result.value);
    return usage.heapUsed + usage.external;
  } finally {
    ws.close();
  }
}
