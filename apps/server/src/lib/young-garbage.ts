/**
 * Frees the buffers a streamed request body leaves behind while it streams, not tens of
 * megabytes later (docs/decisions/053).
 *
 * Node's HTTP parser copies every body chunk into a new Buffer outside the V8 heap. An upload
 * passes each one on to disk at once, so none is held, but they are freed only when V8 next
 * collects: a 50 MB upload makes almost no heap garbage, so that was after some 30 MB of dead
 * chunks (bench/upload-memory.mjs). A minor collection (a scavenge, a few milliseconds) every
 * few megabytes of body, counted across all requests, frees them as they go.
 */
import v8 from 'node:v8';
import vm from 'node:vm';

/** Body bytes streamed, across all requests, between two minor collections. */
export const STREAMED_BYTES_PER_MINOR_GC = 8 * 1024 * 1024;

type MinorGc = (options: { type: 'minor' }) => void;

/**
 * V8's `gc` without starting node with `--expose-gc`: the flag makes the next new context get
 * the function (jest's leak detector does the same), and is turned off again so no other
 * context has it. Null when this V8 refuses; uploads then only use more memory.
 */
function loadMinorGc(): MinorGc | null {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    return typeof gc === 'function' ? (gc as MinorGc) : null;
  } catch {
    return null;
  } finally {
    v8.setFlagsFromString('--no-expose-gc');
  }
}

let gc: MinorGc | null | undefined;
let sinceLastGc = 0;

/** Counts `bytes` of a streamed body that were passed on; collects young garbage now and then. */
export function noteStreamedBytes(bytes: number): void {
  sinceLastGc += bytes;
  if (sinceLastGc < STREAMED_BYTES_PER_MINOR_GC) return;
  sinceLastGc = 0;
  if (gc === undefined) gc = loadMinorGc();
  gc?.({ type: 'minor' });
}
