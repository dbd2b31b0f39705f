import { hash, verify } from '@node-rs/argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';

// OWASP's argon2id baseline (19 MiB, 2 passes, 1 lane). The library's default
// algorithm is argon2id; its Algorithm enum is a const enum we cannot import
// under isolatedModules.
const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. Without a hash (unknown email) it
 * verifies against a dummy so both failures take about the same time.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('codewright-dummy-password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}

/** The password rules of sign-up, reset and change: 400 WEAK_PASSWORD with a message that says what to fix. */
export function assertAcceptablePassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError('WEAK_PASSWORD');
  if (password.length > PASSWORD_MAX_LENGTH) {
    throw new AppError(
      'WEAK_PASSWORD',
      400,
      `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
    );
  }
}
