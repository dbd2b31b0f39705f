import { describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  countPlaywright,
  flakyRecord,
  playwrightDurations,
  playwrightTests,
  readFlakyRecord,
} from './test-reports.mjs';

/** A Playwright JSON report as its reporter writes it: nested suites, specs, tests, results. */
const report = {
  stats: { expected: 2, unexpected: 1, flaky: 1, skipped: 0 },
  errors: [],
  suites: [
    {
      title: 'generator.spec.ts',
      file: 'generator.spec.ts',
      specs: [
        {
          title: 'streams',
          file: 'generator.spec.ts',
          tests: [{ status: 'flaky', results: [{ duration: 4000 }, { duration: 3000 }] }],
        },
      ],
      suites: [
        {
          title: 'at 390 px',
          file: 'generator.spec.ts',
          specs: [
            {
              title: 'saves',
              file: 'generator.spec.ts',
              tests: [{ status: 'expected', results: [{ duration: 1000 }] }],
            },
            {
              title: 'reloads',
              file: 'generator.spec.ts',
              tests: [{ status: 'unexpected', results: [{ duration: 2000 }, { duration: 2500 }] }],
            },
          ],
        },
      ],
    },
    {
      title: 'auth.spec.ts',
      file: 'auth.spec.ts',
      specs: [
        {
          title: 'signs in',
          file: 'auth.spec.ts',
          tests: [{ status: 'expected', results: [{ duration: 500 }] }],
        },
      ],
    },
  ],
};

describe('Playwright reports', () => {
  it('names each test that passed only on retry; it counts as passed', () => {
    const counts = countPlaywright(report);
    expect(counts).toMatchObject({ passed: 3, failed: 1, skipped: 0 });
    expect(counts.notes).toEqual([
      '1 flaky test(s) passed only on retry:',
      '  flaky: generator.spec.ts › streams',
    ]);
  });

  it('fails a test flaky in the previous run too, and names it; others flaky stay passed', () => {
    const counts = countPlaywright(report, [
      'generator.spec.ts › streams',
      'auth.spec.ts › signs in',
    ]);
    expect(counts).toMatchObject({ passed: 2, failed: 2, skipped: 0 });
    expect(counts.notes).toEqual([
      '1 flaky test(s) passed only on retry:',
      '  flaky again (failed: it was flaky in the previous run too): generator.spec.ts › streams',
    ]);
  });

  it("records exactly this run's flaky tests, and reads a missing or broken record as none", () => {
    expect(JSON.parse(flakyRecord(report))).toEqual({ flaky: ['generator.spec.ts › streams'] });
    const dir = mkdtempSync(join(tmpdir(), 'cw-flaky-'));
    const path = join(dir, 'flaky.json');
    expect(readFlakyRecord(path)).toEqual([]);
    writeFileSync(path, '{ not json');
    expect(readFlakyRecord(path)).toEqual([]);
    writeFileSync(path, flakyRecord(report));
    expect(readFlakyRecord(path)).toEqual(['generator.spec.ts › streams']);
  });

  it('lists tests by outcome and sums the time of every run of a test', () => {
    expect(playwrightTests(report, 'unexpected')).toEqual(['generator.spec.ts › reloads']);
    expect(playwrightDurations(report)).toEqual([
      { name: 'generator.spec.ts › streams', ms: 7000 },
      { name: 'generator.spec.ts › saves', ms: 1000 },
      { name: 'generator.spec.ts › reloads', ms: 4500 },
      { name: 'auth.spec.ts › signs in', ms: 500 },
    ]);
  });
});
