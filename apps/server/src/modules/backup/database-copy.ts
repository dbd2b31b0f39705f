/**
 * The database's part of a backup: every table's rows through PostgreSQL's COPY, in its text
 * format, one file per table (docs/decisions/054). It needs no pg_dump, so it works the same on
 * the embedded server (whose package ships none) and on any PostgreSQL 14+ at DATABASE_URL, and
 * restores into a newer PostgreSQL as well.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { fsyncFile } from '../../lib/durable-fs.ts';
import { hashingStream } from '../../lib/hashing-stream.ts';

/** Counters that start again empty after a restore: their rows are not kept. */
const TRANSIENT_TABLES = new Set(['rate_limits']);

/** Where Drizzle records the migrations it applied (its defaults). */
const MIGRATIONS_TABLE = 'drizzle.__drizzle_migrations';

export interface TableDump {
  name: string;
  /** The columns in the file, in order (generated columns are left out: PostgreSQL makes them). */
  columns: string[];
  rows: number;
  /** Relative to the backup's folder. */
  file: string;
  bytes: number;
  sha256: string;
}

/** The schema a database is at: how many migrations ran, and the last one's time and hash. */
export interface MigrationLevel {
  count: number;
  /** The last migration's `when` in drizzle/meta/_journal.json (ms since 1970). */
  lastCreatedAt: number;
  lastHash: string;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The migrations applied to the database `client` is connected to; null for a database without any. */
export async function migrationLevelOf(client: pg.ClientBase): Promise<MigrationLevel | null> {
  const exists = await client.query<{ found: string | null }>(
    `select to_regclass($1)::text as found`,
    [MIGRATIONS_TABLE],
  );
  if (!exists.rows[0]?.found) return null;
  const { rows } = await client.query<{ count: number; created_at: string; hash: string }>(
    `select count(*) over ()::int as count, created_at::text, hash
       from ${MIGRATIONS_TABLE} order by created_at desc limit 1`,
  );
  const last = rows[0];
  return last
    ? { count: last.count, lastCreatedAt: Number(last.created_at), lastHash: last.hash }
    : null;
}

/** The app's tables with their stored columns, by name (transient ones left out). */
export async function tablesOf(
  client: pg.ClientBase,
): Promise<{ name: string; columns: string[] }[]> {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `select c.table_name::text as name,
            array_agg(c.column_name::text order by c.ordinal_position) as columns
       from information_schema.columns c
       join information_schema.tables t
         on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = 'public' and t.table_type = 'BASE TABLE' and c.is_generated = 'NEVER'
      group by c.table_name order by c.table_name`,
  );
  return rows.filter((t) => !TRANSIENT_TABLES.has(t.name));
}

/**
 * Writes every table into `dir/db/{table}.copy`. Run inside the backup's REPEATABLE READ
 * transaction, so that all tables show one moment.
 */
export async function dumpTables(client: pg.ClientBase, dir: string): Promise<TableDump[]> {
  const dumps: TableDump[] = [];
  for (const table of await tablesOf(client)) {
    const file = `db/${table.name}.copy`;
    const target = path.join(dir, file);
    const columns = table.columns.map(quoteIdent).join(', ');
    const source = client.query(copyTo(`copy ${quoteIdent(table.name)} (${columns}) to stdout`));
    const hashing = hashingStream();
    await pipeline(source, hashing.stream, createWriteStream(target, { mode: 0o600 }));
    await fsyncFile(target);
    dumps.push({ ...table, rows: source.rowCount, file, ...hashing.digest() });
  }
  return dumps;
}

/** Tables ordered so that each comes after those its foreign keys point at. */
async function parentsFirst(client: pg.ClientBase, names: string[]): Promise<string[]> {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select cl.relname::text as child, pl.relname::text as parent
       from pg_constraint c
       join pg_class cl on cl.oid = c.conrelid
       join pg_class pl on pl.oid = c.confrelid
       join pg_namespace n on n.oid = cl.relnamespace
      where c.contype = 'f' and n.nspname = 'public'`,
  );
  const parents = new Map(names.map((n) => [n, new Set<string>()]));
  for (const { child, parent } of rows) if (child !== parent) parents.get(child)?.add(parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (n) => !placed.has(n) && [...parents.get(n)!].every((p) => placed.has(p) || !parents.has(p)),
    );
    if (ready.length === 0) throw new Error('the tables’ foreign keys form a cycle');
    for (const n of ready) {
      placed.add(n);
      ordered.push(n);
    }
  }
  return ordered;
}

/**
 * Loads the dumped tables into an empty database at the backup's schema, inside the caller's
 * transaction. The tables' own triggers (a personal workspace per new user, the main file of a
 * project, webhook and realtime events) are off while rows arrive, since the rows they would
 * make are in the backup already; foreign keys are still checked. Identity and serial columns
 * continue after the highest restored value.
 */
export async function loadTables(
  client: pg.ClientBase,
  dir: string,
  dumps: readonly TableDump[],
): Promise<void> {
  const byName = new Map(dumps.map((d) => [d.name, d]));
  const present = new Set((await tablesOf(client)).map((t) => t.name));
  const missing = dumps.find((d) => !present.has(d.name));
  if (missing) throw new Error(`the database has no table "${missing.name}"`);
  const order = await parentsFirst(client, [...byName.keys()]);
  for (const name of order) {
    await client.query(`alter table ${quoteIdent(name)} disable trigger user`);
  }
  for (const name of order) {
    const dump = byName.get(name)!;
    const columns = dump.columns.map(quoteIdent).join(', ');
    const sink = client.query(copyFrom(`copy ${quoteIdent(name)} (${columns}) from stdin`));
    await pipeline(createReadStream(path.join(dir, dump.file)), sink);
    if (sink.rowCount !== dump.rows) {
      throw new Error(
        `${dump.file} gave ${sink.rowCount} rows of ${name}, the manifest says ${dump.rows}`,
      );
    }
  }
  for (const name of order) {
    await client.query(`alter table ${quoteIdent(name)} enable trigger user`);
  }
  await continueSequences(client);
}

async function continueSequences(client: pg.ClientBase): Promise<void> {
  const { rows } = await client.query<{ table_name: string; column_name: string }>(
    `select table_name::text, column_name::text from information_schema.columns
      where table_schema = 'public' and (is_identity = 'YES' or column_default like 'nextval(%')`,
  );
  for (const { table_name: table, column_name: column } of rows) {
    await client.query(
      `select setval(pg_get_serial_sequence($1, $2),
                     coalesce((select max(${quoteIdent(column)}) from ${quoteIdent(table)}), 0) + 1,
                     false)`,
      [quoteIdent(table), column],
    );
  }
}

/**
 * The tables that hold rows, with their counts (up to 1000): none for an empty database, also
 * one that was only migrated.
 */
export async function rowCounts(client: pg.ClientBase): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const { name } of await tablesOf(client)) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from (select 1 from ${quoteIdent(name)} limit 1000) t`,
    );
    if (rows[0]!.n > 0) counts.set(name, rows[0]!.n);
  }
  return counts;
}
