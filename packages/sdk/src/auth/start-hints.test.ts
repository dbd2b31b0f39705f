import { describe, expect, it } from 'vitest';
import { mayFindSession } from './start-hints.ts';
import { DEFAULT_STORAGE_KEY } from './token-store.ts';

/** A window at `href`, framed or not, whose localStorage holds `stored` (or throws). */
function fakeWindow(href: string, stored: Record<string, string> | 'throws' = {}, framed = false) {
  const win: { location: { href: string }; localStorage: unknown; parent?: unknown } = {
    location: { href },
    get localStorage() {
      if (stored === 'throws') throw new Error('SecurityError');
      return { getItem: (key: string) => stored[key] ?? null };
    },
  };
  win.parent = framed ? {} : win;
  return win as unknown as Window;
}

describe('mayFindSession', () => {
  it('is false for a top-level page with no auth parameters and nothing stored', () => {
    expect(mayFindSession(fakeWindow('https://cw.test/pricing?utm_source=x'))).toBe(false);
  });

  it.each([
    ['an access token', 'https://cw.test/?access_token=a'],
    ['a refresh token', 'https://cw.test/?refresh_token=r'],
    ['a magic link', 'https://cw.test/?magic_token=m'],
    ['an OAuth error to report', 'https://cw.test/?auth_error=access_denied'],
  ])('is true when the URL carries %s', (_, href) => {
    expect(mayFindSession(fakeWindow(href))).toBe(true);
  });

  it("is false on a mailed link's page, whose token belongs to the page", () => {
    expect(mayFindSession(fakeWindow('https://cw.test/reset-password?token=t'))).toBe(false);
  });

  it('is true when an entry is stored under the key, even one that is not readable', () => {
    const stored = { [DEFAULT_STORAGE_KEY]: 'not json' };
    expect(mayFindSession(fakeWindow('https://cw.test/', stored))).toBe(true);
    expect(mayFindSession(fakeWindow('https://cw.test/', { mine: '{}' }), 'mine')).toBe(true);
    expect(mayFindSession(fakeWindow('https://cw.test/', stored), 'mine')).toBe(false);
  });

  it('is false when storage throws, and true inside a frame', () => {
    expect(mayFindSession(fakeWindow('https://cw.test/', 'throws'))).toBe(false);
    expect(mayFindSession(fakeWindow('https://cw.test/', {}, true))).toBe(true);
  });
});
