// Shared helpers of the bench scripts: build check, spawning the built server,
// waiting for health, and printing results as JSON plus a table.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_JS = path.join(ROOT, 'apps/server/dist/server.js');
export const RESULTS_DIR = path.join(ROOT, 'bench/results');

/** Builds the server bundle when it is missing (the SPA is not needed here). */
export function ensureServerBuilt() {
  if (fs.existsSync(SERVER_JS)) return;
  console.error(
    'bench: apps/server/dist/server.js missing, running `npm run build -w apps/server`',
  );
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/server'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('server build failed');
}

/** Starts the built server with the given environment; its output goes to a log file. */
export function startServer(env, logFile) {
  const out = fs.openSync(logFile, 'a');
  const child = spawn(process.execPath, [SERVER_JS], {
    cwd: ROOT,
    env: { ...process.env, HOST: '127.0.0.1', ...env },
    stdio: ['ignore', out, out],
  });
  fs.closeSync(out);
  return child;
}

/** Polls a URL until it answers 200; resolves with the elapsed milliseconds since `since`. */
export async function waitFor200(url, since, timeoutMs = 30_000) {
  for (;;) {
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs)
      throw new Error(`no 200 from ${url} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Sends SIGTERM and waits for the process to exit; returns its exit code. */
export function stop(child) {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

/** Prints a titled table and the JSON, and saves the JSON under bench/results/. */
export function report(name, rows, json) {
  console.log(`\n${name}`);
  console.table(rows);
  console.log(JSON.stringify(json, null, 2));
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  fs.writeFileSync(path.join(RESULTS_DIR, `${name}.json`), `${JSON.stringify(json, null, 2)}\n`);
}

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};
