import { DB_QUERY_MAX_LIMIT } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import type { TableSpec } from './tables.ts';

/** Comparison operators of the PostgREST subset (DESIGN §2b). */
export const OPERATORS = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'in',
  'is',
] as const;
export type Operator = (typeof OPERATORS)[number];

export type FilterValue = string | string[] | null | boolean;

export interface ColumnFilter {
  column: string;
  op: Operator;
  value: FilterValue;
  /** `col=not.eq.x` */
  negate: boolean;
}

/** `or=(a.eq.1,b.eq.2)`, `and=(…)`, `not.or=(…)`, nested as `or(…)` and `and(…)` inside. */
export interface FilterGroup {
  group: 'or' | 'and';
  negate: boolean;
  filters: Filter[];
}

export type Filter = ColumnFilter | FilterGroup;

/** Deepest nesting and most conditions of one `or`/`and` filter. */
const GROUP_MAX_DEPTH = 5;
const GROUP_MAX_ITEMS = 100;

export interface Order {
  column: string;
  ascending: boolean;
  nullsFirst?: boolean;
}

export interface ParsedQuery {
  /** Columns to return; every column for `*` or no select. */
  select: string[];
  filters: Filter[];
  order: Order[];
  limit?: number;
  offset?: number;
}

const RESERVED = new Set(['select', 'order', 'limit', 'offset']);
const GROUP_KEY = /^(not\.)?(or|and)$/;

type RawQuery = Record<string, string | string[] | undefined>;

function bad(message: string): never {
  throw new AppError('VALIDATION_ERROR', 400, message);
}

function single(raw: RawQuery, key: string): string | undefined {
  const value = raw[key];
  if (Array.isArray(value)) bad(`"${key}" may be given only once.`);
  return value;
}

function checkColumn(spec: TableSpec, column: string, where: string): string {
  if (!Object.prototype.hasOwnProperty.call(spec.columns, column)) {
    bad(
      `Unknown column "${column}" in ${where} for table ${spec.name}; columns are ${Object.keys(spec.columns).join(', ')}.`,
    );
  }
  return column;
}

function parseSelect(spec: TableSpec, value: string | undefined): string[] {
  if (value === undefined || value.trim() === '*') return Object.keys(spec.columns);
  const columns = value.split(',').map((c) => c.trim());
  if (columns.some((c) => c === '')) bad('select must be * or a comma-separated list of columns.');
  for (const c of columns) checkColumn(spec, c, 'select');
  return [...new Set(columns)];
}

function parseOrder(spec: TableSpec, value: string | undefined): Order[] {
  if (value === undefined) return [];
  return value.split(',').map((part) => {
    const [column = '', ...mods] = part.trim().split('.');
    checkColumn(spec, column, 'order');
    const order: Order = { column, ascending: true };
    for (const mod of mods) {
      if (mod === 'asc' || mod === 'desc') order.ascending = mod === 'asc';
      else if (mod === 'nullsfirst' || mod === 'nullslast') order.nullsFirst = mod === 'nullsfirst';
      else
        bad(
          `Bad order "${part}": use column.asc or column.desc, optionally .nullsfirst or .nullslast.`,
        );
    }
    return order;
  });
}

function parseCount(key: string, value: string | undefined, max: number): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}$/.test(value) || Number(value) > max)
    bad(`${key} must be a whole number from 0 to ${max}.`);
  return Number(value);
}

/** `(a,"b,c",d)` → ['a', 'b,c', 'd']; double quotes protect commas, `\"` escapes. */
export function parseInList(text: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')'))
    bad('in. needs a list in parentheses: in.(a,b).');
  const body = text.slice(1, -1);
  if (body.trim() === '') return [];
  const items: string[] = [];
  let i = 0;
  while (i <= body.length) {
    if (body[i] === '"') {
      let item = '';
      i++;
      while (i < body.length && body[i] !== '"') {
        if (body[i] === '\\' && i + 1 < body.length) i++;
        item += body[i];
        i++;
      }
      if (body[i] !== '"') bad('Unclosed quote in in.(…) list.');
      i++;
      if (i < body.length && body[i] !== ',')
        bad('Expected a comma after a quoted value in in.(…).');
      items.push(item);
      i++;
    } else {
      const end = body.indexOf(',', i);
      const stop = end === -1 ? body.length : end;
      items.push(body.slice(i, stop).trim());
      i = stop + 1;
    }
  }
  return items;
}

/** The top-level items of `(a,b(c,d),"e,f")`: commas inside parentheses or quotes do not split. */
function splitGroup(text: string, where: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')'))
    bad(`${where} needs its conditions in parentheses: ${where}=(name.eq.a,name.eq.b).`);
  const items: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 1;
  for (let i = 1; i < text.length - 1; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === '"') quoted = !quoted;
    else if (!quoted && ch === '(') depth++;
    else if (!quoted && ch === ')') depth--;
    else if (!quoted && depth === 0 && ch === ',') {
      items.push(text.slice(start, i));
      start = i + 1;
    }
    if (depth < 0) bad(`${where} has a ")" with no "(" before it.`);
  }
  if (quoted || depth !== 0) bad(`${where} has an unclosed quote or parenthesis.`);
  items.push(text.slice(start, -1));
  if (items.some((item) => item.trim() === '')) bad(`${where} has an empty condition.`);
  return items.map((item) => item.trim());
}

/** `or=(…)` / `and=(…)` (key `or`, `and`, `not.or`, `not.and`) with their conditions, nested. */
function parseGroup(spec: TableSpec, key: string, text: string, depth = 1): FilterGroup {
  const [, not, group] = GROUP_KEY.exec(key)!;
  if (depth > GROUP_MAX_DEPTH) bad(`${key} filters nest at most ${GROUP_MAX_DEPTH} deep.`);
  const items = splitGroup(text, key);
  if (items.length > GROUP_MAX_ITEMS) bad(`${key} holds at most ${GROUP_MAX_ITEMS} conditions.`);
  const filters = items.map((item): Filter => {
    const nested = /^((?:not\.)?(?:or|and))(\(.*\))$/s.exec(item);
    if (nested) return parseGroup(spec, nested[1]!, nested[2]!, depth + 1);
    const dot = item.indexOf('.');
    if (dot <= 0) bad(`Bad condition "${item}" in ${key}: use column.operator.value.`);
    return parseFilter(spec, item.slice(0, dot), item.slice(dot + 1));
  });
  return { group: group as 'or' | 'and', negate: Boolean(not), filters };
}

function parseFilter(spec: TableSpec, column: string, raw: string): ColumnFilter {
  checkColumn(spec, column, 'filter');
  let rest = raw;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const opName = dot === -1 ? rest : rest.slice(0, dot);
  if (!(OPERATORS as readonly string[]).includes(opName)) {
    bad(
      `Unknown operator "${opName}" in ${column}=${raw}; use one of ${OPERATORS.join(', ')} (e.g. ${column}=eq.value).`,
    );
  }
  if (dot === -1) bad(`Filter ${column}=${raw} needs a value after "${opName}.".`);
  const op = opName as Operator;
  const text = rest.slice(dot + 1);
  const type = spec.columns[column];
  if (text.includes('\u0000')) bad(`Filter ${column} must not contain NUL characters.`);

  if (op === 'is') {
    if (text === 'null') return { column, op, value: null, negate };
    if (text === 'true' || text === 'false')
      bad(`is.${text} applies to boolean columns only; ${column} is ${type}.`);
    bad(`is. takes null (e.g. ${column}=is.null).`);
  }
  if (type === 'json')
    bad(`${column} holds JSON and can only be filtered with is.null (e.g. ${column}=is.null).`);
  if ((op === 'like' || op === 'ilike') && type !== 'text')
    bad(`${op} applies to text columns only; ${column} is a ${type}.`);
  const values = op === 'in' ? parseInList(text) : [text];
  if (type === 'boolean') {
    for (const v of values)
      if (v !== 'true' && v !== 'false') bad(`${column} is true or false, got "${v}".`);
  }
  if (type === 'timestamp') {
    for (const v of values)
      if (Number.isNaN(Date.parse(v))) bad(`${column} needs an ISO 8601 timestamp, got "${v}".`);
  }
  if (op === 'in') return { column, op, value: values, negate };
  // PostgREST lets `*` stand for `%` so patterns survive URL encoding.
  const value = op === 'like' || op === 'ilike' ? text.replaceAll('*', '%') : text;
  return { column, op, value, negate };
}

/** Parses a PostgREST-style query string against a table's whitelist; throws 400 with what is wrong. */
export function parseQuery(spec: TableSpec, raw: RawQuery): ParsedQuery {
  const filters: Filter[] = [];
  for (const [key, value] of Object.entries(raw)) {
    if (RESERVED.has(key) || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value])
      filters.push(GROUP_KEY.test(key) ? parseGroup(spec, key, v) : parseFilter(spec, key, v));
  }
  return {
    select: parseSelect(spec, single(raw, 'select')),
    filters,
    order: parseOrder(spec, single(raw, 'order')),
    limit: parseCount('limit', single(raw, 'limit'), DB_QUERY_MAX_LIMIT),
    offset: parseCount('offset', single(raw, 'offset'), 1_000_000_000),
  };
}
