// Budget (issue 48): GET /api/openapi.json is served in under 5 ms p50 — built once when the
// server is ready, never per request.
//
// Starts the built server on a throwaway DATA_DIR (embedded PostgreSQL) and fetches the document
// ROUNDS times one after another over one keep-alive connection, timing each whole answer (the
// body read too); prints p50, p99 and the document's size.
//
//   node bench/openapi.mjs
//   OA_ROUNDS=500 OA_PORT=3187 node bench/openapi.mjs
import { percentile, report, withTempServer } from './lib.mjs';

const ROUNDS = Number(process.env.OA_ROUNDS ?? 300);
const PORT = Number(process.env.OA_PORT ?? 3187);
const BUDGET_P50_MS = 5;

await withTempServer(
  'cw-bench-openapi-',
  PORT,
  { RATE_LIMIT_MAX: '1000000000' },
  async ({ base }) => {
    const url = `${base}/api/openapi.json`;
    let bytes = 0;
    let paths = 0;
    for (let i = 0; i < 20; i++) await (await fetch(url)).text(); // warm-up
    const times = [];
    for (let i = 0; i < ROUNDS; i++) {
      const started = performance.now();
      const text = await (await fetch(url)).text();
      times.push(performance.now() - started);
      bytes = text.length;
      if (i === 0) paths = Object.keys(JSON.parse(text).paths).length;
    }
    const p50 = percentile(times, 50);
    const p99 = percentile(times, 99);
    report(
      'openapi',
      [
        { measure: 'documented paths', value: paths },
        { measure: 'document size (KB)', value: Math.round(bytes / 1024) },
        { measure: 'GET /api/openapi.json p50 (ms)', value: p50, budget: BUDGET_P50_MS },
        { measure: 'GET /api/openapi.json p99 (ms)', value: p99 },
      ],
      {
        bench: 'openapi',
        rounds: ROUNDS,
        paths,
        bytes,
        p50_ms: p50,
        p99_ms: p99,
        pass: p50 < BUDGET_P50_MS,
      },
    );
  },
);
