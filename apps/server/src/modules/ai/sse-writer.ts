/**
 * Server-Sent Events out with backpressure (docs/api.md § AI "Streams";
 * docs/decisions/012-time-outs-and-backpressure.md). Events queued in one turn of the event
 * loop go out in one write (under load a stream often has several ready: fewer syscalls).
 * When the destination is full the producer waits for `drain` before pulling more from the
 * model, so a reader that stops reading holds a few buffers, never the whole answer; one that
 * stays stalled for `stallMs` is dropped (`onStalled`). A stream that has a lot ready (a fast
 * model, long chunks) hands the event loop back after every FLUSH_AT_CHARS it writes, so that
 * a burst of streams filling their readers' socket buffers cannot hold other requests up.
 */
import type { Writable } from 'node:stream';

/**
 * Queued text is written at once past this size, so that a full destination shows early, and
 * the producer then waits for the next turn of the event loop before going on. Measured with
 * bench/stalled-readers.mjs (20 readers filling their socket buffers at once): /api/health p99
 * about 360 ms without the hand-back, 50–150 ms handing back every 16 KiB, 20–40 ms every
 * 4 KiB. Token-sized chunks never reach it within one turn: they go out once per turn.
 */
const FLUSH_AT_CHARS = 4 * 1024;

export interface SseWriter {
  /** Queues one event (its `data: …\n\n` text). */
  send(event: string): void;
  /**
   * Resolves true when the producer may go on, false when the reader is gone (closed, or
   * dropped for stalling): at once, after a turn of the event loop once FLUSH_AT_CHARS went
   * out, or on `drain` while the destination is full.
   */
  ready(): Promise<boolean>;
  /** Flushes what is queued and ends the stream (nothing once the reader is gone). */
  end(): void;
}

export interface SseWriterOptions {
  /** How long the destination may stay full before the reader is dropped. */
  stallMs: number;
  /** Called once when the reader is dropped for stalling; it should close the connection. */
  onStalled: () => void;
}

export function createSseWriter(out: Writable, options: SseWriterOptions): SseWriter {
  let queued = '';
  let scheduled = false;
  let full = false;
  let gone = false;
  let yieldTurn = false;
  let stallTimer: NodeJS.Timeout | undefined;
  let wake: (() => void) | undefined;

  const resume = () => {
    const w = wake;
    wake = undefined;
    w?.();
  };
  const flush = () => {
    scheduled = false;
    if (queued === '' || gone) return;
    const more = out.write(queued);
    queued = '';
    if (!more && !full) {
      full = true;
      stallTimer = setTimeout(() => {
        gone = true;
        resume();
        options.onStalled();
      }, options.stallMs);
    }
  };
  const clearStall = () => {
    clearTimeout(stallTimer);
    stallTimer = undefined;
  };
  out.on('drain', () => {
    full = false;
    clearStall();
    resume();
  });
  out.once('close', () => {
    gone = true;
    clearStall();
    resume();
  });

  return {
    send(event) {
      queued += event;
      if (queued.length >= FLUSH_AT_CHARS) {
        flush();
        yieldTurn = true;
      } else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    ready() {
      if (gone) return Promise.resolve(false);
      if (full) {
        return new Promise<boolean>((resolve) => {
          wake = () => resolve(!gone);
        });
      }
      if (yieldTurn) {
        yieldTurn = false;
        return new Promise<boolean>((resolve) => setImmediate(() => resolve(!gone)));
      }
      return Promise.resolve(true);
    },
    end() {
      // The stall limit still holds for the tail: a reader that never takes it is dropped.
      flush();
      if (!gone) out.end();
    },
  };
}
