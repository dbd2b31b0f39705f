#!/usr/bin/env node
// `npm test [-- unit|api|api-pg|durability|e2e|eval …]`: every suite, then a table and, as the
// very last line, `N passed, N failed` over all suites (CI reads it). api prints live while
// unit, api-pg, kill -9 and eval run beside it (each printed when it ends); e2e runs last, alone.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrap, ROOT } from './bootstrap.mjs';
import { checkCoverage, ROUTES_DIR, SCREENS_DIR } from './coverage-list.mjs';
import { buildIfStale } from './build-if-stale.mjs';
import { PG_INSTALL_HINT, startPgCluster } from './pg-cluster.mjs';
import {
  countPlaywright,
  flakyRecord,
  readFlakyRecord,
  countVitest,
  playwrightDurations,
  readFreshReport,
  vitestDurations,
} from './test-reports.mjs';
import { ensurePrereqs } from './test-prereqs.mjs';
import { killRunning, MINUTE, run } from './test-run.mjs';
import { printSummary } from './test-summary.mjs';

const REPORT_DIR = join(ROOT, '.tmp/test-results');
const PLAYWRIGHT_REPORT = join(ROOT, 'e2e/output/results.json');
const VITEST = join(ROOT, 'node_modules/vitest/vitest.mjs');
const PLAYWRIGHT = join(ROOT, 'node_modules/@playwright/test/cli.js');
/** Tests that passed only on retry in the last e2e run; flaky twice in a row fails (e2e/README.md). */
const FLAKY_RECORD = join(ROOT, 'e2e/flaky.json');
/** What `npm run eval` on the scripted model writes (scripts/eval.mjs). */
const EVAL_RESULTS = join(ROOT, 'eval/results/scripted.json');

/** The suites that run beside api, in this order, when both are asked for (main). */
const BESIDE_API = ['unit', 'api-pg', 'durability', 'eval'];

const readLog = (file) => (existsSync(file) ? readFileSync(file, 'utf8').trimEnd() : '(no output)');

const failure = (why) => ({ passed: 0, failed: 1, skipped: 0, notes: [why] });

/** Vitest projects (one name or several) as one suite, counted from its JSON report. */
async function vitestSuite(projects, reportName, env, logFile) {
  const report = join(REPORT_DIR, `${reportName}.json`);
  rmSync(report, { force: true });
  const since = Date.now();
  const args = [
    VITEST,
    'run',
    ...[projects].flat().flatMap((name) => ['--project', name]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  const { code, reason } = await run(args, { env, timeoutMs: 12 * MINUTE, logFile });
  const read = readFreshReport(report, since);
  if (!read.report)
    return failure(`vitest ${reason ?? `exited with code ${code}`}; ${read.reason}`);
  const counts = { ...countVitest(read.report), durations: vitestDurations(read.report) };
  if (counts.passed + counts.failed + counts.skipped === 0) {
    return failure(
      `no tests found in project "${[projects].flat().join('", "')}" (see vitest.config.ts for the file patterns)`,
    );
  }
  if (code !== 0 && counts.failed === 0) {
    counts.failed = 1;
    counts.notes.push(
      `vitest ${reason ?? `exited with code ${code}`} (errors outside tests? see above)`,
    );
  }
  return counts;
}

const testEnv = () => {
  const env = { ...process.env };
  delete env.DATABASE_URL; // never let a developer's real database into the tests
  delete env.TEST_DATABASE_URL;
  return env;
};

const SUITES = {
  unit: {
    label: 'unit',
    run: ({ logFile }) => vitestSuite(['unit', 'unit-isolated'], 'unit', testEnv(), logFile),
  },
  api: {
    label: 'api (embedded PG)',
    run: ({ logFile }) => vitestSuite('api', 'api-embedded', testEnv(), logFile),
  },
  'api-pg': {
    label: 'api-pg (Debian PG)',
    async run({ logFile }) {
      let cluster;
      try {
        cluster = await startPgCluster({ log: console.log });
      } catch (err) {
        const message = err instanceof Error ? err.message : String(err);
        console.error(message);
        return failure(
          message === PG_INSTALL_HINT ? message : `could not start PostgreSQL: ${message}`,
        );
      }
      try {
        return await vitestSuite(
          'api-pg',
          'api-postgres',
          { ...testEnv(), TEST_DATABASE_URL: cluster.url },
          logFile,
        );
      } finally {
        cluster.stop();
      }
    },
  },
  durability: {
    label: 'kill -9 (built)',
    needsBuild: true,
    async run({ buildError, logFile }) {
      if (buildError) return failure(`not run: ${buildError}`);
      return vitestSuite('durability', 'durability', testEnv(), logFile);
    },
  },
  e2e: {
    label: 'e2e (Chromium)',
    needsBuild: true,
    async run({ buildError }) {
      if (buildError) return failure(`not run: ${buildError}`);
      const since = Date.now();
      rmSync(SCREENS_DIR, { recursive: true, force: true });
      const env = { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' };
      const { code, reason } = await run([PLAYWRIGHT, 'test'], { env, timeoutMs: 40 * MINUTE });
      const read = readFreshReport(PLAYWRIGHT_REPORT, since);
      if (!read.report)
        return failure(`playwright ${reason ?? `exited with code ${code}`}; ${read.reason}`);
      const counts = {
        ...countPlaywright(read.report, readFlakyRecord(FLAKY_RECORD)),
        durations: playwrightDurations(read.report),
      };
      // The next run reads this run's flaky tests: commit the file with the run it came from.
      writeFileSync(FLAKY_RECORD, flakyRecord(read.report));
      if (counts.passed + counts.failed + counts.skipped === 0)
        return failure('no e2e tests found');
      if (code !== 0 && counts.failed === 0) {
        counts.failed = 1;
        counts.notes.push(`playwright ${reason ?? `exited with code ${code}`}`);
      }
      return counts;
    },
  },
  eval: {
    label: 'eval (scripted model)',
    needsBuild: true,
    async run({ buildError, logFile }) {
      if (buildError) return failure(`not run: ${buildError}`);
      // The known-good answers of eval/apps.mjs, built and run in the preview: all must pass.
      rmSync(EVAL_RESULTS, { force: true });
      const { code, reason } = await run([join(ROOT, 'scripts/eval.mjs')], {
        env: { ...testEnv(), EVAL_MODEL: 'scripted' },
        timeoutMs: 5 * MINUTE,
        logFile,
      });
      if (!existsSync(EVAL_RESULTS))
        return failure(`eval ${reason ?? `exited with code ${code}`} before its results`);
      const { passed, apps } = JSON.parse(readFileSync(EVAL_RESULTS, 'utf8')).summary;
      if (code !== 0 && passed === apps) return failure(`eval ${reason ?? `exited with ${code}`}`);
      return { passed, failed: apps - passed, skipped: 0, notes: [] };
    },
  },
};

function parseSelection(argv) {
  const names = argv.filter((a) => !a.startsWith('-'));
  const unknown = names.filter((n) => !(n in SUITES));
  if (unknown.length > 0) {
    console.error(
      `Unknown suite(s): ${unknown.join(', ')}. Choose from: ${Object.keys(SUITES).join(', ')}.`,
    );
    console.log('0 passed, 1 failed');
    process.exit(2);
  }
  return names.length > 0
    ? Object.keys(SUITES).filter((n) => names.includes(n))
    : Object.keys(SUITES);
}

async function main() {
  const selected = parseSelection(process.argv.slice(2));
  const started = Date.now();
  // Chromium and PostgreSQL before anything else, so no suite runs that cannot pass.
  const missing = ensurePrereqs(selected);
  if (missing) {
    console.error(missing);
    return printSummary([
      { label: 'prerequisites', ms: Date.now() - started, ...failure(missing) },
    ]);
  }
  try {
    bootstrap();
  } catch (err) {
    console.error(err.message);
    return printSummary([{ label: 'install', ms: Date.now() - started, ...failure(err.message) }]);
  }
  mkdirSync(REPORT_DIR, { recursive: true });

  let buildError;
  if (selected.some((n) => SUITES[n].needsBuild)) {
    const t = Date.now();
    try {
      buildIfStale();
    } catch (err) {
      // Counted once, as the failure of the suites that needed the build.
      buildError = err.message;
      console.error(buildError);
    }
    console.log(`(build check ${((Date.now() - t) / 1000).toFixed(1)}s)`);
  }

  // The routes this run calls (scripts/coverage-list.mjs): api and api-pg add to them.
  if (selected.includes('api')) rmSync(ROUTES_DIR, { recursive: true, force: true });
  const done = new Map();
  const runSuite = async (name, logFile) => {
    const suite = SUITES[name];
    if (!logFile) console.log(`\n━━━ ${suite.label} ━━━`);
    const t = Date.now();
    let counts;
    try {
      counts = await suite.run({ buildError, logFile });
    } catch (err) {
      counts = failure(`crashed: ${err instanceof Error ? err.message : String(err)}`);
    }
    if (logFile) console.log(`\n━━━ ${suite.label} (ran beside api) ━━━\n${readLog(logFile)}`);
    done.set(name, { label: suite.label, ms: Date.now() - t, ...counts });
  };
  // api uses about 80% of 2 cores and the other suites before e2e 50–70%, so they run beside
  // it, their output kept until each ends; e2e fills both cores and runs alone, last.
  const beside = selected.includes('api') ? selected.filter((n) => BESIDE_API.includes(n)) : [];
  const lane = async (names, logged) => {
    for (const name of names)
      await runSuite(name, logged ? join(REPORT_DIR, `${name}.log`) : undefined);
  };
  const sideBySide = beside.length > 0 ? ['api', ...beside] : [];
  if (sideBySide.length > 0) {
    console.log(`\n(${beside.join(', ')} run beside api; each prints when it ends)`);
    await Promise.all([lane(['api'], false), lane(beside, true)]);
  }
  await lane(
    selected.filter((n) => !sideBySide.includes(n)),
    false,
  );
  const rows = selected.map((n) => done.get(n));
  // A full run also checks that it still calls every route and opens every screen the last
  // full run on main did (scripts/coverage-list.json): one check, passed or failed.
  if (selected.includes('api') && selected.includes('e2e')) {
    const t = Date.now();
    const { ok, messages } = checkCoverage();
    console.log(`\n━━━ coverage list ━━━\n${messages.join('\n')}`);
    rows.push({
      label: 'coverage list',
      ms: Date.now() - t,
      passed: ok ? 1 : 0,
      failed: ok ? 0 : 1,
      skipped: 0,
      notes: ok ? [] : messages.filter((m) => m.startsWith('dropped') || m.startsWith('no ')),
    });
  }
  return printSummary(rows, { wallMs: Date.now() - started });
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    killRunning(signal);
    process.exit(signal === 'SIGINT' ? 130 : 143);
  });
}

main().then(
  (failed) => process.exit(failed > 0 ? 1 : 0),
  (err) => {
    console.error(err);
    console.log('0 passed, 1 failed');
    process.exit(1);
  },
);
