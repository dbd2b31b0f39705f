#!/usr/bin/env node
// `npm start`: install if needed, build if stale, then run the server in the foreground,
// restarting it when it exits unexpectedly (scripts/supervise.mjs).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrap, ROOT } from './bootstrap.mjs';
import { buildIfStale } from './build-if-stale.mjs';
import { supervise } from './supervise.mjs';

function fail(err) {
  console.error(err instanceof Error ? err.message : String(err));
  process.exit(1);
}

try {
  bootstrap();
  buildIfStale();
} catch (err) {
  fail(err);
}

const port = process.env.PORT || '3000';
const host = process.env.HOST || '127.0.0.1';
const shownHost = ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host)
  ? 'localhost'
  : host;
console.log(`Starting Codewright on http://${shownHost}:${port}`);

// A .env beside package.json is read by Node itself (variables already set win).
const envFile = join(ROOT, '.env');
const nodeArgs = existsSync(envFile) ? [`--env-file=${envFile}`] : [];
supervise({
  start: () =>
    spawn(process.execPath, [...nodeArgs, join(ROOT, 'apps/server/dist/server.js')], {
      cwd: ROOT,
      // The IPC channel tells us when the server listens (only then is a crash restarted).
      stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
      // Its own process group, so a Ctrl+C reaches it once (forwarded by supervise), not twice.
      detached: true,
    }),
  exit: (code) => process.exit(code),
});
