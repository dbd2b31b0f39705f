/**
 * The built server (apps/server/dist) as the durability tests run it: a child process on its
 * own DATA_DIR and embedded PostgreSQL, reached over real HTTP. `npm test` builds it first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { readLocation } from '../db/embedded/location.ts';

export const SERVER_JS = fileURLToPath(new URL('../../dist/server.js', import.meta.url));

/** A fresh DATA_DIR's folder, which the user postgres runs as (as root) may enter. */
export async function durableDataDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.chmod(dir, 0o755);
  return dir;
}

/** The environment of a built server on `dataDir`, listening on a free port. */
export function builtServerEnv(dataDir: string): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    RATE_LIMIT_MAX: '1000000',
  };
}

/**
 * Spawns `node args` with `env` and resolves once it says it listens: its child, URL and its
 * output (stdout and stderr), read as it grows.
 */
export async function spawnListening(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ child: ChildProcess; url: string; output: () => string }> {
  const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${out}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /Codewright listening on (http:\/\/[\d.]+:\d+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}:\n${out}`)));
  });
  return { child, url, output: () => out };
}

/**
 * Starts the built server on `dataDir`, listed in `children` if given (for a test's clean-up);
 * resolves with its child, URL, output so far and HTTP client once it listens.
 */
export async function startBuiltServer(
  dataDir: string,
  children: ChildProcess[] = [],
): Promise<{ child: ChildProcess; url: string; output: string; http: HttpClient }> {
  const { child, url, output } = await spawnListening([SERVER_JS], builtServerEnv(dataDir));
  children.push(child);
  return { child, url, output: output(), http: httpClient(url) };
}

/** Sends `signal` to `child` unless it has ended already; resolves with its exit code once it has. */
export function stopChild(
  child: ChildProcess,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  child.kill(signal);
  return exited;
}

/**
 * Runs `node args` (by default a second built server) on DATA_DIR `dataDir` until it exits
 * (killed after 30 s), listed in `children` meanwhile: how it ended, what it said on stderr and
 * how long it took.
 */
export async function runToExit(
  dataDir: string,
  children: ChildProcess[],
  args: string[] = [SERVER_JS],
  cwd?: string,
): Promise<{ code: number | null; stderr: string; ms: number }> {
  const started = Date.now();
  const child = spawn(process.execPath, args, {
    env: builtServerEnv(dataDir),
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let stderr = '';
  child.stdout!.resume();
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  clearTimeout(timer);
  return { code, stderr, ms: Date.now() - started };
}

/** One JSON call over HTTP; the body is null when the answer is not JSON. */
async function httpCall(base: string, method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as unknown };
}

export type HttpClient = ReturnType<typeof httpClient>;

/** The calls the durability tests make on a running server at `base`, over real HTTP. */
export function httpClient(base: string) {
  return {
    /** One JSON call; the body is null when the answer is not JSON. */
    call: (method: string, url: string, body?: unknown, token?: string) =>
      httpCall(base, method, url, body, token),

    /** Signs up `email` (expects 201). */
    async signUp(email: string, password: string) {
      const res = await httpCall(base, 'POST', '/api/auth/signup', { email, password });
      expect(res.status).toBe(201);
    },

    /** Signs `email` in (expects 200); resolves with the access token. */
    async signIn(email: string, password: string) {
      const res = await httpCall(base, 'POST', '/api/auth/signin/email', { email, password });
      expect(res.status).toBe(200);
      return (res.body as { access_token: string }).access_token;
    },

    /** Creates a project through db REST; the answer (201 when acknowledged). */
    createProject: (token: string, project: Record<string, string>) =>
      httpCall(base, 'POST', '/api/db/codewright/rest/v1/projects', project, token),

    /** One column of every project `token`'s user reads through db REST (expects 200). */
    async projectColumn(token: string, column: 'id' | 'name') {
      const path = `/api/db/codewright/rest/v1/projects?select=${column}`;
      const list = await httpCall(base, 'GET', path, undefined, token);
      expect(list.status).toBe(200);
      return (list.body as Record<typeof column, string>[]).map((r) => r[column]);
    },
  };
}

/** The postgres server of DATA_DIR's cluster (from its pid file), or undefined. */
export async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const cluster = (await readLocation(dataDir)) ?? path.join(dataDir, 'db');
  const text = await fs.readFile(path.join(cluster, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(text.split('\n')[0]);
  return pid > 0 ? pid : undefined;
}
