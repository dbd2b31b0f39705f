/**
 * SHA-256 and byte count of bytes streaming past (storage copy, backups). Chunks go on unchanged;
 * each is noted as streamed, so the dead chunks of a large file are collected as it goes, not tens
 * of megabytes later (young-garbage.ts).
 */
import { createHash } from 'node:crypto';
import { type Readable, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { noteStreamedBytes } from './young-garbage.ts';

export interface StreamDigest {
  bytes: number;
  sha256: string;
}

/** A pass-through that hashes and counts; `digest()` once the stream has ended. */
export function hashingStream(): { stream: Transform; digest: () => StreamDigest } {
  const hash = createHash('sha256');
  let bytes = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      noteStreamedBytes(chunk.length);
      done(null, chunk);
    },
  });
  return { stream, digest: () => ({ bytes, sha256: hash.digest('hex') }) };
}

/** The digest of everything `source` gives, read to its end and dropped chunk by chunk. */
export async function digestOf(source: Readable): Promise<StreamDigest> {
  const { stream, digest } = hashingStream();
  await pipeline(source, stream, new Writable({ write: (_chunk, _enc, done) => done() }));
  return digest();
}
