/**
 * A server's shutdown (docs/operations.md § Start and stop): app.close() stops accepting, turns
 * away requests that still arrive on open connections (plugins/drain.ts) and waits for those in
 * flight. At the drain deadline the AI streams still running are cut (each ends with an `error`
 * event saying the server is restarting); a moment later every connection left is closed. A
 * drain that ends, on time or cut, exits with the code asked for; a close that hangs even then
 * (a wedged database pool) exits 1.
 */

/** What a shutdown needs of the app (a FastifyInstance). */
export interface DrainableApp {
  close(): PromiseLike<unknown>;
  drain: { cut(): void };
  server: { closeAllConnections(): void };
  log: {
    info(obj: object, msg: string): void;
    warn(msg: string): void;
    error(obj: object | string, msg?: string): void;
  };
}

export interface ShutdownOptions {
  /** How long requests in flight may take to finish (SHUTDOWN_DRAIN_SECONDS, in ms). */
  drainMs: number;
  /** Ends the process (process.exit). */
  exit: (code: number) => void;
  /** Runs `fn` after `ms` without keeping the process up; returns its cancel (tests: a fake). */
  after?: (ms: number, fn: () => void) => () => void;
}

/** After the deadline, how long the streams just cut get to send their last event. */
export const CUT_GRACE_MS = 2_000;

/** After that, how long closing may still take (the database pool, the embedded PostgreSQL). */
export const CLOSE_TIMEOUT_MS = 10_000;

const realAfter = (ms: number, fn: () => void) => {
  const timer = setTimeout(fn, ms);
  timer.unref();
  return () => clearTimeout(timer);
};

/**
 * Returns `shutdown(reason, exitCode)`: the first call drains and exits as above, later calls
 * do nothing.
 */
export function createShutdown(app: DrainableApp, options: ShutdownOptions) {
  const after = options.after ?? realAfter;
  let started = false;
  return async function shutdown(reason: string, exitCode = 0): Promise<void> {
    if (started) return;
    started = true;
    const drainSeconds = options.drainMs / 1000;
    app.log.info(
      { signal: reason, drainSeconds },
      'shutting down: no new connections, finishing requests in flight',
    );
    const cancels = [
      after(options.drainMs, () => {
        app.log.warn('drain deadline reached: ending the AI streams still running');
        app.drain.cut();
      }),
      after(options.drainMs + CUT_GRACE_MS, () => {
        app.log.warn('drain deadline passed: closing the connections still open');
        app.server.closeAllConnections();
      }),
      after(options.drainMs + CUT_GRACE_MS + CLOSE_TIMEOUT_MS, () => {
        app.log.error('shutdown timed out; exiting');
        options.exit(1);
      }),
    ];
    try {
      // Stops accepting, waits for in-flight requests, then runs onClose hooks (database close).
      await app.close();
      for (const cancel of cancels) cancel();
      app.log.info({ signal: reason }, 'shutdown complete');
      options.exit(exitCode);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      options.exit(1);
    }
  };
}
