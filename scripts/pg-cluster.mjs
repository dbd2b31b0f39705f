#!/usr/bin/env node
// Starts a throwaway PostgreSQL cluster from the machine's PostgreSQL binaries on a
// free loopback port, for the API suite. Run directly, it starts one and prints its URL
// until Ctrl+C.
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
} from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PG_INSTALL_HINT = 'PostgreSQL not found: apt-get install -y postgresql';

function isExecutable(path) {
  try {
    execFileSync('test', ['-x', path]);
    return true;
  } catch {
    return false;
  }
}

/** The folder holding initdb, pg_ctl and postgres: PATH first, then the newest /usr/lib/postgresql/N/bin. */
export function findPgBinDir({
  pathVar = process.env.PATH ?? '',
  base = '/usr/lib/postgresql',
} = {}) {
  const has = (dir) => ['initdb', 'pg_ctl', 'postgres'].every((b) => isExecutable(join(dir, b)));
  for (const dir of pathVar.split(delimiter).filter(Boolean)) {
    const initdb = join(dir, 'initdb');
    if (!existsSync(initdb)) continue;
    // Debian links some of them into PATH; use the real folder so all three match.
    const real = dirname(realpathSync(initdb));
    if (has(real)) return real;
    if (has(dir)) return dir;
  }
  if (existsSync(base)) {
    const versions = readdirSync(base)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) {
      const dir = join(base, v, 'bin');
      if (has(dir)) return dir;
    }
  }
  return undefined;
}

/** A port that was free on 127.0.0.1 a moment ago. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolvePort(port));
    });
  });
}

function canConnect(port) {
  return new Promise((done) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      done(true);
    });
    socket.once('error', () => done(false));
  });
}

const shellQuote = (s) => `'${String(s).replaceAll("'", `'\\''`)}'`;

/**
 * Starts a fresh cluster (trust auth, fsync off) and resolves to `{ url, port, dataDir, stop }`.
 * As root, initdb and pg_ctl run as the `postgres` user (initdb refuses root).
 * `stop()` is synchronous and idempotent; the cluster is also stopped on exit, SIGINT and SIGTERM.
 */
export async function startPgCluster({ log = () => {} } = {}) {
  const bin = findPgBinDir();
  if (!bin) throw new Error(PG_INSTALL_HINT);

  const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  let pgUid;
  let pgGid;
  if (asRoot) {
    try {
      pgUid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      pgGid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    } catch {
      throw new Error(
        'Running as root but there is no "postgres" user to run PostgreSQL as: apt-get install -y postgresql',
      );
    }
  }

  const dir = mkdtempSync(join(tmpdir(), 'codewright-pg-'));
  const dataDir = join(dir, 'data');
  const logFile = join(dir, 'postgres.log');
  if (asRoot) chownSync(dir, pgUid, pgGid);

  // Runs a PostgreSQL tool, as the postgres user when we are root.
  const run = (tool, args, { check = true } = {}) => {
    const argv = [join(bin, tool), ...args];
    const result = asRoot
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', argv.map(shellQuote).join(' ')], {
          cwd: dir,
          encoding: 'utf8',
        })
      : spawnSync(argv[0], argv.slice(1), { cwd: dir, encoding: 'utf8' });
    if (check && (result.error || result.status !== 0)) {
      let detail = `${result.stderr ?? ''}${result.stdout ?? ''}`.trim();
      if (existsSync(logFile)) detail += `\n${readFileSync(logFile, 'utf8').trim()}`;
      throw new Error(
        `${tool} failed (${result.error?.message ?? `exit code ${result.status}`}):\n${detail.slice(-4000)}`,
      );
    }
    return result;
  };

  let stopped = false;
  let started = false;
  const onSignal = (signal) => {
    stop();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  function stop() {
    if (stopped) return;
    stopped = true;
    process.off('exit', stop);
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    if (started) run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'], { check: false });
    rmSync(dir, { recursive: true, force: true });
  }
  process.on('exit', stop);
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  try {
    const port = await freePort();
    log(`PostgreSQL: initdb in ${dataDir} (${bin})`);
    run('initdb', [
      '-D',
      dataDir,
      '-A',
      'trust',
      '-U',
      'postgres',
      '-E',
      'UTF8',
      '--locale=C',
      '--no-sync',
    ]);
    const options = [
      '-c listen_addresses=127.0.0.1',
      `-p ${port}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=200',
      `-k ${dir}`,
    ].join(' ');
    started = true;
    run('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', options, '-w', '-t', '60', 'start']);
    const deadline = Date.now() + 30_000;
    while (!(await canConnect(port))) {
      if (Date.now() > deadline)
        throw new Error(`PostgreSQL did not accept connections on port ${port}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
    log(`PostgreSQL: ready at ${url}`);
    return { url, port, dataDir, stop };
  } catch (err) {
    stop();
    throw err;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const { url } = await startPgCluster({ log: console.log });
    console.log(`TEST_DATABASE_URL=${url}  (Ctrl+C stops and removes it)`);
    setInterval(() => {}, 1 << 30);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
    process.exit(1);
  }
}
