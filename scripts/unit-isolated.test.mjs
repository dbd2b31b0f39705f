// Every unit test file that needs a module graph of its own is run in one (scripts/unit-isolated.mjs).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { NEEDS_ISOLATION, UNIT_ISOLATED_FILES } from './unit-isolated.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIP = new Set(['node_modules', 'dist', 'data', 'coverage', '.tmp']);

function* testFiles(dir) {
  for (const entry of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(rel);
    else if (/\.test\.(ts|tsx|mjs)$/.test(entry.name) && !/\.(api|durability)\.test\./.test(rel))
      yield rel;
  }
}

describe('unit isolation list', () => {
  it('names every .ts unit test file that uses jsdom or mocks a module or global', () => {
    const needing = ['apps', 'packages', 'scripts']
      .flatMap((dir) => [...testFiles(dir)])
      .filter((file) => !file.endsWith('.tsx'))
      .filter((file) => file !== 'scripts/unit-isolated.test.mjs')
      .filter((file) => NEEDS_ISOLATION.test(readFileSync(path.join(ROOT, file), 'utf8')));
    expect(needing.length).toBeGreaterThan(0);
    expect(needing.filter((file) => !UNIT_ISOLATED_FILES.includes(file))).toEqual([]);
  });

  it('names only files that exist', () => {
    const all = new Set(['apps', 'packages'].flatMap((dir) => [...testFiles(dir)]));
    expect(UNIT_ISOLATED_FILES.filter((file) => !all.has(file))).toEqual([]);
  });
});
