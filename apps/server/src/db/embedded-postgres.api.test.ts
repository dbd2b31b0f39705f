// The embedded PostgreSQL's life cycle (docs/decisions/011): it never outlives the
// process that started it, and nothing a crash or power cut leaves behind stops a start.
// (Over 300 lines: one life cycle, from start to stop and every way it can break, whose tests share
// the holder process and the /proc helpers at the top.)
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import {
  isAlive,
  LOCATION_FILE,
  readLocation,
  startEmbeddedPostgres,
} from './embedded-postgres.ts';

const HOLDER = fileURLToPath(new URL('../test/fixtures/embedded-holder.ts', import.meta.url));
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(dirs.map((d) => fs.rm(d, { recursive: true, force: true })));
});

async function tempDataDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-embedded-'));
  await fs.chmod(dir, 0o755);
  dirs.push(dir);
  return dir;
}

/** Pids of postgres processes serving `cluster` (Linux /proc). */
/**
 * The PostgreSQL servers (postmasters) running on `cluster`. A backend the postmaster has just
 * forked carries the same command line until it names itself ("postgres: checkpointer"…), so a
 * process whose parent is one of them is not counted.
 */
async function postgresPids(cluster: string): Promise<number[]> {
  const pids: number[] = [];
  for (const pid of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
    const args = cmdline.split('\0');
    if (args[0]?.endsWith('/postgres') && args.includes(cluster)) pids.push(Number(pid));
  }
  const parents = await Promise.all(pids.map((pid) => parentOf(pid).catch(() => 0)));
  return pids.filter((_, i) => !pids.includes(parents[i]!));
}

async function parentOf(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

async function childrenOf(parent: number): Promise<number[]> {
  const pids: number[] = [];
  for (const entry of await fs.readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if ((await parentOf(pid).catch(() => 0)) === parent) pids.push(pid);
  }
  return pids;
}

async function waitFor(check: () => Promise<boolean>, ms: number) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 100));
  }
  return check();
}

/** Starts the holder process on `cluster` and resolves once its PostgreSQL is up. */
async function startHolder(cluster: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', HOLDER, cluster], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`holder did not start:\n${out}`)), 60_000);
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}:\n${out}`)));
  });
  return child;
}

async function roundTrip(url: string, value: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('create table if not exists t (v text)');
    await client.query('insert into t values ($1)', [value]);
    return (await client.query<{ v: string }>('select v from t order by v')).rows.map((r) => r.v);
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL', () => {
  it('keeps data across a stop and a start, over a private unix socket only', async () => {
    const cluster = path.join(await tempDataDir(), 'db');
    const first = await startEmbeddedPostgres({ dataDir: cluster, durable: false });
    expect(first.url).toMatch(/^postgresql:\/\/codewright@localhost\/codewright\?host=/);
    expect(await roundTrip(first.url, 'a')).toEqual(['a']);
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    const listen = await client.query<{ listen_addresses: string }>('show listen_addresses');
    await client.end();
    expect(listen.rows[0]!.listen_addresses).toBe('');
    const socketDir = new URL(first.url).searchParams.get('host')!;
    expect((await fs.stat(socketDir)).mode & 0o777).toBe(0o700);
    await first.stop();
    expect(await postgresPids(cluster)).toEqual([]);

    const second = await startEmbeddedPostgres({ dataDir: cluster, durable: false });
    expect(await roundTrip(second.url, 'b')).toEqual(['a', 'b']);
    await second.stop();
  }, 60_000);

  it('is not root-equivalent: postgres runs as a non-zero uid, the app role is no superuser', async () => {
    const cluster = path.join(await tempDataDir(), 'db');
    const server = await startEmbeddedPostgres({ dataDir: cluster, durable: false });
    try {
      const pids = await postgresPids(cluster);
      expect(pids.length).toBeGreaterThan(0);
      for (const pid of pids) {
        const status = await fs.readFile(`/proc/${pid}/status`, 'utf8');
        const [real, effective] = /^Uid:\s+(\d+)\s+(\d+)/m.exec(status)!.slice(1).map(Number);
        expect(real).not.toBe(0);
        expect(effective).not.toBe(0);
      }
      const client = new pg.Client({ connectionString: server.url });
      await client.connect();
      try {
        const me = await client.query<{ user: string; owner: string; superuser: boolean }>(
          `select current_user as user, pg_get_userbyid(d.datdba) as owner, r.rolsuper as superuser
             from pg_database d, pg_roles r
            where d.datname = current_database() and r.rolname = current_user`,
        );
        expect(me.rows).toEqual([{ user: 'codewright', owner: 'codewright', superuser: false }]);
        // The app owns what it makes: migrations run as this role.
        await client.query('create table mine (v int)');
        for (const attempt of [
          "copy (select 1) to program 'id > /tmp/cw-owned'",
          "select pg_read_file('/etc/shadow')",
          "copy (select 1) to '/tmp/cw-owned'",
          'alter role codewright superuser',
          'create role other login',
        ]) {
          await expect(client.query(attempt), attempt).rejects.toMatchObject({ code: '42501' });
        }
      } finally {
        await client.end();
      }
    } finally {
      await server.stop();
    }
  }, 60_000);

  it("under a folder closed to others, as root it keeps the cluster in a folder of root's and finds it again", async () => {
    const closed = await tempDataDir();
    await fs.chmod(closed, 0o700);
    const dataDir = path.join(closed, 'data');
    const cluster = path.join(dataDir, 'db');
    // Its own clusters root (not /var/lib/codewright), in a folder postgres may enter.
    const clustersRoot = path.join(await tempDataDir(), 'shared', 'clusters');
    const first = await startEmbeddedPostgres({ dataDir: cluster, clustersRoot, durable: false });
    if (process.getuid?.() !== 0) {
      // As ourselves the folder is our own: nothing stands in the way.
      expect(first.dataDir).toBe(cluster);
      await first.stop();
      return;
    }
    const moved = first.dataDir;
    expect(first.relocated).toBe(true);
    expect(path.dirname(path.dirname(moved))).toBe(clustersRoot);
    expect(await roundTrip(first.url, 'a')).toEqual(['a']);
    expect(new URL(first.url).searchParams.get('host')).toBe(path.join(path.dirname(moved), 'run'));
    // Only the record is in DATA_DIR; the cluster is postgres's, 0700.
    expect(await fs.readdir(dataDir)).toEqual([LOCATION_FILE]);
    expect(await readLocation(dataDir, clustersRoot)).toBe(moved);
    const st = await fs.stat(moved);
    expect([st.uid === 0, st.mode & 0o777]).toEqual([false, 0o700]);
    await first.stop();
    expect(await postgresPids(moved)).toEqual([]);

    const second = await startEmbeddedPostgres({ dataDir: cluster, clustersRoot, durable: false });
    expect(second.dataDir).toBe(moved);
    expect(await roundTrip(second.url, 'b')).toEqual(['a', 'b']);
    await second.stop();
  }, 60_000);

  it('as root, an existing db/ under a folder closed to others refuses in one line naming the folder', async () => {
    const closed = await tempDataDir();
    await fs.chmod(closed, 0o700);
    const cluster = path.join(closed, 'data', 'db');
    await fs.mkdir(cluster, { recursive: true });
    const clustersRoot = path.join(await tempDataDir(), 'shared', 'clusters');
    const start = startEmbeddedPostgres({ dataDir: cluster, clustersRoot, durable: false });
    if (process.getuid?.() === 0) {
      await expect(start).rejects.toThrow(
        `cannot enter ${path.dirname(cluster)}: a folder above it is closed`,
      );
      // Nothing was made or moved.
      expect(await fs.readdir(path.dirname(cluster))).toEqual(['db']);
      expect(await fs.readdir(cluster)).toEqual([]);
      await expect(fs.access(clustersRoot)).rejects.toThrow();
    } else {
      await (await start).stop();
    }
  }, 60_000);

  it('hands a database made by an earlier version (owned by the superuser) to the app role', async () => {
    const cluster = path.join(await tempDataDir(), 'db');
    const first = await startEmbeddedPostgres({ dataDir: cluster, durable: false });
    // As an earlier version left it: the database and its objects owned by the superuser.
    const superuserUrl = first.adminUrl.replace('/postgres?', '/codewright?');
    const admin = new pg.Client({ connectionString: first.adminUrl });
    await admin.connect();
    await admin.query('alter database codewright owner to postgres');
    await admin.end();
    const old = new pg.Client({ connectionString: superuserUrl });
    await old.connect();
    await old.query(`create schema drizzle;
      create table drizzle.migrations (id serial primary key);
      create type mood as enum ('ok');
      create table things (id integer generated always as identity primary key, m mood);
      create sequence free_counter;
      create view thing_ids as select id from things;
      create function answer() returns int language sql as 'select 42';
      insert into things (m) values ('ok')`);
    await old.end();
    await first.stop();

    const second = await startEmbeddedPostgres({ dataDir: cluster, durable: false });
    const app = new pg.Client({ connectionString: second.url });
    await app.connect();
    try {
      const owned = await app.query<{ n: number }>(
        `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
          where s.nspname in ('public', 'drizzle') and pg_get_userbyid(c.relowner) <> 'codewright'`,
      );
      expect(owned.rows[0]!.n).toBe(0);
      await app.query('insert into things (m) values ($1)', ['ok']);
      await app.query('insert into drizzle.migrations default values');
      await app.query("select nextval('free_counter'), answer()");
      await app.query('alter table things add column note text');
      expect((await app.query('select id from thing_ids')).rowCount).toBe(2);
    } finally {
      await app.end();
      await second.stop();
    }
  }, 60_000);

  it('a postgres that ignores the fast shutdown is sent SIGQUIT, then SIGKILL, and is gone', async () => {
    const cluster = path.join(await tempDataDir(), 'db');
    const warnings: string[] = [];
    const server = await startEmbeddedPostgres({
      dataDir: cluster,
      durable: false,
      stopStepMs: 500,
      log: (level, message) => {
        if (level !== 'debug') warnings.push(message);
      },
    });
    const pids = await postgresPids(cluster);
    // Stopped processes take no signal but SIGKILL: the fast shutdown and SIGQUIT go unheard.
    for (const pid of pids) process.kill(pid, 'SIGSTOP');
    const since = Date.now();
    await server.stop();
    expect(Date.now() - since).toBeLessThan(10_000);
    expect(warnings.filter((m) => /did not stop in time; sending/.test(m))).toEqual([
      'embedded database: PostgreSQL did not stop in time; sending SIGQUIT',
      'embedded database: PostgreSQL did not stop in time; sending SIGKILL',
    ]);
    expect(await waitFor(async () => (await postgresPids(cluster)).length === 0, 5_000)).toBe(true);
  }, 60_000);

  it('stops when the process that started it is killed with SIGKILL', async () => {
    const cluster = path.join(await tempDataDir(), 'db');
    const holder = await startHolder(cluster);
    expect((await postgresPids(cluster)).length).toBe(1);
    holder.kill('SIGKILL');
    expect(await waitFor(async () => (await postgresPids(cluster)).length === 0, 20_000)).toBe(
      true,
    );
  }, 90_000);

  it('counts a zombie as dead', async () => {
    // `sleep 5` never reaps the shell's background child: it stays a zombie.
    const shell = spawn('/bin/sh', ['-c', 'sleep 0.1 & echo $!; exec sleep 5'], {
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const zombie = Number(await new Promise<string>((r) => shell.stdout!.once('data', r)));
    expect(await waitFor(async () => !isAlive(zombie), 5_000)).toBe(true);
    // kill(pid, 0) alone would still say it runs.
    expect(() => process.kill(zombie, 0)).not.toThrow();
    expect(isAlive(shell.pid!)).toBe(true);
    shell.kill('SIGKILL');
  });

  it('reaps a postgres that dies under it, and reports it, within seconds', async () => {
    const cluster = path.join(await tempDataDir(), 'db');
    const lines: string[] = [];
    const server = await startEmbeddedPostgres({
      dataDir: cluster,
      durable: false,
      log: (level, message) => lines.push(`${level} ${message}`),
    });
    const [pid] = await postgresPids(cluster);
    const watchdog = await parentOf(pid!);
    process.kill(pid!, 'SIGKILL');
    // No zombie left under the watchdog, and the watchdog itself ends.
    expect(await waitFor(async () => !isAlive(pid!) && !isAlive(watchdog), 5_000)).toBe(true);
    expect(await waitFor(async () => lines.some((l) => /exited unexpectedly/.test(l)), 5_000)).toBe(
      true,
    );
    await server.stop();
  }, 60_000);

  it('never signals a PostgreSQL it did not start: waits for it, or refuses naming it', async () => {
    const cluster = path.join(await tempDataDir(), 'db');
    const holder = await startHolder(cluster);
    const [orphan] = await postgresPids(cluster);
    // Kill the holder, the watchdog and its pipe reader together, so nothing tells postgres to stop.
    const watchdog = await parentOf(orphan!);
    for (const pid of await childrenOf(watchdog)) if (pid !== orphan) process.kill(pid, 'SIGKILL');
    process.kill(watchdog, 'SIGKILL');
    holder.kill('SIGKILL');
    await new Promise((r) => setTimeout(r, 500));
    expect(await postgresPids(cluster)).toEqual([orphan]);

    await expect(
      startEmbeddedPostgres({ dataDir: cluster, durable: false, leftoverWaitMs: 1_000 }),
    ).rejects.toThrow(new RegExp(`PostgreSQL server \\(pid ${orphan}\\).*kill -INT ${orphan}`));
    // Still running and untouched.
    expect(await postgresPids(cluster)).toEqual([orphan]);

    // One that stops while we wait (as a watchdog stops it after its owner died) is waited for.
    const starting = startEmbeddedPostgres({ dataDir: cluster, durable: false });
    setTimeout(() => process.kill(orphan!, 'SIGINT'), 500);
    const server = await starting;
    try {
      const pids = await postgresPids(cluster);
      expect(pids).toHaveLength(1);
      expect(pids).not.toContain(orphan);
      expect(await roundTrip(server.url, 'x')).toEqual(['x']);
    } finally {
      await server.stop();
    }
  }, 90_000);

  it('starts over an empty postmaster.pid and after an initdb that was cut short', async () => {
    const dataDir = await tempDataDir();
    const cluster = path.join(dataDir, 'db');
    // A cut-short first start: the init directory of a process now dead. An init
    // directory of a live process (not ours) is left alone.
    const dead = spawn(process.execPath, ['-e', '0']);
    await new Promise((r) => dead.once('exit', r));
    await fs.mkdir(path.join(`${cluster}.init-${dead.pid}`, 'base'), { recursive: true });
    const live = `${cluster}.init-${process.ppid}`;
    await fs.mkdir(live);
    const first = await startEmbeddedPostgres({ dataDir: cluster, durable: false });
    expect(await roundTrip(first.url, 'kept')).toEqual(['kept']);
    await first.stop();
    expect((await fs.readdir(dataDir)).filter((n) => n.includes('.init-'))).toEqual([
      path.basename(live),
    ]);

    // What a power cut right after a start can leave: a 0-byte pid file.
    await fs.writeFile(path.join(cluster, 'postmaster.pid'), '');
    const second = await startEmbeddedPostgres({ dataDir: cluster, durable: false });
    try {
      expect(await roundTrip(second.url, 'more')).toEqual(['kept', 'more']);
    } finally {
      await second.stop();
    }
  }, 90_000);

  it('stops on a cluster it cannot read, or files it did not make, and deletes nothing', async () => {
    const dataDir = await tempDataDir();
    const cluster = path.join(dataDir, 'db');
    await fs.mkdir(path.join(cluster, 'base'), { recursive: true });
    await fs.writeFile(path.join(cluster, 'base', 'precious'), 'data');
    const precious = path.join(cluster, 'base', 'precious');

    // An unreadable PG_VERSION (a directory reads as EISDIR, also as root).
    await fs.mkdir(path.join(cluster, 'PG_VERSION'));
    await expect(startEmbeddedPostgres({ dataDir: cluster, durable: false })).rejects.toThrow(
      /Could not read .*PG_VERSION \(EISDIR\); nothing was changed/,
    );
    expect(await fs.readFile(precious, 'utf8')).toBe('data');

    // An empty one.
    await fs.rmdir(path.join(cluster, 'PG_VERSION'));
    await fs.writeFile(path.join(cluster, 'PG_VERSION'), '');
    await expect(startEmbeddedPostgres({ dataDir: cluster, durable: false })).rejects.toThrow(
      /PG_VERSION is empty.*nothing was changed/,
    );
    expect(await fs.readFile(precious, 'utf8')).toBe('data');

    // None at all, beside files: not a cut-short start of ours (those never reach db/).
    await fs.rm(path.join(cluster, 'PG_VERSION'));
    await expect(startEmbeddedPostgres({ dataDir: cluster, durable: false })).rejects.toThrow(
      /holds files but no PostgreSQL cluster.*Move it aside/,
    );
    expect(await fs.readFile(precious, 'utf8')).toBe('data');
    expect((await fs.readdir(dataDir)).sort()).toEqual(['db']);
  });

  it('refuses a cluster of another PostgreSQL version with a message that says what to do', async () => {
    const cluster = path.join(await tempDataDir(), 'db');
    await fs.mkdir(cluster, { recursive: true });
    await fs.writeFile(path.join(cluster, 'PG_VERSION'), '12\n');
    await expect(startEmbeddedPostgres({ dataDir: cluster, durable: false })).rejects.toThrow(
      /PostgreSQL 12 cluster.*Move it aside/,
    );
  });
});
