import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { digestOf } from './hashing-stream.ts';

describe('digestOf', () => {
  it('gives the SHA-256 and size of every chunk, and of nothing', async () => {
    const parts = [Buffer.from('one '), Buffer.alloc(70_000, 7), Buffer.from('three')];
    const whole = Buffer.concat(parts);
    expect(await digestOf(Readable.from(parts))).toEqual({
      bytes: whole.length,
      sha256: createHash('sha256').update(whole).digest('hex'),
    });
    expect(await digestOf(Readable.from([]))).toEqual({
      bytes: 0,
      sha256: createHash('sha256').digest('hex'),
    });
  });
});
