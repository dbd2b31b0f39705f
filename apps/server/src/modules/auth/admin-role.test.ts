import { describe, expect, it } from 'vitest';
import { effectiveRole, withEffectiveRole } from './admin-role.ts';

const listed = new Set(['boss@example.com']);
const verified = new Date('2026-01-02T03:04:05.000Z');

describe('effectiveRole', () => {
  it('makes an ADMIN_EMAILS address an admin only once it is verified', () => {
    const squatter = { email: ' Boss@Example.COM ', role: 'user', emailVerifiedAt: null };
    expect(effectiveRole(squatter, listed)).toBe('user');
    expect(effectiveRole({ ...squatter, emailVerifiedAt: verified }, listed)).toBe('admin');
  });

  it('keeps a stored admin role without ADMIN_EMAILS, and other addresses as stored', () => {
    expect(
      effectiveRole({ email: 'a@b.co', role: 'admin', emailVerifiedAt: null }, new Set()),
    ).toBe('admin');
    expect(
      effectiveRole({ email: 'a@b.co', role: 'user', emailVerifiedAt: verified }, listed),
    ).toBe('user');
  });

  it('returns the same row when the role does not change', () => {
    const row = { email: 'a@b.co', role: 'user', emailVerifiedAt: verified };
    expect(withEffectiveRole(row, listed)).toBe(row);
    expect(withEffectiveRole({ ...row, email: 'boss@example.com' }, listed).role).toBe('admin');
  });
});
