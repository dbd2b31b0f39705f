/**
 * The request headers of PostgREST that its clients (postgrest-js, supabase-js) send to the db
 * REST routes (docs/api.md § Database "PostgREST clients").
 */
import type { IncomingMessage } from 'node:http';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { NO_CONTENT, type RouteAnswers } from '../../lib/answers.ts';

const Row = z.record(z.string(), z.unknown());
const Rows = z
  .union([z.array(Row), Row])
  .describe(
    'The rows, with the columns `select` names; the one row when asked with Accept: application/vnd.pgrst.object+json.',
  );

const rows = (description: string) => ({
  description,
  content: { 'application/json': Rows },
});

/** The answers of the db REST routes: rows, or none with Prefer return=minimal. */
export const REST_READ: RouteAnswers = { 200: rows('The rows that match.') };
export const REST_WRITTEN: RouteAnswers = {
  200: rows('The rows written.'),
  201: rows('The rows written (no body with Prefer return=minimal).'),
  ...NO_CONTENT,
};

/**
 * A POST's query without PostgREST's `columns` (postgrest-js sends it with an array: the union of
 * the rows' keys, each quoted). Every row is checked whole anyway, so it only has to name
 * columns of the table; a name it does not know is a 400 that says which.
 */
export function withoutColumns(
  query: Record<string, string | string[] | undefined>,
  /** The table's columns; null for a table that does not exist (refused later, by name). */
  known: readonly string[] | null,
): Record<string, string | string[] | undefined> {
  const { columns, ...rest } = query;
  if (columns === undefined || known === null) return rest;
  const names = (Array.isArray(columns) ? columns.join(',') : columns)
    .split(',')
    .map((c) => c.trim().replace(/^"(.*)"$/, '$1'))
    .filter(Boolean);
  const unknown = names.find((name) => !known.includes(name));
  if (unknown !== undefined)
    throw new AppError(
      'VALIDATION_ERROR',
      400,
      `columns names "${unknown.slice(0, 100)}", which is not a column of this table.`,
    );
  return rest;
}

/**
 * The `Prefer` header's settings PostgREST's clients send (`count=exact`, `return=minimal`,
 * comma-separated); anything else is ignored.
 */
export function preferOf(header: string | string[] | undefined): {
  count?: string;
  return?: string;
  resolution?: string;
} {
  const found: Record<string, string> = {};
  for (const part of String(header ?? '').split(',')) {
    const [key, value] = part.trim().split('=');
    if (key && value) found[key] = value;
  }
  return { count: found.count, return: found.return, resolution: found.resolution };
}

/**
 * A read as PostgREST answers it: with `Prefer: count=exact`, a Content-Range of the rows sent
 * and the count of all that match (`0-9/42`; a star before the slash when none are sent); with
 * `Accept: application/vnd.pgrst.object+json` (`single()`), the one row itself, or 406 for any
 * other number of rows.
 */
export async function postgrestRead(
  json: string,
  headers: { prefer?: string | string[]; accept?: string },
  query: { offset?: string | string[] },
  count: () => Promise<number>,
): Promise<{ body: string; contentRange?: string }> {
  const exact = preferOf(headers.prefer).count === 'exact';
  const one = wantsOneRow(headers);
  if (!exact && !one) return { body: json };
  const rows = JSON.parse(json) as unknown[];
  let contentRange: string | undefined;
  if (exact) {
    const total = await count();
    const from = Number(query.offset ?? 0) || 0;
    contentRange = rows.length ? `${from}-${from + rows.length - 1}/${total}` : `*/${total}`;
  }
  if (!one) return { body: json, contentRange };
  return { body: JSON.stringify(oneRow(rows)), contentRange };
}

/** Whether the client asked for one row (`single()`: Accept: application/vnd.pgrst.object+json). */
export const wantsOneRow = (headers: { accept?: string }) =>
  /application\/vnd\.pgrst\.object\+json/.test(headers.accept ?? '');

/**
 * A write for `single()` checked before it runs: `count` rows would be written, and any number
 * but one is 406 with nothing written (PostgREST rolls such a write back).
 */
export async function checkOneRowWrite(
  headers: { accept?: string },
  count: () => Promise<number> | number,
): Promise<void> {
  if (wantsOneRow(headers)) oneRow(new Array<unknown>(await count()));
}

/** The one row of `rows`, or 406 (PostgREST's PGRST116) for any other number. */
function oneRow(rows: unknown[]): unknown {
  if (rows.length !== 1)
    throw new AppError(
      'NOT_ACCEPTABLE',
      406,
      `One row was asked for (Accept: application/vnd.pgrst.object+json), and the result has ${rows.length}.`,
    );
  return rows[0];
}

/**
 * The rows a write sends back as PostgREST does: none with `Prefer: return=minimal` (undefined),
 * the one row itself for `single()`, else all of them.
 */
export function postgrestWritten(
  rows: unknown[],
  headers: { prefer?: string | string[]; accept?: string },
): unknown {
  if (preferOf(headers.prefer).return === 'minimal') return undefined;
  if (wantsOneRow(headers)) return oneRow(rows);
  return rows;
}

/**
 * PostgREST's clients send DELETE with a JSON content type and no body: the content type of such
 * a request is dropped, so no body is looked for.
 */
export function acceptBodilessDelete(method: string, raw: IncomingMessage): void {
  const { headers } = raw;
  if (method === 'DELETE' && !headers['transfer-encoding'] && !Number(headers['content-length']))
    delete headers['content-type'];
}
