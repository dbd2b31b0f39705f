import { AppError, isAppError } from '../../lib/app-error.ts';
import { clientDatabaseError, databaseErrorOf } from '../../lib/database-error.ts';

export { databaseErrorOf };

/**
 * Database errors a client caused, as 4xx: a taken id is 409 (never an
 * overwrite), a vanished parent row 404, a value the database refuses (SQLSTATE classes 22
 * and 54) 400. Anything else is rethrown, to be a logged 500.
 */
export function translateWriteError(err: unknown): never {
  if (isAppError(err)) throw err;
  const db = databaseErrorOf(err);
  if (db?.code === '23505' && db.constraint === 'project_files_project_path_key')
    throw new AppError(
      'CONFLICT',
      409,
      'path: a file with this path already exists in the project; choose another path, or PATCH the existing file.',
    );
  if (db?.code === '23505')
    throw new AppError(
      'CONFLICT',
      409,
      'A row with this id already exists. Leave id out to let the server choose one.',
    );
  if (db?.code === '23503') throw new AppError('NOT_FOUND', 404, 'Project not found.');
  // Where a client's values enter the database: a value it refuses is the client's to fix.
  const refused = clientDatabaseError(err);
  if (refused) throw refused;
  throw err;
}
