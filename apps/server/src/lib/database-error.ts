import { AppError } from './app-error.ts';

/** The SQLSTATE and message of a database error from either driver (Drizzle wraps them in `cause`). */
export function databaseErrorOf(
  err: unknown,
): { code: string; message: string; constraint?: string } | undefined {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      const constraint = (e as { constraint?: unknown }).constraint;
      return {
        code,
        message: String((e as { message?: unknown }).message ?? code),
        ...(typeof constraint === 'string' ? { constraint } : {}),
      };
    }
  }
  return undefined;
}

/**
 * A database error that only a client's value can cause, as a 400: SQLSTATE class 22
 * (data exception: a NUL or bad encoding 22021/22P05, bad input syntax 22P02, a value out
 * of range) and class 54 (program limit: a value too big or nested too deeply 54000/54001).
 * Used only where a client's values enter the database (db-errors.ts, the rows routes): the
 * same SQLSTATE from our own SQL is a bug, a logged 500 (plugins/errors.ts). Undefined for any
 * other error.
 */
export function clientDatabaseError(err: unknown): AppError | undefined {
  const db = databaseErrorOf(err);
  if (!db || !(db.code.startsWith('22') || db.code.startsWith('54'))) return undefined;
  return new AppError(
    'VALIDATION_ERROR',
    400,
    `A value in the request cannot be stored (${db.message}). Remove NUL characters and unpaired surrogates, and keep values smaller and less deeply nested.`,
  );
}
