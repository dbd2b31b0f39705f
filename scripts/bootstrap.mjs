#!/usr/bin/env node
// Installs dependencies when they are missing or older than the lockfile.
// Node built-ins only: this runs on a fresh clone before anything is installed.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (the folder above scripts/). */
export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

const npmCmd = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Why an install is needed, or undefined when node_modules is up to date. */
export function installReason(root = ROOT) {
  const modules = join(root, 'node_modules');
  if (!existsSync(modules)) return 'node_modules is missing';
  const lock = mtime(join(root, 'package-lock.json'));
  const installed = mtime(join(modules, '.package-lock.json'));
  if (lock !== undefined && installed === undefined) return 'node_modules has no install record';
  if (lock !== undefined && installed !== undefined && lock > installed) {
    return 'package-lock.json is newer than node_modules';
  }
  return undefined;
}

/**
 * Runs `npm ci` (or `npm install` without a lockfile) when needed.
 * Throws with one clear line when the install fails.
 */
export function bootstrap({ root = ROOT, log = console.log } = {}) {
  const reason = installReason(root);
  if (!reason) return false;
  const hasLock = existsSync(join(root, 'package-lock.json'));
  const args = hasLock ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  log(`Installing dependencies (${reason}): npm ${args[0]}…`);
  const result = spawnSync(npmCmd, args, {
    cwd: root,
    stdio: 'inherit',
    // Browsers come from Debian (/usr/bin/chromium); never let a package download one.
    env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', PUPPETEER_SKIP_DOWNLOAD: '1' },
  });
  if (result.error || result.status !== 0) {
    const why = result.error ? result.error.message : `exit code ${result.status ?? result.signal}`;
    throw new Error(
      `Dependency install failed (npm ${args[0]}: ${why}); fix the error above and retry.`,
    );
  }
  return true;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    if (!bootstrap()) console.log('Dependencies are up to date.');
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
