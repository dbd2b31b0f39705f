// scripts/supervise.mjs with real child processes: a server that crashes after it listens is
// restarted (with the delay it names), one that never listened is not, and a signal ends the watch.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { restartDelayMs, supervise } from './supervise.mjs';

let dir;
/** Every stand-in started, so a failed test leaves none running. */
const started = [];
afterEach(() => {
  for (const child of started.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/**
 * A stand-in server: counts its starts in a file; `listen` says whether it reports listening;
 * it exits with `crashCode` on its first `crashes` starts and stays up afterwards.
 */
function fakeServer({ listen, crashes, crashCode = 1 }) {
  dir = mkdtempSync(join(tmpdir(), 'cw-supervise-'));
  const counter = join(dir, 'starts');
  writeFileSync(counter, '0');
  const script = join(dir, 'server.mjs');
  writeFileSync(
    script,
    `import { readFileSync, writeFileSync } from 'node:fs';
const n = Number(readFileSync(${JSON.stringify(counter)}, 'utf8')) + 1;
writeFileSync(${JSON.stringify(counter)}, String(n));
if (${listen}) process.send({ codewright: 'listening' });
if (n <= ${crashes}) setTimeout(() => process.exit(${crashCode}), 20);
else setInterval(() => {}, 1000);
process.on('SIGTERM', () => process.exit(0));`,
  );
  return {
    start: () =>
      spawn(process.execPath, [script], { stdio: ['ignore', 'ignore', 'ignore', 'ipc'] }),
    starts: () => Number(readFileSync(counter, 'utf8')),
  };
}

const until = async (check, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('supervise', () => {
  it('restarts a server that exits after it listened, saying so, with the delay of each restart', async () => {
    const server = fakeServer({ listen: true, crashes: 2 });
    const lines = [];
    let exitCode;
    const watch = supervise({
      start: server.start,
      exit: (code) => (exitCode = code),
      log: (line) => lines.push(line),
      signals: ['SIGUSR2'],
      delayMs: (n) => n * 10,
    });
    await until(() => server.starts() === 3);
    expect(lines).toEqual([
      'Codewright exited unexpectedly (exit code 1); restarting in 0.01 s (restart 1).',
      'Codewright exited unexpectedly (exit code 1); restarting in 0.02 s (restart 2).',
    ]);
    expect(exitCode).toBeUndefined();
    // A signal is passed on and ends the watch with the child's own exit.
    process.emit('SIGUSR2', 'SIGUSR2');
    await until(() => exitCode !== undefined);
    expect(watch.child().signalCode ?? watch.child().exitCode).not.toBeNull();
  });

  it('does not restart a server that never listened: its exit code is the answer', async () => {
    const server = fakeServer({ listen: false, crashes: 5, crashCode: 3 });
    let exitCode;
    const lines = [];
    supervise({
      start: server.start,
      exit: (code) => (exitCode = code),
      log: (line) => lines.push(line),
      signals: ['SIGUSR2'],
      delayMs: () => 10,
    });
    await until(() => exitCode !== undefined);
    expect(exitCode).toBe(3);
    expect(server.starts()).toBe(1);
    expect(lines).toEqual([]);
  });

  it('waits at most 30 s between restarts', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(restartDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });
});
