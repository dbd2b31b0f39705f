/** Small pure pieces of the auth module, kept apart so auth-client.ts reads in one sitting. */
import { MESSAGES } from '@codewright/contract';
import { ValidationError } from '../errors.ts';
import type { AuthState, Session, User } from '../types.ts';

export const LOADING: AuthState = {
  user: null,
  session: null,
  isAuthenticated: false,
  isLoading: true,
  status: 'loading',
};

export function stateOf(session: Session | null, user: User | null): AuthState {
  const signedIn = session !== null;
  return {
    user,
    session,
    isAuthenticated: signedIn,
    isLoading: false,
    status: signedIn ? 'signed-in' : 'signed-out',
  };
}

/** No session: what start-up settles on when it finds none. */
export const SIGNED_OUT: AuthState = {
  user: null,
  session: null,
  isAuthenticated: false,
  isLoading: false,
  status: 'signed-out',
};

export function sameUser(a: User | null, b: User | null): boolean {
  return a === b || (a !== null && b !== null && JSON.stringify(a) === JSON.stringify(b));
}

/** Blank email or password → the §5 message, before anything is sent. */
export function requireCredentials(email: unknown, password: unknown): string {
  if (
    typeof email !== 'string' ||
    typeof password !== 'string' ||
    !email.trim() ||
    !password.trim()
  ) {
    throw new ValidationError({
      code: 'VALIDATION_ERROR',
      message: MESSAGES.enterEmailAndPassword,
    });
  }
  return email.trim();
}

/** Runs `work` under a Web Lock shared by all tabs when the browser has the API. */
export async function withBrowserLock<T>(name: string, work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request(name, work) : work();
}

/** Resolves when `promise` settles or after `ms`, whichever comes first; never rejects. */
export async function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  await Promise.race([promise.catch(() => undefined), timeout]).finally(() => clearTimeout(timer));
}
