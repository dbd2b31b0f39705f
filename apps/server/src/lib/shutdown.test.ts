import { describe, expect, it } from 'vitest';
import { CLOSE_TIMEOUT_MS, CUT_GRACE_MS, createShutdown, type DrainableApp } from './shutdown.ts';

/** An app whose close() ends when the test says, timers the test runs, and a record of calls. */
function harness() {
  const calls: string[] = [];
  let endClose: (() => void) | undefined;
  const timers: { ms: number; fn: () => void; cancelled: boolean }[] = [];
  const app: DrainableApp = {
    close: () => {
      calls.push('close');
      return new Promise<void>((resolve) => (endClose = resolve));
    },
    drain: { cut: () => calls.push('cut') },
    server: { closeAllConnections: () => calls.push('closeAllConnections') },
    log: { info: () => {}, warn: () => {}, error: () => {} },
  };
  const shutdown = createShutdown(app, {
    drainMs: 30_000,
    exit: (code) => calls.push(`exit ${code}`),
    after: (ms, fn) => {
      const timer = { ms, fn, cancelled: false };
      timers.push(timer);
      return () => (timer.cancelled = true);
    },
  });
  /** Runs the timers due by `ms` after the shutdown began (the clock the test moves on). */
  const passTo = (ms: number) => {
    for (const t of timers) {
      if (t.cancelled || t.ms > ms) continue;
      t.cancelled = true;
      t.fn();
    }
  };
  return { calls, shutdown, passTo, endClose: () => endClose!() };
}

describe('createShutdown', () => {
  it('exits with the code asked for once the drain ends before the deadline, cutting nothing', async () => {
    const h = harness();
    const done = h.shutdown('SIGTERM');
    h.passTo(29_999);
    h.endClose();
    await done;
    h.passTo(60_000);
    expect(h.calls).toEqual(['close', 'exit 0']);
  });

  it('cuts the streams at the deadline, closes the connections left after the grace, then exits 0', async () => {
    const h = harness();
    const done = h.shutdown('SIGTERM');
    h.passTo(30_000);
    expect(h.calls).toEqual(['close', 'cut']);
    h.passTo(30_000 + CUT_GRACE_MS);
    expect(h.calls).toEqual(['close', 'cut', 'closeAllConnections']);
    h.endClose();
    await done;
    expect(h.calls.at(-1)).toBe('exit 0');
  });

  it('exits 1 when closing hangs past the deadline, the grace and the close time-out', () => {
    const h = harness();
    void h.shutdown('SIGTERM');
    h.passTo(30_000 + CUT_GRACE_MS + CLOSE_TIMEOUT_MS);
    expect(h.calls).toEqual(['close', 'cut', 'closeAllConnections', 'exit 1']);
  });

  it('runs once: a second signal while draining changes nothing', async () => {
    const h = harness();
    const first = h.shutdown('SIGTERM');
    await h.shutdown('SIGINT', 1);
    h.endClose();
    await first;
    expect(h.calls).toEqual(['close', 'exit 0']);
  });
});
