import { describe, expect, it } from 'vitest';
import {
  AUTH_ERROR_MESSAGES,
  SIGNIN_FAILURE_LIMIT_DEFAULT,
  SIGNIN_FAILURE_WINDOW_MINUTES_DEFAULT,
} from '@codewright/contract';
import { signIn, signUp, uniqueEmail } from '../../test/auth-helpers.ts';
import { useTestApp } from '../../test/test-app.ts';

// A limit of 3 in a one-minute window; the test moves the app's clock past the window instead
// of waiting for it (CONVENTIONS habit 12).
const WINDOW_MS = 60_000;
const clock = { ahead: 0 };
const t = useTestApp(
  {
    SIGNIN_FAILURE_LIMIT: '3',
    SIGNIN_FAILURE_WINDOW_MINUTES: String(WINDOW_MS / 60_000),
  },
  { clock: () => Date.now() + clock.ahead },
);

describe('failed sign-in limit per email', () => {
  it('answers 429 RATE_LIMITED with Retry-After after the limit, even with the right password, then recovers', async () => {
    const email = uniqueEmail('limit');
    await signUp(t.app, { email, password: 'password1' });
    for (let i = 0; i < 3; i++) {
      expect((await signIn(t.app, { email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    const locked = await signIn(t.app, { email: email.toUpperCase(), password: 'password1' });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: AUTH_ERROR_MESSAGES.RATE_LIMITED },
    });
    const retryAfter = Number(locked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(Math.ceil(WINDOW_MS / 1000));

    // Another email is not affected.
    const other = uniqueEmail('other');
    await signUp(t.app, { email: other, password: 'password1' });
    expect((await signIn(t.app, { email: other, password: 'password1' })).statusCode).toBe(200);

    // Still locked half a window later; free once the failures have left the window.
    clock.ahead += WINDOW_MS / 2;
    expect((await signIn(t.app, { email, password: 'password1' })).statusCode).toBe(429);
    clock.ahead += WINDOW_MS / 2 + 1;
    expect((await signIn(t.app, { email, password: 'password1' })).statusCode).toBe(200);
  });

  it('counts unknown emails too, so probing cannot tell them apart', async () => {
    const email = uniqueEmail('ghost');
    for (let i = 0; i < 3; i++)
      expect((await signIn(t.app, { email, password: 'whatever1' })).statusCode).toBe(401);
    expect((await signIn(t.app, { email, password: 'whatever1' })).statusCode).toBe(429);
  });

  it('clears earlier failures after a successful sign-in', async () => {
    const email = uniqueEmail('clear');
    await signUp(t.app, { email, password: 'password1' });
    for (let i = 0; i < 2; i++) await signIn(t.app, { email, password: 'wrong-password' });
    expect((await signIn(t.app, { email, password: 'password1' })).statusCode).toBe(200);
    for (let i = 0; i < 2; i++)
      expect((await signIn(t.app, { email, password: 'wrong-password' })).statusCode).toBe(401);
    expect((await signIn(t.app, { email, password: 'password1' })).statusCode).toBe(200);
  });
});

describe('failed sign-in limit under parallel guesses', () => {
  // The default limit (10 per 15 minutes).
  const d = useTestApp();

  it('checks at most the limit of 40 parallel wrong passwords; the rest are 429 with Retry-After', async () => {
    const email = uniqueEmail('race');
    await signUp(d.app, { email, password: 'password1' });
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        signIn(d.app, { email, password: `wrong-password-${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    // Only an attempt that got past the limit reaches the password check (401).
    expect(statuses.filter((s) => s === 401)).toHaveLength(SIGNIN_FAILURE_LIMIT_DEFAULT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40 - SIGNIN_FAILURE_LIMIT_DEFAULT);
    for (const locked of answers.filter((a) => a.statusCode === 429)) {
      const retryAfter = Number(locked.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(SIGNIN_FAILURE_WINDOW_MINUTES_DEFAULT * 60 - 60);
      expect(retryAfter).toBeLessThanOrEqual(SIGNIN_FAILURE_WINDOW_MINUTES_DEFAULT * 60);
    }
    // Still locked for the right password too.
    expect((await signIn(d.app, { email, password: 'password1' })).statusCode).toBe(429);
  });

  it('lets a right password through beside parallel wrong ones, and ends the streak', async () => {
    const email = uniqueEmail('mixed');
    await signUp(d.app, { email, password: 'password1' });
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => signIn(d.app, { email, password: 'wrong-password' })),
      signIn(d.app, { email, password: 'password1' }),
    ]);
    expect(answers.at(-1)!.statusCode).toBe(200);
    expect(answers.slice(0, 5).every((a) => a.statusCode === 401)).toBe(true);
    // At most the wrong attempts reserved after the right one still count.
    const after = await Promise.all(
      Array.from({ length: SIGNIN_FAILURE_LIMIT_DEFAULT }, () =>
        signIn(d.app, { email, password: 'wrong-password' }),
      ),
    );
    expect(after.filter((a) => a.statusCode === 401).length).toBeGreaterThanOrEqual(
      SIGNIN_FAILURE_LIMIT_DEFAULT - 5,
    );
  });
});
