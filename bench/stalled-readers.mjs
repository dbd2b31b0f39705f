// Budget (docs/decisions/012): 20 AI streams whose clients stop reading leave the
// server's memory growth under 50 MB and /api/health p99 under 50 ms.
// (Over 300 lines: one run — warm-up, stalled streams, health probes and the model's IPC reports —
// shares its server, users and timeline to print one set of figures; process and report helpers are
// bench/lib.mjs.)
// The server runs as `npm start` runs it (the built bundle; BENCH_FROM_SOURCE=1: from source
// through tsx) on a fresh DATA_DIR (the embedded database, or PostgreSQL
// when DATABASE_URL is set) with its default stall limit (AI_STREAM_STALL_MS, 30 s) unless
// BENCH_STALL_MS says otherwise. The scripted test model (e2e/fixtures/model-server.mjs) runs in
// a child process of this script (making the answers costs CPU this client needs for its
// probes), which reports over IPC what it sent and when its requests were aborted.
// Each of 20 users opens one streamed /text call on a raw socket and stops reading once the
// answer's status line arrived. The answers are long (BENCH_STALL_ANSWER_KIB, 64 MiB each, sent
// as fast as the sockets take them: without backpressure the server would hold the answers in
// memory; with it, a stalled reader takes what the socket buffers hold — about 4 MB on Linux
// loopback — and the model the same on its side, then everything waits): half hold the long text
// before their code ([[long]]), half inside it ([[long-code]]); both were delivered text, so
// both keep their charge (DESIGN §3.2: only a failed call or one that delivered nothing is
// refunded). Before the baseline the server streams the same volume (4 MiB each, 20 at
// once, twice) to readers that read, so that the figure is what stalling adds. Figures:
//  - server RSS (/proc/<pid>/status VmRSS) before the streams and at its peak while they stall;
//  - /api/health latency p50/p99, sequential probes from the opening of the streams until the
//    first drop (the socket buffers filling, then the stall), and which probes were slow;
//  - how many streams were dropped (the model saw its request aborted) and when, how much of
//    each answer the model had sent by then, and each user's meter afterwards.
// Usage: node bench/stalled-readers.mjs [streams=20]
// BENCH_STALL_PORT moves the server (3720); BENCH_SERVER_TS runs another server entry (e.g. an
// older checkout, to compare); BENCH_NODE_ARGS passes extra node flags to the server.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startModelServer } from '../e2e/fixtures/model-server.mjs';
import {
  benchTempDir,
  percentile,
  report,
  requestJson,
  signUpAndIn,
  startAiServer,
  stop,
  waitFor200,
} from './lib.mjs';

// The model child: `node bench/stalled-readers.mjs --model-child` (forked below). It answers
// {url} once listening, then {records} for every 'records' message.
if (process.argv[2] === '--model-child') {
  const model = await startModelServer({ port: 0 });
  process.send({ url: model.url });
  process.on('message', (m) => {
    if (m === 'records') {
      process.send({
        records: model.requests.map((r) => ({
          text: JSON.stringify(r.body.messages),
          closedEarly: r.closedEarly,
          finished: r.finished,
          chunksSent: r.chunksSent,
          chunksTotal: r.chunksTotal,
        })),
      });
    } else if (m === 'close') {
      void model.close().then(() => process.exit(0));
    }
  });
  await new Promise(() => {});
}

const STREAMS = Number(process.argv[2] ?? 20);
const PORT = Number(process.env.BENCH_STALL_PORT ?? 3720);
const STALL_MS = Number(process.env.BENCH_STALL_MS ?? 30_000);
const ANSWER_KIB = Number(process.env.BENCH_STALL_ANSWER_KIB ?? 64 * 1024);
const CHUNK_DELAY_MS = Number(process.env.BENCH_STALL_CHUNK_DELAY_MS ?? 0);
// What a stalled reader takes before the socket buffers between it and the server are full
// (about 4 MB each on Linux loopback), streamed to readers that read, before the baseline.
const WARM_KIB = 4 * 1024;
// Rounds of that warm-up (BENCH_STALL_WARM_ROUNDS=0: a fresh server's growth, heap sizing included).
const WARM_ROUNDS = Number(process.env.BENCH_STALL_WARM_ROUNDS ?? 2);
const BUDGET = { rss_growth_mb: 50, health_p99_ms: 50 };

const round = (x) => Math.round(x * 100) / 100;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const mb = (kb) => round(kb / 1024);

/** Resident memory (KiB) of a process, from /proc (Linux). */
function rssKbOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? NaN);
}

const base = `http://127.0.0.1:${PORT}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/** One GET /api/health on a kept-alive connection; resolves with its latency in ms. */
function healthOnce() {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    http
      .get(`${base}/api/health`, { agent }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(performance.now() - t0)
            : reject(new Error(`health ${res.statusCode}`)),
        );
      })
      .on('error', reject);
  });
}

/**
 * Probes health one request after another until `until()` says stop; returns the latencies
 * and, for those over the budget, when they were sent (ms since `since`).
 */
async function probeHealth(until, since) {
  const latencies = [];
  const slow = [];
  while (!until()) {
    const sentAt = performance.now() - since;
    const ms = await healthOnce();
    latencies.push(ms);
    if (ms >= BUDGET.health_p99_ms) slow.push([Math.round(sentAt), Math.round(ms)]);
    await sleep(20);
  }
  return { latencies, slow };
}

/** A streamed /text call on a raw socket that stops reading once the status line arrived. */
function stalledReader(token, prompt) {
  const socket = net.connect(PORT, '127.0.0.1');
  const body = JSON.stringify({ prompt, stream: true });
  socket.write(
    `POST /api/ai/codewright/text HTTP/1.1\r\nhost: 127.0.0.1\r\n` +
      `authorization: Bearer ${token}\r\ncontent-type: application/json\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
  socket.on('error', () => {});
  const status = new Promise((resolve) => {
    socket.once('data', (chunk) => {
      socket.pause();
      resolve(chunk.toString('latin1').split('\r\n')[0]);
    });
  });
  return { socket, status };
}

const dataDir = benchTempDir('cw-bench-stall-');
const logFile = path.join(dataDir, 'bench.log');
const modelChild = fork(fileURLToPath(import.meta.url), ['--model-child'], {
  stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
});
const modelUrl = await new Promise((resolve) => modelChild.once('message', (m) => resolve(m.url)));
/** The model's records (what it sent, whether the request was aborted), fetched over IPC. */
const modelRecords = () =>
  new Promise((resolve) => {
    const onMessage = (m) => {
      if (!m.records) return;
      modelChild.off('message', onMessage);
      resolve(m.records);
    };
    modelChild.on('message', onMessage);
    modelChild.send('records');
  });
const app = startAiServer(
  PORT,
  path.join(dataDir, 'data'),
  modelUrl,
  { AI_STREAM_STALL_MS: String(STALL_MS) },
  logFile,
);

let exitCode = 0;
const readers = [];
try {
  await waitFor200(`${base}/api/health`, performance.now(), 120_000);
  const json = (method, p, body, token) => requestJson(base, method, p, body, token);
  const users = [];
  for (let i = 0; i < STREAMS; i++) {
    const email = `bench-stall-${Date.now()}-${i}@example.test`;
    const session = await signUpAndIn(base, email, 'correct horse battery');
    users.push({ token: session.access_token, beforeCode: i % 2 === 0 });
  }

  // Warm-up, then the baseline: the same traffic as the stalled readers will take before their
  // socket buffers fill (WARM_KIB each, 20 at once), to readers that read it all, so that the
  // baseline is the memory of a server that has streamed that much (its heap grown to size),
  // and the figure below is what stalling adds. Charged to `edit` (the generation meter is
  // checked for the charging rule below).
  const warmOnce = (u, i) =>
    fetch(`${base}/api/ai/codewright/text`, {
      method: 'POST',
      headers: { authorization: `Bearer ${u.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        prompt: `[[long:${WARM_KIB}]] warm-up ${i}`,
        stream: true,
        meter: 'edit',
      }),
    }).then((res) => res.text());
  for (let round = 0; round < WARM_ROUNDS; round++) await Promise.all(users.map(warmOnce));
  for (let i = 0; i < 50; i++) await healthOnce();
  const baselineHealth = [];
  for (let i = 0; i < 50; i++) baselineHealth.push(await healthOnce());
  await sleep(500);
  const rssBeforeKb = rssKbOf(app.pid);

  // 20 readers that stop reading.
  const startedAt = performance.now();
  users.forEach((u, i) => {
    const marker = `stalled reader ${i} ${Date.now()}`;
    const directive =
      (u.beforeCode ? `[[long:${ANSWER_KIB}]]` : `[[long-code:${ANSWER_KIB}]]`) +
      ` [[chunk-delay:${CHUNK_DELAY_MS}]]`;
    readers.push({ user: u, marker, ...stalledReader(u.token, `${directive} ${marker}`) });
  });
  const statuses = await Promise.all(readers.map((r) => r.status));
  const streamsOpenAfterMs = performance.now() - startedAt;
  let records = [];
  const recordOf = (r) => records.find((q) => q.text.includes(r.marker));

  // The stall period: RSS sampled every 250 ms, health probed back to back, until every
  // stream was dropped (the model saw its request aborted) or the limit plus 15 s passed.
  const deadline = startedAt + STALL_MS + 15_000;
  const droppedAt = new Map();
  let rssPeakKb = rssBeforeKb;
  const rssSamples = [];
  const allDropped = () => droppedAt.size === readers.length;
  const sampler = setInterval(async () => {
    const kb = rssKbOf(app.pid);
    rssSamples.push(kb);
    rssPeakKb = Math.max(rssPeakKb, kb);
    records = await modelRecords();
    for (const r of readers) {
      if (!droppedAt.has(r) && recordOf(r)?.closedEarly) droppedAt.set(r, performance.now());
    }
  }, 250);
  // Health over the stall, before the drops began (the budget's period).
  const { latencies: stallHealth, slow: slowProbes } = await probeHealth(
    () =>
      droppedAt.size > 0 ||
      performance.now() > deadline ||
      performance.now() - startedAt > STALL_MS,
    startedAt,
  );
  while (!allDropped() && performance.now() < deadline) await sleep(100);
  clearInterval(sampler);
  const rssAfterDropKb = rssKbOf(app.pid);

  // Meters after the drops: text was delivered to every reader, code or not → all charged.
  await sleep(500);
  const meters = await Promise.all(
    readers.map(async (r) => (await json('GET', '/api/plan', undefined, r.user.token)).usage),
  );
  const chargesRight = readers.every((r, i) => meters[i].generationsUsed === 1);
  const sentShares = readers.map((r) => {
    const rec = recordOf(r);
    return rec && rec.chunksTotal > 0 ? rec.chunksSent / rec.chunksTotal : NaN;
  });
  const dropAfter = [...droppedAt.values()].map((t) => (t - startedAt) / 1000);
  const dropSpan =
    dropAfter.length > 0
      ? `dropped ${round(Math.min(...dropAfter))}–${round(Math.max(...dropAfter))} s after opening`
      : `none dropped within ${(deadline - startedAt) / 1000} s`;

  const growthMb = mb(rssPeakKb - rssBeforeKb);
  const healthP99 = percentile(stallHealth, 99);
  const result = {
    streams: STREAMS,
    answer_mib_each: round(ANSWER_KIB / 1024),
    model_chunk_kib_every_ms: CHUNK_DELAY_MS,
    stall_limit_s: STALL_MS / 1000,
    warm_up_rounds: WARM_ROUNDS,
    answered_200: statuses.filter((s) => s === 'HTTP/1.1 200 OK').length,
    // What the others answered instead (their status lines).
    answered_other: statuses.filter((s) => s !== 'HTTP/1.1 200 OK'),
    streams_open_after_ms: Math.round(streamsOpenAfterMs),
    memory: {
      rss_before_mb: mb(rssBeforeKb),
      rss_peak_mb: mb(rssPeakKb),
      rss_growth_mb: growthMb,
      rss_after_drops_mb: mb(rssAfterDropKb),
      samples: rssSamples.length,
      budget_mb: BUDGET.rss_growth_mb,
      pass: growthMb < BUDGET.rss_growth_mb,
    },
    health: {
      baseline_p50_ms: round(percentile(baselineHealth, 50)),
      baseline_p99_ms: round(percentile(baselineHealth, 99)),
      during_stall_requests: stallHealth.length,
      during_stall_p50_ms: round(percentile(stallHealth, 50)),
      during_stall_p99_ms: round(healthP99),
      during_stall_max_ms: round(Math.max(...stallHealth)),
      // [ms after the streams were opened, latency ms] of each probe over the budget.
      over_budget_probes: slowProbes,
      budget_p99_ms: BUDGET.health_p99_ms,
      pass: healthP99 < BUDGET.health_p99_ms,
    },
    drops: {
      dropped: droppedAt.size,
      first_after_s: dropAfter.length > 0 ? round(Math.min(...dropAfter)) : null,
      last_after_s: dropAfter.length > 0 ? round(Math.max(...dropAfter)) : null,
      model_answer_sent_share_max: round(Math.max(...sentShares)),
      model_answer_sent_share_min: round(Math.min(...sentShares)),
      charged_before_code: readers.filter(
        (r, i) => r.user.beforeCode && meters[i].generationsUsed === 1,
      ).length,
      charged_inside_code: readers.filter(
        (r, i) => !r.user.beforeCode && meters[i].generationsUsed === 1,
      ).length,
      pass: droppedAt.size === STREAMS && chargesRight,
    },
    load_avg_1m: round(os.loadavg()[0]),
  };
  const pass = result.memory.pass && result.health.pass && result.drops.pass;
  report(
    'stalled-readers',
    [
      {
        budget: `RSS growth, ${STREAMS} stalled readers`,
        figure: `${growthMb} MB`,
        detail: `${result.memory.rss_before_mb} → peak ${result.memory.rss_peak_mb} MB (after drops ${result.memory.rss_after_drops_mb} MB); answers ${result.answer_mib_each} MiB each`,
        limit: `< ${BUDGET.rss_growth_mb} MB`,
        pass: result.memory.pass,
      },
      {
        budget: '/api/health p99 while stalled',
        figure: `${result.health.during_stall_p99_ms} ms`,
        detail: `p50 ${result.health.during_stall_p50_ms} ms, max ${result.health.during_stall_max_ms} ms over ${stallHealth.length} probes (idle p99 ${result.health.baseline_p99_ms} ms)`,
        limit: `< ${BUDGET.health_p99_ms} ms`,
        pass: result.health.pass,
      },
      {
        budget: 'stalled readers dropped, meters settled',
        figure: `${droppedAt.size}/${STREAMS}`,
        detail: `${dropSpan} (limit ${STALL_MS / 1000} s); model had sent ${Math.round(result.drops.model_answer_sent_share_min * 100)}–${Math.round(result.drops.model_answer_sent_share_max * 100)}% of each answer; charged ${result.drops.charged_before_code}/${STREAMS / 2} before code, ${result.drops.charged_inside_code}/${STREAMS / 2} inside it`,
        limit: 'all, by the charging rule',
        pass: result.drops.pass,
      },
    ],
    { ...result, pass },
  );
  console.log(pass ? 'PASS' : 'FAIL');
  if (!pass) exitCode = 1;
} catch (err) {
  console.error('bench stalled-readers failed:', err);
  console.error(`log: ${logFile}`);
  exitCode = 2;
} finally {
  for (const r of readers) r.socket.destroy();
  agent.destroy();
  await stop(app);
  modelChild.send('close');
  if (process.env.BENCH_KEEP_LOG) console.log(`log: ${logFile}`);
  else if (exitCode !== 2) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
