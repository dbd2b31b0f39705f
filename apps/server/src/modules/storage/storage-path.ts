/**
 * Storage path rules: what a caller may name, and whose folder it is.
 * Paths look like `uploads/{userId}/avatar.png` or `uploads/{workspaceId}/logo.png`; see
 * docs/api.md § Storage and docs/decisions/032.
 */
import {
  PATH_SEGMENT_MAX_LENGTH,
  STORAGE_PATH_MAX_LENGTH,
  STORAGE_UPLOADS_PREFIX,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';

const SEGMENT = /^[A-Za-z0-9._-]+$/;
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;

/** Why a path is not acceptable, as a sentence saying what to fix; null when it is fine. */
export function pathProblem(path: unknown): string | null {
  if (typeof path !== 'string' || path.trim() === '') {
    return 'A path is required, e.g. uploads/{yourUserId}/image.png.';
  }
  if (path.length > STORAGE_PATH_MAX_LENGTH) {
    return `The path is too long (${path.length} characters); use at most ${STORAGE_PATH_MAX_LENGTH}.`;
  }
  if (CONTROL.test(path)) return 'The path must not contain control characters.';
  if (path.includes('\\')) return 'Use / between folders in the path, not backslashes.';
  if (path.startsWith('/'))
    return 'The path must be relative (no leading /), e.g. uploads/{yourUserId}/image.png.';
  const segments = path.split('/');
  for (const segment of segments) {
    if (segment === '') return 'The path must not contain empty segments (// or a trailing /).';
    if (segment === '.' || segment === '..') return 'The path must not contain . or .. segments.';
    if (segment.startsWith('.')) return `Path segment "${segment}" must not start with a dot.`;
    // Longer segments could not be served: a URL segment over this limit answers 414.
    if (segment.length > PATH_SEGMENT_MAX_LENGTH)
      return `Path segment "${segment.slice(0, 20)}…" is too long (${segment.length} characters); use at most ${PATH_SEGMENT_MAX_LENGTH}.`;
    if (!SEGMENT.test(segment)) {
      return `Path segment "${segment}" may only use letters, digits, dot, underscore and hyphen.`;
    }
  }
  return null;
}

/** Throws 400 VALIDATION_ERROR unless the path is well formed; returns it. */
export function assertValidPath(path: unknown): string {
  const problem = pathProblem(path);
  if (problem) throw new AppError('VALIDATION_ERROR', 400, problem);
  return path as string;
}

/** True when a (valid) path lies inside `uploads/{userId}/` and names a file there. */
export function isOwnPath(path: string, userId: string): boolean {
  const prefix = `${STORAGE_UPLOADS_PREFIX}/${userId}/`;
  return path.startsWith(prefix) && path.length > prefix.length;
}

/** The folder of a user, or of a workspace (docs/decisions/032): `uploads/{id}/`. */
export function ownFolder(userId: string): string {
  return `${STORAGE_UPLOADS_PREFIX}/${userId}/`;
}
