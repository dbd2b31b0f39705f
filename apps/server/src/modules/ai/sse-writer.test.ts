import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createSseWriter } from './sse-writer.ts';

/** A destination that takes writes only when `open()` is called (a reader that stalls). */
function gatedDestination(highWaterMark = 64) {
  const written: string[] = [];
  let release: (() => void) | undefined;
  const out = new Writable({
    highWaterMark,
    write(chunk: Buffer, _enc, callback) {
      written.push(chunk.toString());
      release = callback;
    },
  });
  return {
    out,
    written,
    open() {
      const r = release;
      release = undefined;
      r?.();
    },
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('createSseWriter', () => {
  it('batches the events of one turn into one write', async () => {
    const dest = gatedDestination(1024);
    const sse = createSseWriter(dest.out, { stallMs: 1000, onStalled: () => {} });
    sse.send('data: 1\n\n');
    sse.send('data: 2\n\n');
    await tick();
    expect(dest.written).toEqual(['data: 1\n\ndata: 2\n\n']);
    expect(await sse.ready()).toBe(true);
  });

  it('makes the producer wait for drain while the destination is full', async () => {
    const dest = gatedDestination(8);
    const sse = createSseWriter(dest.out, { stallMs: 1000, onStalled: () => {} });
    sse.send('data: a long event\n\n');
    await tick();
    let ready: boolean | undefined;
    void sse.ready().then((r) => (ready = r));
    await tick();
    expect(ready).toBeUndefined();
    dest.open();
    await tick();
    expect(ready).toBe(true);
  });

  it('drops a reader that stays stalled past the limit: producer told to stop, onStalled once', async () => {
    const dest = gatedDestination(8);
    let stalled = 0;
    const sse = createSseWriter(dest.out, {
      stallMs: 30,
      onStalled: () => {
        stalled++;
        dest.out.destroy();
      },
    });
    sse.send('data: a long event\n\n');
    await tick();
    expect(await sse.ready()).toBe(false);
    expect(stalled).toBe(1);
    // Nothing more is written once the reader is gone.
    sse.send('data: more\n\n');
    sse.end();
    await tick();
    expect(dest.written).toHaveLength(1);
  });

  it('a reader gone (closed) stops the producer', async () => {
    const dest = gatedDestination(1024);
    const sse = createSseWriter(dest.out, { stallMs: 1000, onStalled: () => {} });
    dest.out.destroy();
    await tick();
    expect(await sse.ready()).toBe(false);
  });
});

describe('createSseWriter under a burst', () => {
  it('writes a large batch at once and hands the event loop back before the producer goes on', async () => {
    const dest = gatedDestination(1024 * 1024);
    const sse = createSseWriter(dest.out, { stallMs: 1000, onStalled: () => {} });
    sse.send(`data: ${'x'.repeat(5000)}\n\n`);
    expect(dest.written).toHaveLength(1);
    let ready = false;
    void sse.ready().then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    await tick();
    await tick();
    expect(ready).toBe(true);
  });
});
