/** The db REST API's checks of what a client sends, and its server-made ids (DESIGN §3.8). */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

/** A 400 VALIDATION_ERROR saying what to fix. */
export function bad(message: string): never {
  throw new AppError('VALIDATION_ERROR', 400, message);
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `row 2: name: must not be blank; language: …` from a zod error. */
export function describeIssues(
  error: z.ZodError,
  item: Record<string, unknown>,
  rowLabel: string,
): string {
  const parts = error.issues.slice(0, 5).map((issue) => {
    const field = issue.path.join('.');
    if (issue.code === 'unrecognized_keys') return `unknown field(s) ${issue.keys.join(', ')}`;
    if (issue.path.length === 1 && item[field] === undefined) return `${field} is required`;
    return `${field ? `${field}: ` : ''}${issue.message}`;
  });
  return `${rowLabel}${parts.join('; ')}.`;
}

/** A server id, `proj_<ms>_<random>` (DESIGN §3.8). */
export function newRowId(prefix: string): string {
  return `${prefix}_${Date.now()}_${randomBytes(9).toString('base64url')}`;
}
