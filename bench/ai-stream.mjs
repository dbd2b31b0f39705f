// Budgets (issue 4), printed side by side in one run, loopback only, bounded:
//  1. Time to first token through the app minus straight to the model server: p50 < 10 ms.
//     50 sequential streamed requests each way (interleaved), the test model sending a chunk
//     every 5 ms; TTFT = request sent → first text chunk parsed by the client.
//  2. 500 concurrent streams on one server process: all complete, and the p99 gap between
//     chunks as seen by the client < 50 ms, the test model sending a chunk every ~10 ms.
// The scripted test model (e2e/fixtures/model-server.mjs) runs as its own process; the
// server runs from source (tsx) on a fresh DATA_DIR (PGlite); a Pro user (no quota).
// Usage: node bench/ai-stream.mjs [sequential=50] [concurrent=500]
// BENCH_CONCURRENT_METER=0 runs the concurrent part without `meter` (no quota UPDATE per stream);
// BENCH_NODE_ARGS passes extra node flags to the server (e.g. --cpu-prof).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Agent, setGlobalDispatcher } from 'undici';
import { ROOT, report, stop, waitFor200 } from './lib.mjs';

const SEQUENTIAL = Number(process.argv[2] ?? 50);
const CONCURRENT = Number(process.argv[3] ?? 500);
const PORTS = { app: 3710, model: 3711 };
const BUDGET = { ttft_overhead_p50_ms: 10, chunk_gap_p99_ms: 50 };
// Enough sockets for every concurrent stream; keep-alive for the sequential part.
setGlobalDispatcher(new Agent({ connections: CONCURRENT + 50, pipelining: 0 }));

const pct = (xs, p) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};
const round = (x) => Math.round(x * 100) / 100;

function spawnLogged(args, env, logFile) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  return child;
}

/** Reads an SSE body; calls onData(data, now) per event; resolves when the body ends. */
async function readSse(body, onData) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    const now = performance.now();
    buffer += decoder.decode(value, { stream: true });
    let i;
    while ((i = buffer.indexOf('\n\n')) !== -1) {
      const block = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      if (block.startsWith('data: ')) onData(block.slice(6), now);
    }
  }
}

const modelUrl = `http://127.0.0.1:${PORTS.model}/v1`;
const appUrl = `http://127.0.0.1:${PORTS.app}`;

/** Streams straight from the test model; returns ms to the first content chunk. */
async function ttftDirect(prompt) {
  const t0 = performance.now();
  const res = await fetch(`${modelUrl}/chat/completions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      model: 'codewright-test-model',
      stream: true,
      messages: [{ role: 'user', content: prompt }],
    }),
  });
  let first = null;
  await readSse(res.body, (data, now) => {
    if (first === null && data !== '[DONE]' && JSON.parse(data).choices?.[0]?.delta?.content)
      first = now - t0;
  });
  return first;
}

/** Streams through the app; returns { ttft, gaps, events, ok }. */
async function viaApp(token, prompt, meter = true) {
  const t0 = performance.now();
  const res = await fetch(`${appUrl}/api/ai/codewright/text`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ prompt, stream: true, ...(meter ? { meter: 'generation' } : {}) }),
  });
  if (res.status !== 200) return { ok: false, status: res.status, gaps: [] };
  let ttft = null;
  let firstAt = null;
  let last = null;
  let done = false;
  let error = false;
  const gaps = [];
  await readSse(res.body, (data, now) => {
    if (data === '[DONE]') {
      done = true;
      return;
    }
    const chunk = JSON.parse(data);
    if (chunk.type === 'error') error = true;
    if (chunk.type !== 'text-delta') return;
    if (ttft === null) {
      ttft = now - t0;
      firstAt = now;
    }
    if (last !== null) gaps.push([now - last, now]);
    last = now;
  });
  return { ok: done && !error, ttft, firstAt, gaps };
}

async function json(method, p, body, token) {
  const res = await fetch(`${appUrl}${p}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${p}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cw-bench-ai-'));
const logFile = path.join(dataDir, 'bench.log');
const model = spawnLogged(
  ['e2e/fixtures/model-server.mjs', '--port', String(PORTS.model)],
  {},
  logFile,
);
const app = spawnLogged(
  [
    ...(process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : []),
    '--import',
    'tsx',
    path.join(ROOT, 'apps/server/src/server.ts'),
  ],
  {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(PORTS.app),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_MAX: '1000000',
    AUTH_RATE_LIMIT_IP_MAX: '100000',
    AI_PROVIDER: 'openai-compatible',
    AI_BASE_URL: modelUrl,
    AI_MODEL_BASIC: 'codewright-test-model',
    AI_MODEL_ADVANCED: 'codewright-test-model',
  },
  logFile,
);

let exitCode = 0;
try {
  const since = performance.now();
  await waitFor200(`${appUrl}/api/health`, since, 120_000);
  await waitFor200(`${modelUrl}/models`, since, 30_000);

  const email = `bench-ai-${Date.now()}@example.test`;
  await json('POST', '/api/auth/signup', { email, password: 'correct horse battery' });
  const session = await json('POST', '/api/auth/signin/email', {
    email,
    password: 'correct horse battery',
  });
  const token = session.access_token;
  await json('POST', '/api/plan/upgrade', { plan: 'pro' }, token);

  // Warm-up (JIT, connection pools, the first PGlite writes).
  for (let i = 0; i < 10; i++) {
    await ttftDirect(`[[chunk-delay:5]] warm ${i}`);
    await viaApp(token, `[[chunk-delay:5]] warm ${i}`);
  }

  // 1. TTFT overhead, interleaved pairs.
  const direct = [];
  const through = [];
  const diffs = [];
  // The same path without `meter` (no quota UPDATE): what streaming itself adds.
  const diffsNoMeter = [];
  for (let i = 0; i < SEQUENTIAL; i++) {
    const d = await ttftDirect(`[[chunk-delay:5]] sequential request ${i}`);
    const a = await viaApp(token, `[[chunk-delay:5]] sequential request ${i}`);
    const n = await viaApp(token, `[[chunk-delay:5]] sequential request ${i}`, false);
    direct.push(d);
    through.push(a.ttft);
    diffs.push(a.ttft - d);
    diffsNoMeter.push(n.ttft - d);
  }

  // 2. Concurrent streams: ~60 chunks each, one every 10 ms.
  const words = 'make a small function that counts words in a sentence and returns them';
  const startedAt = performance.now();
  const results = await Promise.all(
    Array.from({ length: CONCURRENT }, (_, i) =>
      viaApp(
        token,
        `[[chunk-delay:10]] ${words} ${i}`,
        process.env.BENCH_CONCURRENT_METER !== '0',
      ).catch((err) => ({
        ok: false,
        error: String(err),
        gaps: [],
      })),
    ),
  );
  const wallMs = performance.now() - startedAt;
  const completed = results.filter((r) => r.ok).length;
  const gaps = results.flatMap((r) => r.gaps.map(([gap]) => gap));
  // Diagnostic: gaps after every stream had its first token (the ramp of 500 sign-ins to the
  // model, quota UPDATEs and connections is over).
  const allStarted = Math.max(...results.map((r) => r.firstAt ?? 0));
  const steadyGaps = results.flatMap((r) =>
    r.gaps.filter(([, at]) => at > allStarted).map(([gap]) => gap),
  );

  const ttftOverheadP50 = pct(diffs, 50);
  const gapP99 = pct(gaps, 99);
  const json1 = {
    ttft: {
      requests: SEQUENTIAL,
      direct_p50_ms: round(pct(direct, 50)),
      app_p50_ms: round(pct(through, 50)),
      overhead_p50_ms: round(ttftOverheadP50),
      overhead_p90_ms: round(pct(diffs, 90)),
      overhead_without_meter_p50_ms: round(pct(diffsNoMeter, 50)),
      budget_ms: BUDGET.ttft_overhead_p50_ms,
      pass: ttftOverheadP50 < BUDGET.ttft_overhead_p50_ms,
    },
    concurrent: {
      streams: CONCURRENT,
      completed,
      chunk_interval_ms: 10,
      gaps_measured: gaps.length,
      gap_p50_ms: round(pct(gaps, 50)),
      gap_p99_ms: round(gapP99),
      gap_max_ms: round(Math.max(...gaps)),
      steady_gaps_measured: steadyGaps.length,
      steady_gap_p99_ms: round(pct(steadyGaps, 99)),
      wall_ms: Math.round(wallMs),
      budget_p99_ms: BUDGET.chunk_gap_p99_ms,
      pass: completed === CONCURRENT && gapP99 < BUDGET.chunk_gap_p99_ms,
    },
  };
  report(
    'ai-stream',
    [
      {
        budget: 'TTFT app − direct, p50',
        figure: `${json1.ttft.overhead_p50_ms} ms`,
        detail: `direct p50 ${json1.ttft.direct_p50_ms} ms, via app p50 ${json1.ttft.app_p50_ms} ms (${SEQUENTIAL} each, metered); without meter ${json1.ttft.overhead_without_meter_p50_ms} ms`,
        limit: `< ${BUDGET.ttft_overhead_p50_ms} ms`,
        pass: json1.ttft.pass,
      },
      {
        budget: `${CONCURRENT} concurrent streams, p99 chunk gap`,
        figure: `${json1.concurrent.gap_p99_ms} ms`,
        detail: `${completed}/${CONCURRENT} completed, p50 gap ${json1.concurrent.gap_p50_ms} ms, p99 after all started ${json1.concurrent.steady_gap_p99_ms} ms, wall ${json1.concurrent.wall_ms} ms`,
        limit: `< ${BUDGET.chunk_gap_p99_ms} ms, all complete`,
        pass: json1.concurrent.pass,
      },
    ],
    json1,
  );
} catch (err) {
  console.error('bench ai-stream failed:', err);
  console.error(`log: ${logFile}`);
  exitCode = 1;
} finally {
  await stop(app);
  await stop(model);
  if (exitCode === 0) fs.rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
