/**
 * (Over 300 lines: provisioning the restricted role, checking who a connection is logged in as and
 * the pools built on it are one security decision sharing the role's name, password and facts;
 * split, the checks would no longer sit beside what they guard.)
 */
import { createHash, createHmac, pbkdf2, randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { AppError } from '../../lib/app-error.ts';

/**
 * Where admin SQL (`/sql`, `/batch`) runs — never as a superuser (DESIGN §3.10,
 * docs/operations.md "Admin SQL"). `SET ROLE` is no boundary for a superuser
 * session (`RESET ROLE` undoes it), so when the app's own role is a superuser, has
 * CREATEROLE or may run programs / read server files, admin SQL logs in as a
 * dedicated role of its own: LOGIN, no other attribute, member of nothing, with
 * SELECT/INSERT/UPDATE/DELETE on the tables of `public`. Otherwise it runs as the
 * app's role. Every connection is closed after its request, so no session state
 * (a SET, an open transaction) reaches the next request or the app's own queries.
 */
export interface AdminSqlConnections {
  /** Provisions the role and tries it once; a failure is logged, and requests then answer 503. */
  start(): Promise<void>;
  /** A connection for one request; 503 ADMIN_SQL_UNAVAILABLE when none can be had safely. */
  acquire(): Promise<pg.PoolClient>;
  /** Ends a connection taken with acquire(). */
  release(client: pg.PoolClient): void;
  close(): Promise<void>;
}

export interface AdminSqlConnectionOptions {
  /** The app's pool (its role owns the tables). */
  pool: pg.Pool;
  /** The JWT signing secret; the role's password derives from it, so instances agree. */
  secret: string;
  warn(message: string): void;
}

/** Server-side roles that may run programs or read and write the server's files. */
const SERVER_FILE_ROLES = [
  'pg_execute_server_program',
  'pg_read_server_files',
  'pg_write_server_files',
] as const;
// Any fixed key: instances starting at once on one database provision the role in turn.
const PROVISION_LOCK_KEY = 7_304_112_011;
const ROLE_PREFIX = 'cw_sql_';
const POOL_MAX = 4;
const CONNECT_TIMEOUT_MS = 10_000;
const SCRAM_ITERATIONS = 4096;

/** The admin SQL role of a database: one per database, since roles are cluster-wide. */
export function adminSqlRoleName(database: string): string {
  return ROLE_PREFIX + createHash('sha256').update(database).digest('hex').slice(0, 12);
}

/** The role's password: the same on every instance that shares the signing secret. */
function rolePassword(secret: string, role: string): string {
  return createHmac('sha256', secret)
    .update(`codewright admin SQL role ${role}`)
    .digest('base64url');
}

/**
 * A SCRAM-SHA-256 verifier (RFC 7677, PostgreSQL's stored form), so the password itself
 * never appears in a statement that a server log or pg_stat_statements could keep.
 */
async function scramVerifier(password: string): Promise<string> {
  const salt = randomBytes(16);
  const salted = await promisify(pbkdf2)(password, salt, SCRAM_ITERATIONS, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest('base64');
  const serverKey = createHmac('sha256', salted).update('Server Key').digest('base64');
  return `SCRAM-SHA-256$${SCRAM_ITERATIONS}:${salt.toString('base64')}$${storedKey}:${serverKey}`;
}

interface RoleFacts {
  name: string;
  database: string;
  superuser: boolean;
  createRole: boolean;
  serverFiles: boolean;
}

const serverFilesSql = SERVER_FILE_ROLES.map((r) => `pg_has_role(r.oid, '${r}', 'MEMBER')`).join(
  ' or ',
);

/** Facts about the role a connection is logged in as. */
async function currentRole(client: pg.ClientBase) {
  const { rows } = await client.query<
    RoleFacts & {
      createDb: boolean;
      replication: boolean;
      bypassRls: boolean;
      memberOf: boolean;
      createInPublic: boolean;
    }
  >(
    `select r.rolname as name, current_database() as database, r.rolsuper as superuser,
            r.rolcreaterole as "createRole", r.rolcreatedb as "createDb",
            r.rolreplication as replication, r.rolbypassrls as "bypassRls",
            (${serverFilesSql}) as "serverFiles",
            exists (select 1 from pg_auth_members m where m.member = r.oid) as "memberOf",
            case when exists (select 1 from pg_namespace where nspname = 'public')
                 then has_schema_privilege(r.oid, 'public', 'CREATE') else false
            end as "createInPublic"
       from pg_roles r where r.rolname = current_user`,
  );
  return rows[0]!;
}

/** Runs a statement the server builds with format() (%I names, %L literals). */
async function runFormatted(client: pg.ClientBase, template: string, ...args: string[]) {
  const params = args.map((_, i) => `$${i + 1}::text`).join(', ');
  const { rows } = await client.query<{ statement: string }>(
    `select format('${template}', ${params}) as statement`,
    args,
  );
  await client.query(rows[0]!.statement);
}

/** Creates or updates the role and (re)grants it the app's tables; migrations may have added some. */
async function provisionRole(
  client: pg.ClientBase,
  app: RoleFacts,
  role: string,
  password: string,
) {
  const verifier = await scramVerifier(password);
  await client.query('begin');
  try {
    await client.query('select pg_advisory_xact_lock($1)', [PROVISION_LOCK_KEY]);
    const found = await client.query('select 1 from pg_roles where rolname = $1', [role]);
    // Only a superuser may name SUPERUSER, REPLICATION or BYPASSRLS in ALTER ROLE; a
    // CREATEROLE role's new roles lack them anyway, and the login check below refuses any.
    const attributes = app.superuser
      ? 'login nosuperuser nocreatedb nocreaterole noreplication nobypassrls'
      : 'login nocreaterole';
    const verb = found.rowCount ? 'alter' : 'create';
    await runFormatted(client, `${verb} role %I with ${attributes} password %L`, role, verifier);
    await runFormatted(client, 'grant usage on schema public to %I', role);
    await runFormatted(
      client,
      'grant select, insert, update, delete on all tables in schema public to %I',
      role,
    );
    await runFormatted(client, 'grant usage, select on all sequences in schema public to %I', role);
    const connect = await client.query<{ ok: boolean }>(
      `select has_database_privilege($1, current_database(), 'CONNECT') as ok`,
      [role],
    );
    if (!connect.rows[0]!.ok) {
      await runFormatted(client, 'grant connect on database %I to %I', app.database, role);
    }
    await client.query('commit');
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  }
}

/** The main pool's server and database, logged in as `user` instead. */
function poolAs(main: pg.Pool, user: string, password: string): pg.Pool {
  // pg resolves a connection string, PG* variables and defaults into these fields.
  const resolved = new pg.Client(main.options);
  const params = (resolved as unknown as { connectionParameters: { options?: string } })
    .connectionParameters;
  const pool = new pg.Pool({
    host: resolved.host,
    port: resolved.port,
    database: resolved.database,
    ssl: resolved.ssl,
    options: params.options,
    user,
    password,
    application_name: 'codewright-admin-sql',
    max: POOL_MAX,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => {});
  return pool;
}

function reasonOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

function unavailable(message: string): AppError {
  return new AppError('ADMIN_SQL_UNAVAILABLE', 503, message);
}

/** Picks where admin SQL runs for this database, provisioning the restricted role when needed. */
export function createAdminSqlConnections(options: AdminSqlConnectionOptions): AdminSqlConnections {
  const { pool: main, secret } = options;
  /** Settled once admin SQL is known to run somewhere safe; a failure is retried next time. */
  let ready: Promise<pg.Pool> | undefined;
  let restricted: pg.Pool | undefined;
  let restrictedRole: string | undefined;

  async function restrictedPool(app: RoleFacts): Promise<pg.Pool> {
    const role = adminSqlRoleName(app.database);
    const password = rolePassword(secret, role);
    const client = await main.connect();
    try {
      await provisionRole(client, app, role, password);
    } catch (err) {
      throw unavailable(
        `Admin SQL is unavailable: the app's database role "${app.name}" is a superuser or can create roles, so admin SQL must run as the restricted role "${role}", which could not be set up (${reasonOf(err)}). See docs/operations.md.`,
      );
    } finally {
      client.release();
    }
    restrictedRole = role;
    restricted ??= poolAs(main, role, password);
    return restricted;
  }

  async function choose(): Promise<pg.Pool> {
    const probe = await main.connect();
    let app: RoleFacts;
    try {
      app = await currentRole(probe);
    } finally {
      probe.release();
    }
    if (!app.superuser && !app.createRole && !app.serverFiles) return main;
    if (!app.superuser && !app.createRole) {
      throw unavailable(
        `Admin SQL is unavailable: the app's database role "${app.name}" may run programs or read server files (${SERVER_FILE_ROLES.join(', ')}) and cannot create a restricted role for admin SQL. Revoke that membership, or grant it CREATEROLE. See docs/operations.md.`,
      );
    }
    const pool = await restrictedPool(app);
    // Sign in once now, so a refused login is reported at start.
    const client = await connect(pool);
    client.release(true);
    return pool;
  }

  /** A connection of `pool`, checked to be no superuser and member of nothing when it is the restricted one. */
  async function connect(pool: pg.Pool): Promise<pg.PoolClient> {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (err) {
      if (pool === main) throw err;
      if (pool.totalCount >= POOL_MAX) {
        // Every connection is taken (by long statements): busy, not refused.
        throw new AppError(
          'SERVICE_UNAVAILABLE',
          503,
          `Admin SQL is busy: all ${POOL_MAX} of its connections are running statements. Try again when they finish.`,
        );
      }
      // Provision again next time: the role may have been dropped or changed meanwhile.
      ready = undefined;
      throw unavailable(
        `Admin SQL is unavailable: PostgreSQL refused the restricted admin SQL role "${restrictedRole}" (${reasonOf(err)}). The app's own role is a superuser or can create roles, so admin SQL runs only as that role: let it log in to this database (pg_hba.conf, or your connection pooler's user list), or connect the app as a role that is not a superuser. See docs/operations.md.`,
      );
    }
    if (pool === main) return client;
    try {
      const self = await currentRole(client);
      const elevated = (
        [
          ['SUPERUSER', self.superuser],
          ['CREATEROLE', self.createRole],
          ['CREATEDB', self.createDb],
          ['REPLICATION', self.replication],
          ['BYPASSRLS', self.bypassRls],
          ['membership in another role', self.memberOf],
          ['server file or program access', self.serverFiles],
          // Objects it made in the app's schema (a function, an operator) could run with
          // the app's own rights. PostgreSQL 14 grants CREATE on public to everyone.
          [
            'CREATE on schema public (revoke it: REVOKE CREATE ON SCHEMA public FROM PUBLIC)',
            self.createInPublic,
          ],
        ] as const
      )
        .filter(([, on]) => on)
        .map(([what]) => what);
      if (elevated.length > 0) {
        throw unavailable(
          `Admin SQL is unavailable: its restricted role "${self.name}" has ${elevated.join(', ')}. Remove that (ALTER ROLE / REVOKE), then try again. See docs/operations.md.`,
        );
      }
    } catch (err) {
      client.release(true);
      throw err;
    }
    return client;
  }

  function target(): Promise<pg.Pool> {
    ready ??= choose().catch((err: unknown) => {
      ready = undefined;
      throw err;
    });
    return ready;
  }

  return {
    async start() {
      try {
        await target();
      } catch (err) {
        options.warn(reasonOf(err));
      }
    },
    async acquire() {
      return connect(await target());
    },
    release(client) {
      // Closed, never reused: whatever the statements left in the session ends with it.
      client.release(true);
    },
    async close() {
      await restricted?.end().catch(() => {});
    },
  };
}
