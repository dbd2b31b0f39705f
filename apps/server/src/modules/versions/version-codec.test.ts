import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeSha256, decodeChain, encodeVersion, KEYFRAME_INTERVAL } from './version-codec.ts';

const file = (n: number) =>
  Array.from(
    { length: n },
    (_, i) => `  const value${i} = compute(${i}, "${(i * 7919) % 1000}");`,
  ).join('\n');

describe('version codec', () => {
  it('stores a small change to a large file as a delta far smaller than the file', () => {
    const base = file(2000);
    const next = base.replace('compute(1000,', 'compute(1000 + 1,');
    const full = encodeVersion(base, null, 0);
    const delta = encodeVersion(next, base, 1);
    expect(full.kind).toBe('full');
    expect(delta.kind).toBe('delta');
    expect(delta.body.length).toBeLessThan(200);
    expect(decodeChain([full, delta])).toBe(next);
  });

  it('stores a full copy once the chain since the last full one is long enough', () => {
    const base = file(50);
    expect(encodeVersion(`${base}\nx`, base, KEYFRAME_INTERVAL - 1).kind).toBe('delta');
    expect(encodeVersion(`${base}\nx`, base, KEYFRAME_INTERVAL).kind).toBe('full');
  });

  it('stores a rewrite as a full copy rather than a delta larger than the code', () => {
    expect(encodeVersion(file(100), file(100).replace(/value/g, 'other'), 1).kind).toBe('full');
  });

  it('rebuilds every version of any chain of edits exactly', () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', '', ' }', 'é', '\r', 'x\ty'), { maxLength: 30 })
      .map((l) => l.join('\n'));
    fc.assert(
      fc.property(fc.array(text, { minLength: 1, maxLength: 8 }), (codes) => {
        const chain = codes.map((code, i) =>
          encodeVersion(code, i === 0 ? null : codes[i - 1]!, i),
        );
        codes.forEach((code, i) => expect(decodeChain(chain.slice(0, i + 1))).toBe(code));
      }),
      { numRuns: 200 },
    );
  });

  it('refuses a chain that does not start with a full version, and hashes code as sha256', () => {
    const delta = encodeVersion(`${file(40)}\nend`, file(40), 1);
    expect(delta.kind).toBe('delta');
    expect(() => decodeChain([delta])).toThrow();
    expect(codeSha256('abc').toString('hex')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
  });
});
