#!/usr/bin/env node
// Builds the web and server bundles only when their output is missing or older
// than any of their inputs. Shared by `npm start` and `npm test`.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT } from './bootstrap.mjs';

const npmCmd = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const SKIP_DIRS = new Set(['node_modules', 'dist', '.git']);

/** What each build produces and what it is built from (paths relative to the root). */
export const TARGETS = [
  {
    name: 'web',
    workspace: 'apps/web',
    // Written last (after the SPA shell): the prerendered landing page.
    output: 'apps/web/dist/pages/index.html',
    inputs: [
      'apps/web/src',
      'apps/web/scripts',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/package.json',
      'packages/contract/src',
      'packages/sdk/src',
    ],
  },
  {
    name: 'server',
    workspace: 'apps/server',
    output: 'apps/server/dist/server.js',
    inputs: [
      'apps/server/src',
      'apps/server/drizzle',
      'apps/server/build.mjs',
      'apps/server/package.json',
      'packages/contract/src',
    ],
  },
];

/** Newest modification time of a file, or of any file under a folder (0 if absent). */
export function newestMtime(path) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory() && SKIP_DIRS.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(join(path, entry.name)));
  }
  return newest;
}

/** Why a target needs building, or undefined when its output is fresh. */
export function staleReason(target, root = ROOT) {
  let built;
  try {
    built = statSync(join(root, target.output)).mtimeMs;
  } catch {
    return `${target.output} is missing`;
  }
  for (const input of target.inputs) {
    if (newestMtime(join(root, input)) > built) return `${input} changed since the last build`;
  }
  return undefined;
}

/**
 * Runs `npm run build -w <workspace>` for every stale target (all of them with `force`).
 * Throws with one clear line when a build fails.
 */
export function buildIfStale({ root = ROOT, force = false, only, log = console.log } = {}) {
  const built = [];
  for (const target of TARGETS) {
    if (only && !only.includes(target.name)) continue;
    const reason = force ? 'forced' : staleReason(target, root);
    if (!reason) continue;
    log(`Building ${target.name}… (${reason})`);
    const result = spawnSync(npmCmd, ['run', 'build', '-w', target.workspace], {
      cwd: root,
      stdio: 'inherit',
    });
    if (result.error || result.status !== 0) {
      const why = result.error
        ? result.error.message
        : `exit code ${result.status ?? result.signal}`;
      throw new Error(`Build of ${target.name} failed (${why}); see the output above.`);
    }
    built.push(target.name);
  }
  return built;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const built = buildIfStale({ force: process.argv.includes('--force') });
    if (built.length === 0) console.log('Build is up to date.');
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
