/**
 * The start rule of several instances on one PostgreSQL (docs/operations.md § PostgreSQL):
 * with DATABASE_URL this server may be one of N behind a load balancer, and an upload kept on
 * this machine's disk would be missing on the others. So STORAGE must be chosen, not defaulted:
 * `local` says DATA_DIR is on a disk every instance mounts, or that there is one instance; `s3` puts
 * uploads in a bucket every instance reaches.
 */
import type { Config } from '../../env.ts';
import { uploadsDirOf } from './local-disk-backend.ts';

/** Why the server must not start with this configuration (one line), or null when it may. */
export function storageStartRefusal(
  config: Pick<Config, 'DATABASE_URL' | 'STORAGE' | 'DATA_DIR'>,
): string | null {
  // The embedded database has one process (DATA_DIR's lock): nobody else could miss a file.
  if (!config.DATABASE_URL || config.STORAGE) return null;
  return (
    `DATABASE_URL is set, so this server may be one of several instances, and uploads would be ` +
    `kept in ${uploadsDirOf(config.DATA_DIR)} on this machine, where other instances would not ` +
    `see them. Set STORAGE=local if DATA_DIR is on a disk every instance mounts, or if this is ` +
    `the only instance; or STORAGE=s3 to keep them in an S3-compatible bucket.`
  );
}
