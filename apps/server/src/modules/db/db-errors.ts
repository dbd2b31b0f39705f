import { AppError, isAppError } from '../../lib/app-error.ts';

/** The SQLSTATE and message of a database error from either driver (Drizzle wraps them in `cause`). */
export function databaseErrorOf(err: unknown): { code: string; message: string } | undefined {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, message: String((e as { message?: unknown }).message ?? code) };
    }
  }
  return undefined;
}

/**
 * Database errors a client caused, as 4xx: a taken id is 409 (never an
 * overwrite), a vanished parent row 404, a bad value 400. Anything else is rethrown.
 */
export function translateWriteError(err: unknown): never {
  if (isAppError(err)) throw err;
  const db = databaseErrorOf(err);
  if (db?.code === '23505')
    throw new AppError(
      'CONFLICT',
      409,
      'A row with this id already exists. Leave id out to let the server choose one.',
    );
  if (db?.code === '23503') throw new AppError('NOT_FOUND', 404, 'Project not found.');
  if (db?.code.startsWith('22'))
    throw new AppError('VALIDATION_ERROR', 400, `Invalid value: ${db.message}`);
  throw err;
}
