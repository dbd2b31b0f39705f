// How scripts/test.mjs runs a suite's command: live in its own process group (so a time-out or
// Ctrl+C stops everything it started), or into a log file when it runs beside another suite.
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { ROOT } from './bootstrap.mjs';

export const MINUTE = 60_000;

/** The running children, so Ctrl+C can stop their whole process groups. */
const running = new Set();

/**
 * Runs `node <args>` in its own process group; resolves to its exit code (or a reason). With
 * `logFile` its output goes there instead of to this terminal.
 */
export function run(args, { env = process.env, timeoutMs, logFile }) {
  return new Promise((done) => {
    const out = logFile ? openSync(logFile, 'w') : 'inherit';
    const child = spawn(process.execPath, args, {
      cwd: ROOT,
      env,
      stdio: logFile ? ['ignore', out, out] : 'inherit',
      detached: true,
    });
    if (logFile) closeSync(out);
    running.add(child);
    let timedOut = false;
    let hardKill;
    // SIGINT first, so Playwright stops the web server it started in a process group of its own.
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child, 'SIGINT');
      hardKill = setTimeout(() => killGroup(child, 'SIGKILL'), 15_000);
    }, timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      running.delete(child);
      done({ code: -1, reason: err.message });
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      clearTimeout(hardKill);
      running.delete(child);
      if (timedOut) done({ code: -1, reason: `timed out after ${timeoutMs / MINUTE} min` });
      else done({ code: code ?? -1, reason: signal ? `killed by ${signal}` : undefined });
    });
  });
}

function killGroup(child, signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    /* already gone */
  }
}

/** Passes a signal on to every running suite's process group. */
export function killRunning(signal) {
  for (const child of running) killGroup(child, signal);
}
