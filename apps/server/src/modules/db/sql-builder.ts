import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Filter, Order, ParsedQuery } from './query-parser.ts';
import type { TableSpec } from './tables.ts';

// Identifiers come only from the TableSpec whitelist; every value is a bound
// parameter. Nothing a client sends is ever spliced into the SQL text.

const COMPARATORS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
};

const ident = (name: string) => sql.identifier(name);

// Stored at millisecond precision, so a timestamp read back (ISO, ms) matches eq. filters exactly.
const NOW_MS = sql`date_trunc('milliseconds', now())`;

function filterSql(f: Filter): SQL {
  if ('group' in f) {
    const joined = sql.join(f.filters.map(filterSql), f.group === 'or' ? sql` or ` : sql` and `);
    return f.negate ? sql`not (${joined})` : sql`(${joined})`;
  }
  const col = ident(f.column);
  let clause: SQL;
  if (f.op === 'is') clause = sql`${col} is null`;
  else if (f.op === 'in') {
    const values = f.value as string[];
    clause =
      values.length === 0
        ? sql`false`
        : sql`${col} in (${sql.join(
            values.map((v) => sql`${v}`),
            sql`, `,
          )})`;
  } else clause = sql`${col} ${sql.raw(COMPARATORS[f.op]!)} ${f.value as string}`;
  return f.negate ? sql`not (${clause})` : clause;
}

/** `where` for the rows in the caller's scope (row-scope.ts; null = every row, admin only) and the filters. */
export function whereSql(scope: SQL | null, filters: Filter[]): SQL {
  const parts: SQL[] = [];
  if (scope !== null) parts.push(scope);
  for (const f of filters) parts.push(filterSql(f));
  return parts.length ? sql` where ${sql.join(parts, sql` and `)}` : sql``;
}

function orderList(relation: string, order: Order[]): SQL {
  const parts = order.map((o) => {
    const dir = o.ascending ? 'asc' : 'desc';
    const nulls = o.nullsFirst === undefined ? '' : o.nullsFirst ? ' nulls first' : ' nulls last';
    // Qualified, so it sorts by the column and not by the ISO text of the select list.
    return sql`${ident(relation)}.${ident(o.column)} ${sql.raw(dir + nulls)}`;
  });
  return sql.join(parts, sql`, `);
}

function orderSql(spec: TableSpec, order: Order[]): SQL {
  return order.length === 0 ? sql`` : sql` order by ${orderList(spec.name, order)}`;
}

/** ISO 8601 UTC text of a timestamp column (`2026-01-02T03:04:05.000Z`). */
const isoText = (column: SQLWrapper) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The column list of an insert. */
function namesSql(columns: string[]): SQL {
  return sql.join(columns.map(ident), sql`, `);
}

/**
 * The column list of a select or returning clause. Timestamps leave the
 * database as ISO 8601 UTC text (`2026-01-02T03:04:05.000Z`), the same from
 * both drivers (Drizzle makes them hand back PostgreSQL's own text format).
 */
export function columnsSql(spec: TableSpec, columns: string[]): SQL {
  return sql.join(
    columns.map((c) =>
      spec.columns[c] === 'timestamp' ? sql`${isoText(ident(c))} as ${ident(c)}` : ident(c),
    ),
    sql`, `,
  );
}

/**
 * A read, answered by the database as one JSON array text (column `json`).
 * Building the JSON in PostgreSQL spares the driver parsing every field and
 * Node re-serialising it: several times faster for a list of projects.
 */
export function selectJsonSql(spec: TableSpec, q: ParsedQuery, scope: SQL | null): SQL {
  const limit = q.limit === undefined ? sql`` : sql` limit ${q.limit}`;
  const offset = q.offset === undefined ? sql`` : sql` offset ${q.offset}`;
  const fields = q.select.map((c) => {
    const col = sql`${ident('r')}.${ident(c)}`;
    return sql`${c}::text, ${spec.columns[c] === 'timestamp' ? isoText(col) : col}`;
  });
  const aggOrder = q.order.length ? sql` order by ${orderList('r', q.order)}` : sql``;
  return sql`select coalesce(json_agg(json_build_object(${sql.join(fields, sql`, `)})${aggOrder}), '[]')::text as json from (select * from ${ident(spec.name)}${whereSql(scope, q.filters)}${orderSql(spec, q.order)}${limit}${offset}) as r`;
}

/** How many rows a read's filters match, whatever its limit and offset (`Prefer: count=exact`). */
export function countSql(spec: TableSpec, q: ParsedQuery, scope: SQL | null): SQL {
  return sql`select count(*)::int as n from ${ident(spec.name)}${whereSql(scope, q.filters)}`;
}

/** A value to insert: a bound parameter, or DEFAULT when the row leaves the column out. */
export type InsertValue = { value: unknown } | 'default' | 'now';

export function insertSql(
  spec: TableSpec,
  rows: Record<string, InsertValue>[],
  returning: string[],
): SQL {
  const columns = Object.keys(spec.columns);
  const tuples = rows.map(
    (row) =>
      sql`(${sql.join(
        columns.map((c) => {
          const v = row[c] ?? 'default';
          if (v === 'default') return sql`default`;
          if (v === 'now') return NOW_MS;
          // A JSON value goes in as its text (the driver would send an array as a SQL array).
          if (spec.columns[c] === 'json')
            return v.value === null ? sql`null` : sql`${JSON.stringify(v.value)}::jsonb`;
          return sql`${v.value}`;
        }),
        sql`, `,
      )})`,
  );
  return sql`insert into ${ident(spec.name)} (${namesSql(columns)}) values ${sql.join(tuples, sql`, `)} returning ${columnsSql(spec, returning)}`;
}

export function updateSql(
  spec: TableSpec,
  patch: Record<string, unknown>,
  q: ParsedQuery,
  scope: SQL | null,
): SQL {
  const sets = Object.entries(patch).map(([c, v]) => sql`${ident(c)} = ${v}`);
  if (spec.touchOnPatch) sets.push(sql`${ident(spec.touchOnPatch)} = ${NOW_MS}`);
  return sql`update ${ident(spec.name)} set ${sql.join(sets, sql`, `)}${whereSql(scope, q.filters)} returning ${columnsSql(spec, q.select)}`;
}

/** An update of exactly the rows `ids` names among those the query matches (rows locked first). */
export function updateRowsSql(
  spec: TableSpec,
  patch: Record<string, unknown>,
  q: ParsedQuery,
  scope: SQL | null,
  ids: string[],
): SQL {
  const only = { column: 'id', op: 'in' as const, value: ids, negate: false };
  return updateSql(spec, patch, { ...q, filters: [...q.filters, only] }, scope);
}

export function deleteSql(spec: TableSpec, q: ParsedQuery, scope: SQL | null): SQL {
  return sql`delete from ${ident(spec.name)}${whereSql(scope, q.filters)} returning ${columnsSql(spec, q.select)}`;
}
