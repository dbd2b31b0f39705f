/**
 * Database records (SPEC §3) as they travel on the wire (snake_case), the
 * insert/patch schemas the db REST API validates with (DESIGN §2b, §3.8), and
 * the plan API shapes (DESIGN §2b "plan").
 */
import { LANGUAGES } from './languages.ts';

/** Tables the db REST API serves, as named on the wire. */
export const DB_TABLES = [
  'projects',
  'chat_messages',
  'cta_interactions',
  'project_files',
] as const;
export type DbTable = (typeof DB_TABLES)[number];

/** Id prefix per table: ids look like `proj_<ms>_<random>` (SPEC §3, DESIGN §3.8). */
export const DB_ID_PREFIXES: Record<DbTable, string> = {
  projects: 'proj',
  chat_messages: 'msg',
  cta_interactions: 'cta',
  project_files: 'file',
};

/** A client-made id: `<prefix>_<digits>_<at least 6 random characters>`. */
export function clientIdPattern(prefix: string): RegExp {
  return new RegExp(`^${prefix}_\\d{1,16}_[A-Za-z0-9_-]{6,64}$`);
}

export const PROJECT_NAME_MAX_LENGTH = 100;
/** Code of a project or a chat snapshot: at most 1 MiB of characters. */
export const PROJECT_CODE_MAX_LENGTH = 1024 * 1024;
export const DESCRIPTION_MAX_LENGTH = 100_000;
/** A project file's path: POSIX, relative, at most this many characters (issue 45). */
export const PROJECT_FILE_PATH_MAX_LENGTH = 200;

/** Project paths in the order every list of files shows them (code-unit order). */
export const comparePaths = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * What is wrong with a project file's path, or null when it is fine: POSIX and relative — no
 * leading `/`, no `\`, no empty, `.` or `..` segment, no control character, at most 200
 * characters.
 */
export function projectFilePathProblem(path: string): string | null {
  if (path.length === 0) return 'must not be empty';
  if (path.length > PROJECT_FILE_PATH_MAX_LENGTH)
    return `must be at most ${PROJECT_FILE_PATH_MAX_LENGTH} characters`;
  // eslint-disable-next-line no-control-regex -- control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(path)) return 'must not contain control characters';
  if (path.includes('\\')) return 'must use / between folders, not \\';
  if (path.startsWith('/')) return 'must be relative (no leading /)';
  for (const segment of path.split('/')) {
    if (segment === '') return 'must not have an empty folder name (// or a trailing /)';
    if (segment === '.' || segment === '..') return 'must not contain . or .. segments';
  }
  return null;
}
export const CHAT_CONTENT_MAX_LENGTH = 100_000;
export const CTA_FIELD_MAX_LENGTH = 200;
/** Rows one POST may carry. */
export const DB_INSERT_MAX_ROWS = 500;
/** Largest `limit` a read may ask for. */
export const DB_QUERY_MAX_LIMIT = 1000;
/** Anonymous-friendly CTA inserts allowed per client IP per minute. */
export const CTA_INSERT_RATE_LIMIT_PER_MINUTE = 60;

export const LANGUAGE_LABELS = LANGUAGES.map((l) => l.label) as [
  (typeof LANGUAGES)[number]['label'],
  ...(typeof LANGUAGES)[number]['label'][],
];

export const CHAT_ROLES = ['user', 'assistant'] as const;

/** True when two instants fall in different UTC calendar months (SPEC §4.3 monthly reset). */
export function isDifferentMonth(a: Date, b: Date): boolean {
  return a.getUTCFullYear() !== b.getUTCFullYear() || a.getUTCMonth() !== b.getUTCMonth();
}
