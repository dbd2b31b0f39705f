// The file-length budget (CONVENTIONS §10): no tracked source, test, script or style file over
// 300 lines without a one-line reason near its top, "(Over 300 lines: …)", saying why it is one
// piece. Generated migrations (drizzle/) and declaration files are left out.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const MAX_LINES = 300;
const REASON = '(Over 300 lines:';
/** The reason must be where a reader opening the file sees it. */
const HEADER_LINES = 12;
const CHECKED = /\.(ts|tsx|mjs|js|cjs|css)$/;
const SKIPPED = /\/drizzle\/|\.d\.ts$/;

/** Lines as `wc -l` counts them (newline characters). */
function lineCount(text) {
  let n = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return n;
}

/** Tracked files over the budget whose first lines give no reason, as `path (N lines)`. */
function unexplainedLongFiles() {
  const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((f) => CHECKED.test(f) && !SKIPPED.test(f));
  const offenders = [];
  for (const file of tracked) {
    const abs = join(ROOT, file);
    // Deleted in the working tree but not yet in the index.
    if (!existsSync(abs)) continue;
    const text = readFileSync(abs, 'utf8');
    const lines = lineCount(text);
    if (lines <= MAX_LINES) continue;
    const head = text.split('\n', HEADER_LINES).join('\n');
    if (!head.includes(REASON)) offenders.push(`${file} (${lines} lines)`);
  }
  return offenders;
}

describe('file lengths', () => {
  it(`every file over ${MAX_LINES} lines says why in its first ${HEADER_LINES} lines`, () => {
    expect(
      unexplainedLongFiles(),
      `Split these files, or add "${REASON} <why this file is one piece>.)" to their top comment`,
    ).toEqual([]);
  });
});
