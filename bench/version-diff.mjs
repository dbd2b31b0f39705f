// Budget: the diff view of two 5,000-line versions is shown in under 500 ms. This measures
// the share of it that is ours (docs/decisions/015):
//   - engine: lineHunks() of packages/contract (the hunks the server sends, and the review
//     of AI edits uses), in this process, for several kinds of change;
//   - API: GET /api/versions/{project}/{projectId}/diff?from=&to= from request to last byte
//     (both versions rebuilt from storage, the hunks, 2 × 5,000 lines of JSON).
// The browser's part (Monaco's diff editor drawing the two texts) is the UI's to measure.
// Usage: [VERSION_DIFF_PORT=3923] node bench/version-diff.mjs
import { tsImport } from 'tsx/esm/api';
import { benchFileLines, median, report, requestJson, signUpPro, withTempServer } from './lib.mjs';

const LINES = 5000;
const RUNS = 20;
const PORT = Number(process.env.VERSION_DIFF_PORT ?? 3923);
const BUDGET_MS = 500;
const { lineHunks } = await tsImport('../packages/contract/src/line-diff.ts', import.meta.url);

const base = benchFileLines(LINES);
const cases = {
  '50 scattered line edits': base.map((l, i) => (i % 100 === 7 ? `${l} // changed` : l)),
  '5% of lines changed, 50 inserted': base
    .map((l, i) => (i % 20 === 0 ? `${l} // changed` : l))
    .flatMap((l, i) => (i % 100 === 50 ? [l, `  log(${i});`] : [l])),
  'first 1,000 lines moved to the end': [...base.slice(1000), ...base.slice(0, 1000)],
  'every line different': base.map((l) => l.replace('compute', 'calculate')),
};

const rows = [];
for (const [name, lines] of Object.entries(cases)) {
  const before = base.join('\n');
  const after = lines.join('\n');
  const times = [];
  let hunks = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    hunks = lineHunks(before, after);
    times.push(performance.now() - t0);
  }
  rows.push({
    change: name,
    hunks: hunks.length,
    engine_p50_ms: Number(median(times).toFixed(1)),
    engine_max_ms: Number(Math.max(...times).toFixed(1)),
  });
}

// The same changes through the API: two versions of one project, diffed by the server.
const serverEnv = { NODE_ENV: 'production', RATE_LIMIT_MAX: '1000000000', LOG_LEVEL: 'warn' };
await withTempServer('version-diff-bench-', PORT, serverEnv, async ({ base: url }) => {
  const call = (method, p, body, token) => requestJson(url, method, p, body, token);
  const email = `bench-diff-${Date.now()}@example.com`;
  const { access_token: token } = await signUpPro(url, email, 'bench-password');
  for (const row of rows) {
    const [project] = await call(
      'POST',
      '/api/db/codewright/rest/v1/projects',
      { name: 'Diff', language: 'JavaScript', code: base.join('\n') },
      token,
    );
    const to = await call(
      'POST',
      `/api/versions/codewright/${project.id}`,
      { code: cases[row.change].join('\n'), source: 'edit' },
      token,
    );
    const { versions } = await call(
      'GET',
      `/api/versions/codewright/${project.id}`,
      undefined,
      token,
    );
    const from = versions.find((v) => v.number === 1);
    const diffPath = `/api/versions/codewright/${project.id}/diff?from=${from.id}&to=${to.id}`;
    const times = [];
    let bytes = 0;
    for (let i = 0; i < RUNS; i++) {
      const t0 = performance.now();
      const res = await fetch(`${url}${diffPath}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      bytes = (await res.arrayBuffer()).byteLength;
      times.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`diff answered ${res.status}`);
    }
    row.api_p50_ms = Number(median(times).toFixed(1));
    row.api_response_kb = Math.round(bytes / 1024);
  }
});

const pass = rows.every((r) => r.api_p50_ms < BUDGET_MS);
report('version-diff', rows, {
  bench: 'version-diff',
  lines: LINES,
  budget_ms: BUDGET_MS,
  pass,
  results: rows,
});
process.exit(pass ? 0 : 1);
