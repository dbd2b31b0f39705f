/**
 * A supabase-js style query builder over the db REST API (DESIGN §2b). It
 * collects a PostgREST query (filters, order, range) and runs it when awaited.
 * Column names may be camelCase or snake_case; rows come back camelCase.
 */
import { DB_ID_PREFIXES, type DbTable } from '@codewright/contract';
import { toCamel, toSnake, snakeCaseKey } from '../case.ts';
import type { HttpClient } from '../http.ts';
import type { FilterScalar, OrderOptions, QueryBuilder } from '../types.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

/** A client-made id: `proj_<Date.now()>_<10 random base-36 characters>` (SPEC §3, DESIGN §3.8). */
export function newClientId(prefix: string, now = Date.now()): string {
  const bytes = new Uint8Array(10);
  globalThis.crypto.getRandomValues(bytes);
  const random = Array.from(bytes, (b) => (b % 36).toString(36)).join('');
  return `${prefix}_${now}_${random}`;
}

/** One value inside `in.(…)`: quoted when it holds a separator, quote, backslash or edge spaces. */
export function encodeListValue(value: FilterScalar): string {
  const text = String(value);
  if (!/[,()"\\]/.test(text) && text.trim() === text && text !== '') return text;
  return `"${text.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

export interface QueryBuilderOptions {
  http: HttpClient;
  projectId: string;
  table: DbTable;
}

/** The implementation of `client.db.from(table)`. */
export class DbQueryBuilder<Row> implements QueryBuilder<Row> {
  private method: Method = 'GET';
  private body: unknown;
  private columns: string | undefined;
  private readonly filters: [string, string][] = [];
  private readonly orders: string[] = [];
  private limitCount: number | undefined;
  private offsetCount: number | undefined;
  private signal: AbortSignal | undefined;

  constructor(private readonly options: QueryBuilderOptions) {}

  /** Columns to return, `*` (default) or a comma-separated list. */
  select(columns = '*'): this {
    this.columns = columns
      .split(',')
      .map((c) => (c.trim() === '*' ? '*' : snakeCaseKey(c.trim())))
      .join(',');
    return this;
  }

  private filter(column: string, op: string, value: string): this {
    this.filters.push([snakeCaseKey(column), `${op}.${value}`]);
    return this;
  }

  eq(column: string, value: FilterScalar): this {
    return this.filter(column, 'eq', String(value));
  }
  neq(column: string, value: FilterScalar): this {
    return this.filter(column, 'neq', String(value));
  }
  gt(column: string, value: FilterScalar): this {
    return this.filter(column, 'gt', String(value));
  }
  gte(column: string, value: FilterScalar): this {
    return this.filter(column, 'gte', String(value));
  }
  lt(column: string, value: FilterScalar): this {
    return this.filter(column, 'lt', String(value));
  }
  lte(column: string, value: FilterScalar): this {
    return this.filter(column, 'lte', String(value));
  }
  /** SQL LIKE; `%` (or `*`) matches any run of characters. */
  like(column: string, pattern: string): this {
    return this.filter(column, 'like', pattern);
  }
  /** Case-insensitive LIKE. */
  ilike(column: string, pattern: string): this {
    return this.filter(column, 'ilike', pattern);
  }
  in(column: string, values: readonly FilterScalar[]): this {
    return this.filter(column, 'in', `(${values.map(encodeListValue).join(',')})`);
  }
  /** `is(column, null)`: the column is null. */
  is(column: string, value: null | boolean): this {
    return this.filter(column, 'is', String(value));
  }

  order(column: string, options: OrderOptions = {}): this {
    let part = `${snakeCaseKey(column)}.${options.ascending === false ? 'desc' : 'asc'}`;
    if (options.nullsFirst !== undefined) part += options.nullsFirst ? '.nullsfirst' : '.nullslast';
    this.orders.push(part);
    return this;
  }

  limit(count: number): this {
    this.limitCount = count;
    return this;
  }

  /** Rows `from` to `to`, both included, counting from 0. */
  range(from: number, to: number): this {
    this.offsetCount = from;
    this.limitCount = Math.max(0, to - from + 1);
    return this;
  }

  abortSignal(signal: AbortSignal): this {
    this.signal = signal;
    return this;
  }

  /** Inserts one row or many; ids are made here when missing. Answers the stored rows. */
  insert(rows: Partial<Row> | Partial<Row>[]): this {
    const prefix = DB_ID_PREFIXES[this.options.table];
    const withId = (row: Partial<Row>) => {
      const wire = toSnake<Record<string, unknown>>(row);
      return wire.id === undefined || wire.id === null
        ? { ...wire, id: newClientId(prefix) }
        : wire;
    };
    this.method = 'POST';
    this.body = Array.isArray(rows) ? rows.map(withId) : withId(rows);
    return this;
  }

  /** Changes the rows the filters select (a filter is required). Answers the changed rows. */
  update(patch: Partial<Row>): this {
    this.method = 'PATCH';
    this.body = toSnake(patch);
    return this;
  }

  /** Deletes the rows the filters select (a filter is required). Answers the deleted rows. */
  delete(): this {
    this.method = 'DELETE';
    this.body = undefined;
    return this;
  }

  /** The request this builder would send (for tests and debugging). */
  toRequest() {
    const query: Record<string, string[]> = {};
    if (this.columns !== undefined) query.select = [this.columns];
    for (const [column, value] of this.filters) (query[column] ??= []).push(value);
    if (this.orders.length) query.order = [this.orders.join(',')];
    if (this.limitCount !== undefined) query.limit = [String(this.limitCount)];
    if (this.offsetCount !== undefined) query.offset = [String(this.offsetCount)];
    return {
      method: this.method,
      path: `/api/db/${encodeURIComponent(this.options.projectId)}/rest/v1/${this.options.table}`,
      query,
      body: this.body,
      signal: this.signal,
    };
  }

  private async execute(): Promise<Row[]> {
    const rows = await this.options.http<unknown[]>(this.toRequest());
    return toCamel<Row[]>(rows ?? []);
  }

  then<A = Row[], B = never>(
    onfulfilled?: ((value: Row[]) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.execute().then(onfulfilled, onrejected);
  }
}
