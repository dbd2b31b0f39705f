import { describe, expect, it } from 'vitest';
import { errorMessageOf, safeRedirectPath, socialProvidersOf } from './social-sign-in.ts';

describe('safeRedirectPath', () => {
  it('keeps same-site paths', () => {
    expect(safeRedirectPath('/generator', '/dashboard')).toBe('/generator');
    expect(safeRedirectPath('/dashboard?tab=1', '/x')).toBe('/dashboard?tab=1');
  });
  it('refuses other origins and junk', () => {
    for (const bad of [
      null,
      '',
      'https://evil.test',
      '//evil.test',
      '/\\evil.test',
      'javascript:alert(1)',
    ]) {
      expect(safeRedirectPath(bad, '/dashboard')).toBe('/dashboard');
    }
  });
});

describe('socialProvidersOf', () => {
  it('shows only configured social providers, Google before GitHub', () => {
    expect(socialProvidersOf([{ id: 'email', name: 'Email' }])).toEqual([]);
    const ids = socialProvidersOf([
      { id: 'github', name: 'GitHub' },
      { id: 'google', name: 'Google' },
    ]).map((p) => p.id);
    expect(ids).toEqual(['google', 'github']);
  });
});

describe('errorMessageOf', () => {
  it('reads a non-empty message only', () => {
    expect(errorMessageOf(new Error('boom'))).toBe('boom');
    expect(errorMessageOf({ message: '  ' })).toBeUndefined();
    expect(errorMessageOf('text')).toBeUndefined();
    expect(errorMessageOf(null)).toBeUndefined();
  });
});
