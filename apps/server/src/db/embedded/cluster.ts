/** Making the cluster (once, whole or not at all), and the app's role and database in it. */
import fs from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { fsyncDir, fsyncFile } from '../../lib/durable-fs.ts';
import type { Binaries } from './binaries.ts';
import {
  CONNECT_TIMEOUT_MS,
  EmbeddedPostgresError,
  type Logger,
  postgresEnv,
  run,
  STOP_TIMEOUT_MS,
  SUPERUSER,
} from './common.ts';
import { isAlive } from './supervisor.ts';
import { type RunAs, spawnOptions } from './user.ts';

export const EMBEDDED_DATABASE = 'codewright';

/** The role the app connects as: owns EMBEDDED_DATABASE, no superuser, cannot make roles. */
export const APP_ROLE = 'codewright';

/**
 * Written into every cluster this module makes (before it is renamed into place). A
 * cluster without it in DATA_DIR/db is PGlite's, from before docs/decisions/011:
 * PGlite 0.5 is PostgreSQL 18 too, so PG_VERSION alone cannot tell them apart.
 */
export const CLUSTER_MARKER = 'codewright-embedded-postgres';

/**
 * The major version a cluster directory was made by, or undefined when there is none
 * (no PG_VERSION). Any other read error, or an empty PG_VERSION, stops the start: the
 * directory is not ours to judge, let alone to replace (docs/decisions/034).
 */
export async function clusterVersion(dataDir: string): Promise<string | undefined> {
  const file = path.join(dataDir, 'PG_VERSION');
  let text: string;
  try {
    text = (await fs.readFile(file, 'utf8')).trim();
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new EmbeddedPostgresError(
      `Could not read ${file} (${code ?? (err as Error).message}); nothing was changed. Fix its permissions, or move ${dataDir} aside, and start again.`,
    );
  }
  if (text === '') {
    throw new EmbeddedPostgresError(
      `${file} is empty, so ${dataDir} is not a whole PostgreSQL cluster; nothing was changed. Move it aside (or restore it from a backup) and start again.`,
    );
  }
  return text;
}

/**
 * Removes init directories (`<db>.init-<pid>`, see initCluster) whose pid is dead: a first
 * start cut short. Nothing else: another name, or a live pid, is left alone.
 */
export async function removeStrayInitDirs(dataDir: string, log: Logger) {
  const parent = path.dirname(dataDir);
  const pattern = new RegExp(`^${escapeRegExp(path.basename(dataDir))}\\.init-(\\d+)$`);
  for (const name of await fs.readdir(parent).catch(() => [] as string[])) {
    const pid = Number(pattern.exec(name)?.[1] ?? 0);
    if (pid <= 0 || (pid !== process.pid && isAlive(pid))) continue;
    log('info', `embedded database: removing ${name}, left by a first start that was cut short`);
    await fs.rm(path.join(parent, name), { recursive: true, force: true });
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Where there is no cluster yet: nothing (or an empty directory) may become one; anything
 * else in `dataDir` was not made by us and stops the start.
 */
export async function assertNothingThere(dataDir: string) {
  let entries: string[];
  try {
    entries = await fs.readdir(dataDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw new EmbeddedPostgresError(
      `Could not read ${dataDir} (${(err as NodeJS.ErrnoException).code ?? (err as Error).message}); nothing was changed. Fix its permissions and start again.`,
    );
  }
  if (entries.length === 0) {
    await fs.rmdir(dataDir);
    return;
  }
  throw new EmbeddedPostgresError(
    `${dataDir} holds files but no PostgreSQL cluster (no PG_VERSION); Codewright did not make it and leaves it as it is. Move it aside and start again.`,
  );
}

/**
 * Makes a new cluster. initdb writes into a sibling temp directory that is renamed into
 * place once complete and synced, so a start cut short by a crash or power cut leaves
 * either no cluster (made again next time) or a whole one.
 */
export async function initCluster(dataDir: string, bins: Binaries, runAs: RunAs, durable: boolean) {
  const parent = path.dirname(dataDir);
  await fs.mkdir(parent, { recursive: true });
  // Named with our pid: ours alone while we run, and a dead pid's leftover otherwise
  // (removeStrayInitDirs has already removed any under our pid).
  const tmp = `${dataDir}.init-${process.pid}`;
  await fs.mkdir(tmp, { mode: 0o700 });
  if (runAs.kind === 'user') await fs.chown(tmp, runAs.uid, runAs.gid);
  const argv = [
    bins.initdb,
    `--pgdata=${tmp}`,
    `--username=${SUPERUSER}`,
    '--auth=trust',
    '--encoding=UTF8',
    // Unicode-aware lower()/upper() (email uniqueness) with byte-order sorting, the
    // same on every machine: no dependence on the OS's installed locales.
    '--locale-provider=builtin',
    '--builtin-locale=C.UTF-8',
    '--locale=C',
    '--no-instructions',
    ...(durable ? [] : ['--no-sync']),
  ];
  try {
    await run(argv[0]!, argv.slice(1), { env: postgresEnv(), ...spawnOptions(runAs) });
  } catch (err) {
    await fs.rm(tmp, { recursive: true, force: true });
    const e = err as Error & { stderr?: string };
    throw new EmbeddedPostgresError(
      `initdb failed in ${parent}: ${(e.stderr || e.message).trim().split('\n').slice(-3).join(' ')}`,
    );
  }
  await fs.writeFile(
    path.join(tmp, CLUSTER_MARKER),
    `PostgreSQL ${bins.majorVersion}, made by Codewright\n`,
  );
  if (durable) await fsyncFile(path.join(tmp, CLUSTER_MARKER));
  await fs.rename(tmp, dataDir);
  if (durable) await fsyncDir(parent);
}

/**
 * The app's role and database: APP_ROLE (login; no superuser, CREATEDB or CREATEROLE) owning
 * EMBEDDED_DATABASE. A database made by an earlier version (owned by the superuser, as were
 * its tables) is handed over, objects included, so the app never needs the superuser again.
 */
export async function ensureAppDatabase(adminUrl: string, appDbAdminUrl: string) {
  await withClient(adminUrl, async (client) => {
    const role = await client.query('select 1 from pg_roles where rolname = $1', [APP_ROLE]);
    const attributes = 'login nosuperuser nocreatedb nocreaterole noreplication nobypassrls';
    await client.query(
      role.rowCount === 0
        ? `create role ${APP_ROLE} ${attributes}`
        : `alter role ${APP_ROLE} ${attributes}`,
    );
    const found = await client.query<{ owner: string }>(
      'select pg_get_userbyid(datdba) as owner from pg_database where datname = $1',
      [EMBEDDED_DATABASE],
    );
    if (found.rowCount === 0) {
      await client.query(`create database ${EMBEDDED_DATABASE} owner ${APP_ROLE}`);
      return;
    }
    if (found.rows[0]!.owner !== APP_ROLE)
      await client.query(`alter database ${EMBEDDED_DATABASE} owner to ${APP_ROLE}`);
  });
  await withClient(appDbAdminUrl, (client) => client.query(HAND_OVER_OBJECTS));
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // CREATE DATABASE copies the template and syncs it: slower than a probe.
    query_timeout: STOP_TIMEOUT_MS,
  });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * Gives APP_ROLE what the superuser owns in the app database outside the system schemas:
 * schemas, tables, views, free sequences (a column's sequence follows its table), routines,
 * enums and domains. Nothing is done when there is nothing to hand over.
 */
const HAND_OVER_OBJECTS = `
do $$
declare
  r record;
  su oid := '${SUPERUSER}'::regrole;
begin
  for r in select nspname from pg_namespace
    where nspowner = su and nspname !~ '^pg_' and nspname <> 'information_schema' loop
    execute format('alter schema %I owner to ${APP_ROLE}', r.nspname);
  end loop;
  for r in select c.oid::regclass as name, c.relkind from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where c.relowner = su and n.nspname !~ '^pg_' and n.nspname <> 'information_schema'
      and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
      and not (c.relkind = 'S' and exists (
        select 1 from pg_depend d where d.objid = c.oid and d.deptype in ('a', 'i'))) loop
    execute format('alter %s %s owner to ${APP_ROLE}',
      case r.relkind when 'S' then 'sequence' when 'v' then 'view'
        when 'm' then 'materialized view' when 'f' then 'foreign table' else 'table' end,
      r.name);
  end loop;
  for r in select p.oid::regprocedure as name from pg_proc p
    join pg_namespace n on n.oid = p.pronamespace
    where p.proowner = su and n.nspname !~ '^pg_' and n.nspname <> 'information_schema' loop
    execute format('alter routine %s owner to ${APP_ROLE}', r.name);
  end loop;
  for r in select t.oid::regtype as name, t.typtype from pg_type t
    join pg_namespace n on n.oid = t.typnamespace
    where t.typowner = su and t.typtype in ('e', 'd')
      and n.nspname !~ '^pg_' and n.nspname <> 'information_schema' loop
    execute format('alter %s %s owner to ${APP_ROLE}',
      case r.typtype when 'd' then 'domain' else 'type' end, r.name);
  end loop;
end $$`;
