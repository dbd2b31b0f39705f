/**
 * The built server (apps/server/dist) as the durability tests run it: a child process on its
 * own DATA_DIR and embedded PostgreSQL, reached over real HTTP. `npm test` builds it first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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

/** Starts the built server on `dataDir`; resolves with its child, URL and output so far once it listens. */
export async function startBuiltServer(
  dataDir: string,
): Promise<{ child: ChildProcess; url: string; output: string }> {
  const child = spawn(process.execPath, [SERVER_JS], {
    env: builtServerEnv(dataDir),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
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
  return { child, url, output: out };
}

/** One JSON call over HTTP; the body is null when the answer is not JSON. */
export async function httpCall(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
) {
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

/** The postgres server of DATA_DIR's cluster (from its pid file), or undefined. */
export async function postmasterPid(dataDir: string): Promise<number | undefined> {
  const cluster = (await readLocation(dataDir)) ?? path.join(dataDir, 'db');
  const text = await fs.readFile(path.join(cluster, 'postmaster.pid'), 'utf8').catch(() => '');
  const pid = Number(text.split('\n')[0]);
  return pid > 0 ? pid : undefined;
}
