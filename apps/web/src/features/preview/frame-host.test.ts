// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PreviewFrameHost } from './frame-host.ts';
import { PREVIEW_MESSAGE_TAG } from './sandbox/protocol.ts';

/** The watchdog's rules, with the frame's messages sent as the sandbox sends them. */
describe('PreviewFrameHost watchdog', () => {
  let container: HTMLElement;
  let host: PreviewFrameHost;
  let hangs: string[];
  /** The page's clock (performance.now), moved by advance() and stall(). */
  let now: number;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] });
    now = 1_000;
    vi.spyOn(performance, 'now').mockImplementation(() => now);
    container = document.createElement('div');
    document.body.append(container);
    hangs = [];
    host = new PreviewFrameHost(
      container,
      { onMessage: () => {}, onHang: (reason) => hangs.push(reason) },
      { frameUrl: 'about:blank', watchdogMs: 3_000, pingMs: 1_000, startMs: 15_000 },
    );
  });

  afterEach(() => {
    host.dispose();
    container.remove();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** Time passes with the page free to run its timers, a second at a time. */
  function advance(ms: number): void {
    for (let left = ms; left > 0; left -= 1_000) {
      now += Math.min(1_000, left);
      vi.advanceTimersByTime(Math.min(1_000, left));
    }
  }

  /** The page itself is busy (a long task): time passes and no timer runs. */
  function stall(ms: number): void {
    now += ms;
  }

  const frameWindow = () => container.querySelector('iframe')?.contentWindow ?? null;

  function fromFrame(data: Record<string, unknown>): void {
    const source = frameWindow();
    window.dispatchEvent(
      new MessageEvent('message', {
        origin: 'null',
        source,
        data: { tag: PREVIEW_MESSAGE_TAG, ...data },
      }),
    );
  }

  function startPython(): number {
    const runId = host.run({ mode: 'python', code: 'print(1)', map: null });
    fromFrame({ type: 'hello' });
    return runId;
  }

  it('stops a frame that leaves pings unanswered for the watchdog time', () => {
    const runId = startPython();
    fromFrame({ type: 'status', runId, status: 'running', ms: 1 });
    advance(3_000);
    expect(hangs).toEqual([]);
    advance(1_000);
    expect(hangs).toEqual(['unresponsive']);
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('keeps a frame that answers its pings', () => {
    const runId = startPython();
    fromFrame({ type: 'status', runId, status: 'running', ms: 1 });
    for (let i = 0; i < 10; i++) {
      advance(1_000);
      fromFrame({ type: 'pong', id: i + 1 });
    }
    expect(hangs).toEqual([]);
  });

  it('gives a frame that is loading Python the start allowance, then the watchdog time again', () => {
    const runId = startPython();
    fromFrame({ type: 'status', runId, status: 'loading-python', ms: 1 });
    advance(10_000);
    expect(hangs).toEqual([]);
    fromFrame({ type: 'status', runId, status: 'running', ms: 1 });
    advance(4_000);
    expect(hangs).toEqual(['unresponsive']);
  });

  it('a frame silent past the start allowance while loading Python is still stopped', () => {
    const runId = startPython();
    fromFrame({ type: 'status', runId, status: 'loading-python', ms: 1 });
    advance(16_000);
    expect(hangs).toEqual(['unresponsive']);
  });

  it('does not count time this page was too busy to ping against the frame', () => {
    const runId = startPython();
    fromFrame({ type: 'status', runId, status: 'running', ms: 1 });
    advance(1_000);
    fromFrame({ type: 'pong', id: 1 });
    // The page's own long task: its next tick comes 5 s late, the frame's answer queued behind it.
    stall(5_000);
    advance(1_000);
    expect(hangs).toEqual([]);
    fromFrame({ type: 'pong', id: 2 });
    advance(2_000);
    expect(hangs).toEqual([]);
  });

  it('reports a frame that never says hello as not started', () => {
    host.run({ mode: 'module', code: 'x', map: null });
    advance(16_000);
    expect(hangs).toEqual(['no-start']);
  });
});
