import { describe, expect, it } from 'vitest';
import { ownKeyOfPublicUrl, publicUrlOf, storageRefOf, type UrlOrigin } from './storage-urls.ts';

const origin: UrlOrigin = {
  base: 'https://app.example',
  origins: ['https://app.example'],
  project: 'codewright',
};
const signed = { expires: 1_800_000_000, signature: 'a'.repeat(43) };

describe('storage URLs, plain and signed', () => {
  it('builds the signed form by adding expires and signature to the plain URL', () => {
    const plain = publicUrlOf(origin, 'uploads/u1/a.png');
    expect(plain).toBe('https://app.example/api/storage/codewright/public/uploads/u1/a.png');
    expect(publicUrlOf(origin, 'uploads/u1/a.png', signed)).toBe(
      `${plain}?expires=1800000000&signature=${'a'.repeat(43)}`,
    );
  });

  it('reads the key back from either form; the query is never part of it', () => {
    const url = publicUrlOf(origin, 'uploads/u1/a.png', signed);
    expect(storageRefOf(url, origin)).toEqual({
      key: 'uploads/u1/a.png',
      expires: '1800000000',
      signature: 'a'.repeat(43),
    });
    expect(storageRefOf(publicUrlOf(origin, 'uploads/u1/a.png'), origin)).toEqual({
      key: 'uploads/u1/a.png',
    });
    for (const raw of [url, new URL(url).pathname + new URL(url).search]) {
      expect(ownKeyOfPublicUrl(raw, { origin, userId: 'u1', field: 'imageUrls' })).toBe(
        'uploads/u1/a.png',
      );
    }
  });

  it('never throws on a key that does not decode, or on another host', () => {
    expect(
      storageRefOf('https://app.example/api/storage/codewright/public/uploads/%E0%A4%A', origin),
    ).toEqual({ key: 'uploads/%E0%A4%A' });
    expect(storageRefOf('https://evil.example/api/storage/codewright/public/a', origin)).toBe(
      undefined,
    );
    expect(storageRefOf('not a url', origin)).toBe(undefined);
    expect(() =>
      ownKeyOfPublicUrl('/api/storage/codewright/public/uploads/u1/%E0%A4%A?signature=x', {
        origin,
        userId: 'u1',
        field: 'imageUrls',
      }),
    ).toThrow(/name one of your own uploads/);
  });
});
