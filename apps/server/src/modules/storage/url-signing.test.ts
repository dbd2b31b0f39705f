import { describe, expect, it } from 'vitest';
import { createUrlSigner, SIGNED_URL_MAX_TTL_SECONDS } from './url-signing.ts';

const KEY = 'uploads/ws_team/logo.png';

function signerAt(start = Date.UTC(2026, 0, 1)) {
  let now = start;
  const signer = createUrlSigner({ secret: 'x'.repeat(48), now: () => now });
  return { signer, advance: (ms: number) => (now += ms) };
}

describe('signed storage URLs', () => {
  it('a fresh signature is valid for its key until its expiry, one hour away', () => {
    const { signer, advance } = signerAt();
    const { expires, signature } = signer.sign(KEY);
    expect(signature).toMatch(/^[\w-]{43}$/);
    expect(signer.verify(KEY, String(expires), signature)).toBe(true);
    advance(SIGNED_URL_MAX_TTL_SECONDS * 1000 - 1000);
    expect(signer.verify(KEY, String(expires), signature)).toBe(true);
    advance(1000);
    expect(signer.verify(KEY, String(expires), signature)).toBe(false);
  });

  it('a tampered path or expiry, or another secret, fails', () => {
    const { signer } = signerAt();
    const { expires, signature } = signer.sign(KEY);
    expect(signer.verify('uploads/ws_team/other.png', String(expires), signature)).toBe(false);
    expect(signer.verify(KEY, String(expires + 3600), signature)).toBe(false);
    expect(signer.verify(KEY, `0${expires}`, signature)).toBe(false);
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(signer.verify(KEY, String(expires), flipped)).toBe(false);
    const other = createUrlSigner({ secret: 'y'.repeat(48), now: () => Date.UTC(2026, 0, 1) });
    expect(other.verify(KEY, String(expires), signature)).toBe(false);
  });

  it('never throws on malformed input', () => {
    const { signer } = signerAt();
    const { expires, signature } = signer.sign(KEY);
    for (const [e, s] of [
      [undefined, signature],
      [String(expires), undefined],
      [[String(expires)], signature],
      [String(expires), [signature]],
      ['1e12', signature],
      ['-1', signature],
      [String(expires), 'short'],
      [String(expires), `${signature}=`],
      [String(expires), '%'.repeat(43)],
      ['9'.repeat(400), signature],
    ] as [unknown, unknown][]) {
      expect(signer.verify(KEY, e, s)).toBe(false);
    }
  });

  it('caps the lifetime at one hour', () => {
    const now = Date.UTC(2026, 0, 1);
    const signer = createUrlSigner({ secret: 's'.repeat(48), now: () => now, ttlSeconds: 86_400 });
    expect(signer.sign(KEY).expires).toBe(now / 1000 + SIGNED_URL_MAX_TTL_SECONDS);
  });
});
