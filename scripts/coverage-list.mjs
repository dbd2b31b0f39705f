#!/usr/bin/env node
// The coverage list: the API routes the API suites call and the screens the e2e
// suite opens, as recorded by apps/server/src/test/test-app.ts and e2e/fixtures/screens-opened.ts.
// `scripts/coverage-list.json` holds the list of the last full run on main; a run that no longer
// reaches an entry of it has dropped coverage.
//
//   node scripts/coverage-list.mjs          compare this run's records with the committed list
//   node scripts/coverage-list.mjs --write  make this run's records the committed list
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(fileURLToPath(new URL('.', import.meta.url)), '..');
export const ROUTES_DIR = join(ROOT, '.tmp/coverage/api-routes');
export const SCREENS_DIR = join(ROOT, 'e2e/output/screens-opened');
export const LIST_FILE = join(ROOT, 'scripts/coverage-list.json');

/** The distinct non-empty lines of every file in `dir`, sorted; [] when there is no such folder. */
function linesIn(dir) {
  if (!existsSync(dir)) return [];
  const lines = new Set();
  for (const name of readdirSync(dir)) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (line.trim()) lines.add(line.trim());
    }
  }
  return [...lines].sort();
}

/** This run's records: { apiRoutes, screens }. */
export function readCoverage({ routesDir = ROUTES_DIR, screensDir = SCREENS_DIR } = {}) {
  return { apiRoutes: linesIn(routesDir), screens: linesIn(screensDir) };
}

/** What `current` no longer reaches of `committed`, and what it reaches anew. */
export function compareCoverage(committed, current) {
  const diff = (a, b) => a.filter((x) => !b.includes(x));
  return {
    dropped: {
      apiRoutes: diff(committed.apiRoutes, current.apiRoutes),
      screens: diff(committed.screens, current.screens),
    },
    added: {
      apiRoutes: diff(current.apiRoutes, committed.apiRoutes),
      screens: diff(current.screens, committed.screens),
    },
  };
}

/** Checks this run against the committed list; returns the messages and whether anything dropped. */
export function checkCoverage() {
  const current = readCoverage();
  if (current.apiRoutes.length === 0 || current.screens.length === 0)
    return { ok: false, messages: ['no records: run the api and e2e suites first'] };
  if (!existsSync(LIST_FILE))
    return { ok: false, messages: ['no scripts/coverage-list.json: make it with --write'] };
  const committed = JSON.parse(readFileSync(LIST_FILE, 'utf8'));
  const { dropped, added } = compareCoverage(committed, current);
  const messages = [
    `${current.apiRoutes.length} API routes called, ${current.screens.length} screens opened`,
  ];
  for (const [what, list] of Object.entries(dropped))
    if (list.length > 0) messages.push(`dropped ${what}: ${list.join(', ')}`);
  for (const [what, list] of Object.entries(added))
    if (list.length > 0) messages.push(`new ${what} (add with --write): ${list.join(', ')}`);
  const ok = dropped.apiRoutes.length === 0 && dropped.screens.length === 0;
  return { ok, messages };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--write')) {
    const current = readCoverage();
    writeFileSync(LIST_FILE, `${JSON.stringify(current, null, 2)}\n`);
    console.log(
      `wrote ${current.apiRoutes.length} API routes and ${current.screens.length} screens to scripts/coverage-list.json`,
    );
  } else {
    const { ok, messages } = checkCoverage();
    for (const m of messages) console.log(m);
    process.exit(ok ? 0 : 1);
  }
}
