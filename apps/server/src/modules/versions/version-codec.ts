/**
 * How a version's code is stored (docs/decisions/015): deflate-compressed, either
 * whole ("full") or as the line changes from the version before it ("delta"),
 * so that storage grows with the size of the changes, not of the file. A full
 * copy is kept every KEYFRAME_INTERVAL versions, or when a delta would be large,
 * which bounds the work of rebuilding any version.
 */
import { createHash } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import {
  applyLineRuns,
  diffLineArrays,
  joinLines,
  type LineRun,
  splitLines,
} from '@codewright/contract';

/** At most this many versions in a row are deltas; the next one is stored full. */
export const KEYFRAME_INTERVAL = 50;

export type VersionKind = 'full' | 'delta';

export interface EncodedVersion {
  kind: VersionKind;
  body: Buffer;
}

// A delta is JSON: n ≥ 0 keeps n lines of the base, -n skips n, an array inserts its lines.
type DeltaOp = number | string[];

function toOps(runs: readonly LineRun[]): DeltaOp[] {
  return runs.map((r) => (r.kind === 'equal' ? r.count : r.kind === 'remove' ? -r.count : r.lines));
}

function toRuns(ops: readonly DeltaOp[]): LineRun[] {
  return ops.map((op) =>
    Array.isArray(op)
      ? { kind: 'add' as const, lines: op }
      : op >= 0
        ? { kind: 'equal' as const, count: op }
        : { kind: 'remove' as const, count: -op },
  );
}

const deflate = (text: string) => deflateRawSync(Buffer.from(text, 'utf8'));
const inflate = (body: Buffer) => inflateRawSync(body).toString('utf8');

/** sha256 of the code (UTF-8). */
export function codeSha256(code: string): Buffer {
  return createHash('sha256').update(code, 'utf8').digest();
}

/**
 * The stored form of `code`. `base` is the code of the version before it and
 * `sinceFull` the new version's distance from the last full one (new number minus
 * its number; ignored without a base). A delta larger than half the code is stored full.
 */
export function encodeVersion(
  code: string,
  base: string | null,
  sinceFull: number,
): EncodedVersion {
  if (base === null || sinceFull >= KEYFRAME_INTERVAL) return { kind: 'full', body: deflate(code) };
  const json = JSON.stringify(toOps(diffLineArrays(splitLines(base), splitLines(code))));
  if (json.length > code.length / 2) return { kind: 'full', body: deflate(code) };
  return { kind: 'delta', body: deflate(json) };
}

/**
 * Rebuilds the code of the last of `chain`: a full version followed by the deltas
 * after it, in order. Throws when the chain does not start with a full version.
 */
export function decodeChain(chain: readonly EncodedVersion[]): string {
  const [first, ...rest] = chain;
  if (!first || first.kind !== 'full')
    throw new Error('a version chain must start with a full version');
  let lines = splitLines(inflate(first.body));
  for (const link of rest) {
    if (link.kind === 'full') lines = splitLines(inflate(link.body));
    else lines = applyLineRuns(lines, toRuns(JSON.parse(inflate(link.body)) as DeltaOp[]));
  }
  return joinLines(lines);
}

/**
 * The code of `version` from the code of the version just before it (null when there is
 * none): reading a whole history in order costs one step per version, not one chain each.
 */
export function decodeNext(previous: string | null, version: EncodedVersion): string {
  if (version.kind === 'full') return inflate(version.body);
  if (previous === null) throw new Error('a delta needs the code of the version before it');
  const ops = JSON.parse(inflate(version.body)) as DeltaOp[];
  return joinLines(applyLineRuns(splitLines(previous), toRuns(ops)));
}
