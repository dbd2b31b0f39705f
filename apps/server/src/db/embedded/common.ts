/** What the embedded database's parts share: its errors, log, superuser, deadlines and child environment. */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import { promisify } from 'node:util';

export const run = promisify(execFile);

export const SUPERUSER = 'postgres';

/**
 * Root's own folder (root-owned, 0755) for what the user postgres must reach when root runs
 * Codewright: a copy of the binaries (binaries.ts) and relocated clusters (location.ts).
 */
export const SHARED_ROOT = '/var/lib/codewright';

/** Every wait here has a deadline (docs/decisions/034): stopping, and one connection attempt. */
export const STOP_TIMEOUT_MS = 30_000;

export const CONNECT_TIMEOUT_MS = 5_000;

export class EmbeddedPostgresError extends Error {
  override name = 'EmbeddedPostgresError';
}

export type Logger = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

export function postgresEnv(): NodeJS.ProcessEnv {
  // English messages whatever the machine's locale; nothing else from our environment matters.
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C', LANG: 'C' };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const exists = (file: string) =>
  fs.access(file).then(
    () => true,
    () => false,
  );

export { isAlive } from '../../lib/process-alive.ts';
