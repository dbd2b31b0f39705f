/**
 * Short-lived signed URLs of private files (docs/decisions/037): an HMAC-SHA256 over the storage
 * key and the expiry, like an S3 presigned URL. Holding a valid, unexpired signature proves the
 * server handed the URL to someone allowed to read the file, so checking one needs no database
 * query; a member who is removed keeps a URL they already hold until it expires, at most
 * SIGNED_URL_MAX_TTL_SECONDS later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The longest a signed URL lives (docs/api.md § Storage). */
export const SIGNED_URL_MAX_TTL_SECONDS = 3600;

/** What a signed URL carries besides its path. */
export interface UrlSignature {
  /** Unix time in seconds after which the URL no longer works. */
  expires: number;
  /** base64url HMAC-SHA256 of the key and `expires`. */
  signature: string;
}

/** Signs and checks storage URLs with a key derived from the server's secret. */
export interface UrlSigner {
  /** A signature for `key` valid for the signer's TTL from now. */
  sign(key: string): UrlSignature;
  /**
   * True when `signature` was made by this server for `key` and `expires` and has not expired.
   * Takes the raw query values (anything a client sent); never throws.
   */
  verify(key: string, expires: unknown, signature: unknown): boolean;
}

/** A base64url SHA-256 digest is 43 characters. */
const SIGNATURE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** Seconds since 1970 in decimal, without a sign or leading zeros (so one expiry has one spelling). */
const EXPIRES_PATTERN = /^[1-9]\d{0,11}$/;

/**
 * A signer keyed by `secret` (the JWT secret, lib/secret.ts). The signing key is derived from it
 * with its own label, so a signature can never be replayed as any other MAC the server makes.
 * `now` gives milliseconds (tests inject a clock); `ttlSeconds` is capped at one hour.
 */
export function createUrlSigner(opts: {
  secret: string;
  now?: () => number;
  ttlSeconds?: number;
}): UrlSigner {
  const signingKey = createHmac('sha256', opts.secret)
    .update('codewright storage signed url v1')
    .digest();
  const now = opts.now ?? Date.now;
  const ttl = Math.min(opts.ttlSeconds ?? SIGNED_URL_MAX_TTL_SECONDS, SIGNED_URL_MAX_TTL_SECONDS);
  const mac = (key: string, expires: number | string) =>
    createHmac('sha256', signingKey).update(`${key}\n${expires}`).digest();

  return {
    sign(key) {
      const expires = Math.floor(now() / 1000) + ttl;
      return { expires, signature: mac(key, expires).toString('base64url') };
    },
    verify(key, expires, signature) {
      if (typeof expires !== 'string' || typeof signature !== 'string') return false;
      if (!EXPIRES_PATTERN.test(expires) || !SIGNATURE_PATTERN.test(signature)) return false;
      if (Number(expires) * 1000 <= now()) return false;
      const given = Buffer.from(signature, 'base64url');
      const expected = mac(key, expires);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
