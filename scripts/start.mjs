#!/usr/bin/env node
// `npm start`: install if needed, build if stale, then run the server in the foreground.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { bootstrap, ROOT } from './bootstrap.mjs';
import { buildIfStale } from './build-if-stale.mjs';

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
const child = spawn(process.execPath, [...nodeArgs, join(ROOT, 'apps/server/dist/server.js')], {
  cwd: ROOT,
  stdio: 'inherit',
  // Its own process group, so a Ctrl+C reaches it once (forwarded below), not twice.
  detached: true,
});

// The server shuts down gracefully on SIGINT/SIGTERM; pass them on and wait for it.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  });
}

child.on('error', fail);
child.on('exit', (code, signal) => {
  if (code !== null) process.exit(code);
  // Killed by a signal: report it the way a shell would.
  const numbers = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1, SIGKILL: 9 };
  process.exit(128 + (numbers[signal] ?? 1));
});
