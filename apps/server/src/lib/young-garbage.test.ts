import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { noteStreamedBytes, STREAMED_BYTES_PER_MINOR_GC } from './young-garbage.ts';

const MB = 1024 * 1024;

describe('noteStreamedBytes', () => {
  it('frees dead body copies once a streamed amount has passed', async () => {
    // 12 MB in 64 KB chunks outside the heap, as the HTTP parser's copies of a body are: too
    // little for V8 to collect on its own (32 MB would be), dead once dropped.
    let chunks: Buffer[] | null = Array.from({ length: 192 }, (_, i) => Buffer.alloc(64 * 1024, i));
    const before = process.memoryUsage().arrayBuffers;
    expect(chunks.length).toBe(192);
    chunks = null;
    noteStreamedBytes(STREAMED_BYTES_PER_MINOR_GC);
    // V8 frees the buffers' memory on a helper thread after the collection, which on a busy
    // machine (the other test workers) may take a while: up to 3 s, far below the time V8 would
    // take to collect them by itself (the check below fails without noteStreamedBytes).
    let after = process.memoryUsage().arrayBuffers;
    for (let i = 0; i < 300 && before - after < 10 * MB; i++) {
      await new Promise((r) => setTimeout(r, 10));
      after = process.memoryUsage().arrayBuffers;
    }
    expect((before - after) / MB).toBeGreaterThan(10);
  });

  it('leaves gc exposed to no context', () => {
    noteStreamedBytes(STREAMED_BYTES_PER_MINOR_GC);
    expect(vm.runInNewContext('typeof gc')).toBe('undefined');
  });
});
