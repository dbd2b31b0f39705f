// Turns the JSON reports of Vitest and Playwright into { passed, failed, skipped, notes }.
import { readFileSync, statSync } from 'node:fs';

/** Reads a JSON report written at or after `since` (ms); undefined plus a reason otherwise. */
export function readFreshReport(path, since) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return { reason: `no report at ${path}` };
  }
  // A report older than this run belongs to an earlier run.
  if (st.mtimeMs + 1000 < since) return { reason: `${path} was not rewritten by this run` };
  try {
    return { report: JSON.parse(readFileSync(path, 'utf8')) };
  } catch (err) {
    return { reason: `${path} is not valid JSON (${err.message})` };
  }
}

/** Counts of a Vitest JSON report (`--reporter=json`). A file that failed to load counts as one failure. */
export function countVitest(report) {
  const files = Array.isArray(report.testResults) ? report.testResults : [];
  let brokenFiles = 0;
  const notes = [];
  for (const file of files) {
    const assertions = Array.isArray(file.assertionResults) ? file.assertionResults : [];
    if (file.status === 'failed' && !assertions.some((a) => a.status === 'failed')) {
      brokenFiles += 1;
      const first = String(file.message ?? '').split('\n')[0];
      notes.push(`${file.name}: ${first || 'failed outside any test'}`);
    }
  }
  return {
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + brokenFiles,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    notes,
  };
}

/**
 * Counts of a Playwright JSON report (`stats`). A test that passed only on retry (flaky) counts
 * as passed and is named, unless it was flaky in the previous run too (`previousFlaky`, the
 * record in e2e/flaky.json): then it counts as failed, because twice is a pattern, not bad luck.
 */
export function countPlaywright(report, previousFlaky = []) {
  const stats = report.stats ?? {};
  const notes = [];
  let failed = stats.unexpected ?? 0;
  let passed = (stats.expected ?? 0) + (stats.flaky ?? 0);
  const errors = Array.isArray(report.errors) ? report.errors : [];
  if (errors.length > 0) {
    notes.push(
      `${errors.length} error(s) outside tests: ${String(errors[0].message ?? '').split('\n')[0]}`,
    );
    if (failed === 0) failed = 1;
  }
  if ((stats.flaky ?? 0) > 0) {
    const before = new Set(previousFlaky);
    notes.push(`${stats.flaky} flaky test(s) passed only on retry:`);
    for (const name of playwrightTests(report, 'flaky')) {
      if (before.has(name)) {
        passed -= 1;
        failed += 1;
        notes.push(`  flaky again (failed: it was flaky in the previous run too): ${name}`);
      } else notes.push(`  flaky: ${name}`);
    }
  }
  return { passed, failed, skipped: stats.skipped ?? 0, notes };
}

/**
 * The flaky-test record (e2e/flaky.json): the tests that passed only on retry in the last full
 * e2e run, as `{ flaky: [name…] }`. Unreadable or missing reads as none.
 */
export function readFlakyRecord(path) {
  try {
    const record = JSON.parse(readFileSync(path, 'utf8'));
    return Array.isArray(record?.flaky) ? record.flaky.filter((n) => typeof n === 'string') : [];
  } catch {
    return [];
  }
}

/** The record after a full e2e run: exactly that run's flaky tests, sorted (a stable diff). */
export function flakyRecord(report) {
  return `${JSON.stringify({ flaky: playwrightTests(report, 'flaky').sort() }, null, 2)}\n`;
}

/** Each test of a Vitest JSON report as `{ name, ms }`. */
export function vitestDurations(report) {
  const files = Array.isArray(report.testResults) ? report.testResults : [];
  return files.flatMap((file) =>
    (Array.isArray(file.assertionResults) ? file.assertionResults : []).map((a) => ({
      name: `${String(file.name ?? '').replace(/^.*?(apps|packages|scripts)\//, '$1/')} › ${a.fullName ?? a.title}`,
      ms: Number(a.duration) || 0,
    })),
  );
}

/** Each test of a Playwright JSON report as `{ name, ms, status }`: ms sums its runs (retries included). */
function playwrightEntries(report) {
  const out = [];
  const walk = (suite, path) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const ms = (test.results ?? []).reduce((sum, r) => sum + (Number(r.duration) || 0), 0);
        out.push({ name: `${spec.file ?? path} › ${spec.title}`, ms, status: test.status });
      }
    }
    for (const child of suite.suites ?? []) walk(child, child.file ?? path);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file ?? '');
  return out;
}

/** Each test of a Playwright JSON report as `{ name, ms }`: the sum of its runs (retries included). */
export function playwrightDurations(report) {
  return playwrightEntries(report).map(({ name, ms }) => ({ name, ms }));
}

/** The names of the tests of a Playwright JSON report with that outcome (`flaky`, `unexpected`). */
export function playwrightTests(report, status) {
  return playwrightEntries(report)
    .filter((t) => t.status === status)
    .map((t) => t.name);
}

/** The `n` slowest of `tests` (`{ name, ms, suite }`), slowest first. */
export function slowest(tests, n = 10) {
  return [...tests].sort((a, b) => b.ms - a.ms).slice(0, n);
}
