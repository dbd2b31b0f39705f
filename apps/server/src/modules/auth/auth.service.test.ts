import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error.ts';
import { normaliseMetadata } from './auth.service.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { AccessTokens, hashRefreshToken, newRefreshToken } from './tokens.ts';
import { toUserView } from './user-view.ts';

describe('normaliseMetadata', () => {
  it('strips planData and keeps the rest', () => {
    expect(JSON.parse(normaliseMetadata('{"a":1,"planData":{"plan":"pro"}}'))).toEqual({ a: 1 });
  });
  it('refuses non-objects and oversize strings', () => {
    for (const bad of ['x', '[]', '1', 'null', JSON.stringify({ x: 'y'.repeat(20_000) })]) {
      expect(() => normaliseMetadata(bad)).toThrow(AppError);
    }
  });
});

describe('toUserView', () => {
  it('never exposes the password hash and always reports planData', () => {
    const now = new Date('2026-01-02T03:04:05.000Z');
    const view = toUserView(
      {
        id: 'usr_1',
        email: 'a@b.co',
        passwordHash: 'secret-hash',
        displayName: null,
        role: 'user',
        metadata: '{"planData":{"plan":"pro"},"x":1}',
        emailVerifiedAt: null,
        createdAt: now,
        updatedAt: now,
      },
      null,
      new Set(),
    );
    expect(JSON.stringify(view)).not.toContain('secret-hash');
    expect(JSON.parse(view.metadata)).toEqual({
      x: 1,
      planData: {
        plan: 'free',
        generationsUsed: 0,
        editsUsed: 0,
        lastResetDate: now.toISOString(),
      },
    });
  });
});

describe('passwords and tokens', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('password1');
    expect(hash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(hash, 'password1')).toBe(true);
    expect(await verifyPassword(hash, 'password2')).toBe(false);
    expect(await verifyPassword(undefined, 'password1')).toBe(false);
  });

  it('signs and verifies access tokens; refresh tokens are opaque and stored hashed', async () => {
    const tokens = await AccessTokens.create('k'.repeat(32), 'codewright');
    const now = Math.floor(Date.now() / 1000);
    const jwt = await tokens.sign({ sub: 'usr_1', sid: 'ses_1' }, now);
    // With its expiry, which a websocket's connection is held to (realtime).
    const claims = { sub: 'usr_1', sid: 'ses_1', exp: now + tokens.ttlSeconds };
    expect(await tokens.verify(jwt)).toEqual(claims);
    expect(await tokens.verify(jwt)).toEqual(claims); // again, from the verified-token cache
    const expired = await tokens.sign({ sub: 'usr_1', sid: 'ses_1' }, now - 10_000);
    await expect(tokens.verify(expired)).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    const other = await AccessTokens.create('k'.repeat(32), 'other-app');
    await expect(other.verify(jwt)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const refresh = newRefreshToken();
    expect(Buffer.from(refresh, 'base64url')).toHaveLength(32);
    expect(hashRefreshToken(refresh)).toMatch(/^[0-9a-f]{64}$/);
  });
});
