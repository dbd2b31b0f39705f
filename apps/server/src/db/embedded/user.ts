/** Choosing the user postgres runs as: ourselves, or as root the unprivileged system user `postgres`. */
import fs from 'node:fs/promises';
import type { Binaries } from './binaries.ts';
import { EmbeddedPostgresError, type Logger, run, SUPERUSER } from './common.ts';

export type RunAs = { kind: 'self' } | RunAsUser;

export interface RunAsUser {
  kind: 'user';
  uid: number;
  gid: number;
}

async function idOf(user: string): Promise<{ uid: number; gid: number } | undefined> {
  try {
    const [u, g] = await Promise.all([run('id', ['-u', user]), run('id', ['-g', user])]);
    return { uid: Number(u.stdout.trim()), gid: Number(g.stdout.trim()) };
  } catch {
    return undefined;
  }
}

/** How to start postgres from this process: as ourselves unless we are root, then as `postgres`. */
export async function chooseRunAs(log: Logger): Promise<RunAs> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return { kind: 'self' };
  let user = await idOf(SUPERUSER);
  if (!user) {
    log('info', 'embedded database: creating the system user "postgres" to run PostgreSQL as');
    await run('useradd', [
      '--system',
      '--user-group',
      '--no-create-home',
      '--shell',
      '/usr/sbin/nologin',
      SUPERUSER,
    ]).catch((err: Error) => {
      throw new EmbeddedPostgresError(
        `Running as root, PostgreSQL needs a non-root user and none could be made (${err.message.split('\n')[0]}). Run Codewright as a normal user, or set DATABASE_URL.`,
      );
    });
    user = await idOf(SUPERUSER);
  }
  if (!user)
    throw new EmbeddedPostgresError('Could not find the "postgres" user after creating it.');
  if (user.uid === 0)
    throw new EmbeddedPostgresError(
      'The system user "postgres" has uid 0, so PostgreSQL would run as root. Give it a uid of its own, or run Codewright as a normal user.',
    );
  return { kind: 'user', ...user };
}

/** True when `user` may enter `folder` and run `program`. */
export async function canReach(user: RunAsUser, folder: string, program: string): Promise<boolean> {
  try {
    await run('/bin/sh', ['-c', 'cd "$1" && test -x "$2"', 'reach', folder, program], {
      uid: user.uid,
      gid: user.gid,
    });
    return true;
  } catch {
    return false;
  }
}

/**
 * As root, postgres runs as another user, who must be able to enter every folder above the
 * cluster (a DATA_DIR under /root, mode 0700, is closed to it).
 */
export async function assertReachable(runAs: RunAs, folder: string, bins: Binaries): Promise<void> {
  if (runAs.kind !== 'user') return;
  // DATA_DIR itself (ours): others may enter it, not list it; what is in it keeps its modes.
  const mode = (await fs.stat(folder)).mode & 0o7777;
  if ((mode & 0o001) === 0) await fs.chmod(folder, mode | 0o001);
  if (!(await canReach(runAs, folder, bins.postgres))) {
    throw new EmbeddedPostgresError(
      `Running as root, PostgreSQL runs as the user "${SUPERUSER}" (uid ${runAs.uid}), which cannot enter ${folder}: a folder above it is closed to other users. Set DATA_DIR to a folder others may enter (such as /srv/codewright), run Codewright as a normal user, or set DATABASE_URL.`,
    );
  }
}

export function spawnOptions(runAs: RunAs) {
  return runAs.kind === 'user' ? { uid: runAs.uid, gid: runAs.gid } : {};
}

/** Recursively gives `dir` to the postgres user (running as root). */
export async function chownTree(dir: string, user: RunAsUser): Promise<void> {
  const st = await fs.stat(dir);
  if (st.uid === user.uid) return;
  await run('chown', ['-R', `${user.uid}:${user.gid}`, dir]);
}
