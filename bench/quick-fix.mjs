// Budget (issue 52): a deterministic fix and its rebuild, p50 under 300 ms. One run is what
// happens once the preview has reported its problem: quickFixFor (packages/contract, through tsx,
// in this process) fixes the 200-line task board of bench/fixtures/preview-task-board.tsx, broken
// one way per kind (its hooks' import gone, a closer renamed, an unavailable package imported),
// then POST /api/preview/{project}/build builds the fixed code, from request to last byte, on the
// server as `npm start` runs it (the built bundle). Timed after a warm-up; the review's click and
// the frame's run are the browser's (preview-ready.mjs measures the run).
// Usage: [QUICK_FIX_PORT=3965] [QUICK_FIX_RUNS=30] node bench/quick-fix.mjs
import fs from 'node:fs';
import path from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { median, report, requestJson, ROOT, signUpPro, withTempServer } from './lib.mjs';

const PORT = Number(process.env.QUICK_FIX_PORT ?? 3965);
const RUNS = Math.max(5, Number(process.env.QUICK_FIX_RUNS ?? 30));
const BUDGET_MS = 300;
const { quickFixFor } = await tsImport(
  '../packages/contract/src/quick-fixes/index.ts',
  import.meta.url,
);
const board = fs.readFileSync(path.join(ROOT, 'bench/fixtures/preview-task-board.tsx'), 'utf8');

/** The board broken one way; its runtime problem, for one that builds (compile problems come from the server). */
function broken(kind) {
  if (kind === 'react-hook-import') {
    const code = board.replace(/^import \{[^}]*\} from 'react';\n/m, '');
    if (code === board) throw new Error('the board has no named react import to take out');
    const message = 'ReferenceError: useState is not defined';
    return { code, problem: { kind: 'runtime', message, line: null, column: null } };
  }
  if (kind === 'unavailable-package') {
    // Used, or TypeScript's rules drop the import before it is resolved.
    return { code: `import axios from 'axios';\nexport const api = axios.create();\n${board}` };
  }
  // jsx-closer: the first `</div>` after the component's return, renamed `</section>`.
  const at = board.indexOf('</div>', board.indexOf('return ('));
  return { code: `${board.slice(0, at)}</section>${board.slice(at + '</div>'.length)}` };
}

const KINDS = ['react-hook-import', 'unavailable-package', 'jsx-closer'];

await withTempServer(
  'quick-fix-bench-',
  PORT,
  { NODE_ENV: 'production', RATE_LIMIT_MAX: '1000000000' },
  async ({ base }) => {
    const { access_token: token } = await signUpPro(
      base,
      `quick-fix-${Date.now()}@example.com`,
      'bench-password',
    );
    const build = (code) =>
      requestJson(
        base,
        'POST',
        '/api/preview/codewright/build',
        { language: 'typescript', path: 'src/App.tsx', code },
        token,
      );
    /** The broken code and its problem as the preview reports it: the server's first error. */
    const problemOf = async (kind) => {
      const { code, problem } = broken(kind);
      if (problem) return { code, problem };
      const result = await build(code);
      if (result.ok) throw new Error(`${kind}: the broken code built`);
      const [error] = result.errors;
      return {
        code,
        problem: {
          kind: 'compile',
          message: error.message,
          line: error.line,
          column: error.column,
        },
      };
    };
    const cases = Object.fromEntries(
      await Promise.all(KINDS.map(async (k) => [k, await problemOf(k)])),
    );
    const run = async (kind) => {
      const { code, problem } = cases[kind];
      const started = performance.now();
      const fix = quickFixFor({ code, path: 'src/App.tsx', problem });
      if (!fix || fix.kind !== kind)
        throw new Error(`no ${kind} fix: ${JSON.stringify(fix?.kind)}`);
      const fixMs = performance.now() - started;
      const result = await build(fix.code);
      const ms = performance.now() - started;
      // Taking out an import leaves what used it undefined at run time, not at build time.
      if (!result.ok)
        throw new Error(`${kind}: the fixed code did not build: ${JSON.stringify(result.errors)}`);
      return { ms, fixMs };
    };
    for (const kind of KINDS) for (let i = 0; i < 3; i += 1) await run(kind); // warm-up
    const rows = [];
    const json = { bench: 'quick-fix', runs: RUNS, budget_ms: BUDGET_MS, kinds: {} };
    for (const kind of KINDS) {
      const samples = [];
      const fixes = [];
      for (let i = 0; i < RUNS; i += 1) {
        const { ms, fixMs } = await run(kind);
        samples.push(ms);
        fixes.push(fixMs);
      }
      const p50 = median(samples);
      rows.push({
        kind,
        fix_p50_ms: median(fixes).toFixed(2),
        fix_and_build_p50_ms: p50.toFixed(1),
      });
      json.kinds[kind] = { fix_p50_ms: median(fixes), p50_ms: p50, pass: p50 < BUDGET_MS };
    }
    report('quick-fix', rows, json);
  },
);
