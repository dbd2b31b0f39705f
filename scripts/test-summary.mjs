// The table `npm test` prints after its suites (scripts/test.mjs), ending with the
// `N passed, N failed` line CI reads.
import { slowest } from './test-reports.mjs';

/**
 * Prints the table of `rows` (one per suite) and returns the number of failed tests; `wallMs`,
 * the whole run's time, since suites that ran side by side overlap.
 */
export function printSummary(rows, { wallMs } = {}) {
  const pad = (s, n) => String(s).padEnd(n);
  const num = (s, n) => String(s).padStart(n);
  console.log('');
  console.log('── Test summary ' + '─'.repeat(50));
  console.log(
    `${pad('suite', 20)}${num('passed', 8)}${num('failed', 8)}${num('skipped', 9)}${num('time', 10)}`,
  );
  for (const r of rows) {
    const time = `${(r.ms / 1000).toFixed(1)}s`;
    console.log(
      `${pad(r.label, 20)}${num(r.passed, 8)}${num(r.failed, 8)}${num(r.skipped, 9)}${num(time, 10)}`,
    );
  }
  if (wallMs !== undefined)
    console.log(`${pad('whole run', 41)}${num(`${(wallMs / 1000).toFixed(1)}s`, 10)}`);
  for (const r of rows) for (const note of r.notes) console.log(`  ${r.label}: ${note}`);
  const all = rows.flatMap((r) => (r.durations ?? []).map((t) => ({ ...t, suite: r.label })));
  if (all.length > 0) {
    console.log('');
    console.log('The 10 slowest tests:');
    for (const t of slowest(all))
      console.log(`${num(`${(t.ms / 1000).toFixed(1)}s`, 8)}  ${t.suite}: ${t.name}`);
  }
  const total = (k) => rows.reduce((sum, r) => sum + r[k], 0);
  const skipped = total('skipped');
  if (skipped > 0) {
    console.log('');
    console.log(
      `!!! WARNING: ${skipped} test(s) SKIPPED. Policy is no skipped tests: fix or delete them. !!!`,
    );
  }
  const line = `${total('passed')} passed, ${total('failed')} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
  console.log(line); // must stay the very last line
  return total('failed');
}
