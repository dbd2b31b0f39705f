import { createHash, randomBytes } from 'node:crypto';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { ACCESS_TOKEN_TTL_SECONDS } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { TtlCache } from '../../lib/ttl-cache.ts';

export const TOKEN_ISSUER = 'codewright';

type HmacKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

/** Claims the server puts in an access token. */
export interface AccessClaims {
  sub: string;
  sid: string;
}

/** Claims of a verified token, with its expiry (seconds since the epoch). */
export type VerifiedClaims = AccessClaims & { exp: number };

/** Signs and verifies HS256 access tokens with one imported key (imported once: verification is on every request). */
export class AccessTokens {
  // A token that verified once stays valid until its exp (it cannot change),
  // so repeat requests skip the HMAC. Bounded; entries die at the token's exp.
  private readonly verified = new TtlCache<string, AccessClaims & { exp: number }>(
    60 * 60 * 1000,
    20_000,
  );

  private constructor(
    private readonly key: HmacKey,
    private readonly audience: string,
    readonly ttlSeconds: number,
  ) {}

  /** Imports the secret once as an HMAC key. */
  static async create(
    secret: string,
    audience: string,
    ttlSeconds = ACCESS_TOKEN_TTL_SECONDS,
  ): Promise<AccessTokens> {
    const key = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(secret),
      { name: 'HMAC', hash: 'SHA-256' },
      false,
      ['sign', 'verify'],
    );
    return new AccessTokens(key, audience, ttlSeconds);
  }

  /** A signed access token for a user's session, issued at `issuedAt` (unix seconds). */
  sign(claims: AccessClaims, issuedAt: number): Promise<string> {
    return new SignJWT({ sid: claims.sid })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(TOKEN_ISSUER)
      .setAudience(this.audience)
      .setIssuedAt(issuedAt)
      .setExpirationTime(issuedAt + this.ttlSeconds)
      .sign(this.key);
  }

  /** Verifies a token; TOKEN_EXPIRED when past its lifetime, UNAUTHORIZED for anything else wrong. */
  async verify(token: string): Promise<VerifiedClaims> {
    const now = Date.now();
    const cached = this.verified.get(token, now);
    if (cached) return { sub: cached.sub, sid: cached.sid, exp: cached.exp };
    let claims: VerifiedClaims;
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: TOKEN_ISSUER,
        audience: this.audience,
      });
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.sid !== 'string' ||
        typeof payload.exp !== 'number'
      ) {
        throw new AppError('UNAUTHORIZED');
      }
      claims = { sub: payload.sub, sid: payload.sid, exp: payload.exp };
    } catch (err) {
      if (err instanceof joseErrors.JWTExpired) throw new AppError('TOKEN_EXPIRED');
      throw new AppError('UNAUTHORIZED');
    }
    this.verified.set(token, claims, now, claims.exp * 1000);
    return { sub: claims.sub, sid: claims.sid, exp: claims.exp };
  }
}

/** A new opaque refresh token: 32 random bytes, base64url. */
export function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What we store instead of the refresh token: its sha256, hex. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
