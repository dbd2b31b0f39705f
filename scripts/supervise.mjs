// `npm start`'s watch over the server process: a server that exits unexpectedly after
// it was listening is started again, after 1 s, 2 s, 4 s … at most 30 s (the delay starts over
// once a server has run a minute), saying so in the log. A server that never got to listen
// (bad configuration, a data directory in use) is not restarted: its exit code is ours.
// Node built-ins only, like bootstrap.mjs.

/** Delay before restart number `n` (1-based): min(30 s, 2^(n-1) s). */
export function restartDelayMs(n) {
  return Math.min(30_000, 1_000 * 2 ** Math.max(0, n - 1));
}

const SIGNAL_NUMBERS = { SIGINT: 2, SIGTERM: 15, SIGHUP: 1, SIGKILL: 9 };

/** The exit code a shell reports for a child that ended with `code` or `signal`. */
export function exitCodeOf(code, signal) {
  if (code !== null && code !== undefined) return code;
  return 128 + (SIGNAL_NUMBERS[signal] ?? 1);
}

/**
 * Runs `start()` (a child process with an IPC channel that sends `{codewright: 'listening'}`)
 * and restarts it as described above. Signals in `signals` are passed on and end the watch.
 * `exit(code)` is called once, when the watch ends.
 */
export function supervise({
  start,
  exit,
  log = console.log,
  signals = ['SIGINT', 'SIGTERM', 'SIGHUP'],
  stableMs = 60_000,
  delayMs = restartDelayMs,
}) {
  let child;
  let stopping = false;
  let restarts = 0;
  let timer;

  const onSignal = (signal) => {
    stopping = true;
    clearTimeout(timer);
    if (child && child.exitCode === null && child.signalCode === null) child.kill(signal);
    else finish(exitCodeOf(null, signal));
  };
  const handlers = signals.map((signal) => {
    const handler = () => onSignal(signal);
    process.on(signal, handler);
    return [signal, handler];
  });
  let finished = false;
  const finish = (code) => {
    if (finished) return;
    finished = true;
    for (const [signal, handler] of handlers) process.off(signal, handler);
    exit(code);
  };

  const launch = () => {
    const startedAt = Date.now();
    let listening = false;
    child = start();
    child.on('message', (message) => {
      if (message && message.codewright === 'listening') listening = true;
    });
    child.on('error', (err) => {
      log(`Codewright could not be started: ${err.message}`);
      if (!listening) finish(1);
    });
    child.on('exit', (code, signal) => {
      const status = exitCodeOf(code, signal);
      if (stopping || !listening || code === 0) return finish(status);
      if (Date.now() - startedAt >= stableMs) restarts = 0;
      restarts++;
      const wait = delayMs(restarts);
      log(
        `Codewright exited unexpectedly (${signal ? `signal ${signal}` : `exit code ${code}`}); restarting in ${wait / 1000} s (restart ${restarts}).`,
      );
      timer = setTimeout(launch, wait);
    });
  };
  launch();
  return { child: () => child };
}
