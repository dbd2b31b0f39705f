/** The "file:line:col" the preview frame reports for a clicked element, taken apart. */

/** The longest file path a source spot may name. */
const MAX_FILE_LENGTH = 500;
/** esbuild's namespace for project files: 'project:src/App.tsx'. */
const PROJECT_PREFIX = 'project:';
const POSITIVE = /^[1-9][0-9]*$/;

/**
 * "file:line:col" as the frame reports it, split into its parts; null when malformed (line and
 * col must be positive integers, the file non-empty and at most 500 characters). The file may
 * itself hold ':' (the last two parts are the line and col); a leading 'project:' is removed.
 */
export function parseSourceSpot(
  spot: string,
): { file: string; line: number; column: number } | null {
  const colAt = spot.lastIndexOf(':');
  const lineAt = colAt > 0 ? spot.lastIndexOf(':', colAt - 1) : -1;
  if (lineAt < 0) return null;
  const lineText = spot.slice(lineAt + 1, colAt);
  const columnText = spot.slice(colAt + 1);
  if (!POSITIVE.test(lineText) || !POSITIVE.test(columnText)) return null;
  const line = Number(lineText);
  const column = Number(columnText);
  if (!Number.isSafeInteger(line) || !Number.isSafeInteger(column)) return null;
  let file = spot.slice(0, lineAt);
  if (file.startsWith(PROJECT_PREFIX)) file = file.slice(PROJECT_PREFIX.length);
  if (!file || file.length > MAX_FILE_LENGTH) return null;
  return { file, line, column };
}
