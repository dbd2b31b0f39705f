import { describe, expect, it } from 'vitest';
import type { Session } from '../types.ts';
import { isAccessTokenExpired, isRefreshTokenExpired, sessionFromHandoff } from './token-math.ts';

const issuedAt = 1_700_000_000;
const session: Session = {
  accessToken: 'a',
  refreshToken: 'r',
  tokenType: 'Bearer',
  expiresIn: 900,
  refreshExpiresIn: 2_592_000,
  issuedAt,
};
const statedAccessEnd = (issuedAt + 900) * 1000;
const refreshEnd = (issuedAt + 2_592_000) * 1000;

describe('access token expiry (30 s early)', () => {
  it('is valid 31 s before the stated expiry', () => {
    expect(isAccessTokenExpired(session, statedAccessEnd - 31_000)).toBe(false);
  });
  it('is valid until just before the 30 s margin', () => {
    expect(isAccessTokenExpired(session, statedAccessEnd - 30_001)).toBe(false);
  });
  it('is expired exactly 30 s before', () => {
    expect(isAccessTokenExpired(session, statedAccessEnd - 30_000)).toBe(true);
  });
  it('is expired 29 s before the stated expiry', () => {
    expect(isAccessTokenExpired(session, statedAccessEnd - 29_000)).toBe(true);
  });
  it('is valid right after issue and counts an empty token as expired', () => {
    expect(isAccessTokenExpired(session, issuedAt * 1000)).toBe(false);
    expect(isAccessTokenExpired({ ...session, accessToken: '' }, issuedAt * 1000)).toBe(true);
  });
});

describe('refresh token expiry (exact end)', () => {
  it('is valid 1 ms before the end of its lifetime', () => {
    expect(isRefreshTokenExpired(session, refreshEnd - 1)).toBe(false);
  });
  it('is expired exactly at the end, with no margin', () => {
    expect(isRefreshTokenExpired(session, refreshEnd)).toBe(true);
  });
  it('counts an empty refresh token as expired', () => {
    expect(isRefreshTokenExpired({ ...session, refreshToken: '' }, issuedAt * 1000)).toBe(true);
  });
});

describe('hand-off sessions', () => {
  it('default to 900 s / 30 days from now when the lifetimes are not given', () => {
    const now = 1_800_000_000_500;
    expect(sessionFromHandoff({ accessToken: 'a', refreshToken: 'r' }, now)).toEqual({
      accessToken: 'a',
      refreshToken: 'r',
      tokenType: 'Bearer',
      expiresIn: 900,
      refreshExpiresIn: 2_592_000,
      issuedAt: 1_800_000_000,
    });
  });
});
