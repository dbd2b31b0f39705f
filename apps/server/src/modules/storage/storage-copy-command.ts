/**
 * `npm run admin -- storage copy --to s3` (admin.ts): fills the S3 bucket of the S3_* settings
 * with DATA_DIR's uploads, each copy read back and checked, before the operator switches
 * STORAGE to s3 (docs/operations.md "Moving uploads to S3"). It never switches anything itself
 * and never deletes: the local files stay until the operator removes them.
 */
import fs from 'node:fs/promises';
import type { Config } from '../../env.ts';
import { DataDirInUseError, lockDataDir } from '../../db/data-dir-lock.ts';
import { AdminCommandError } from '../auth/admin-command.ts';
import { LocalDiskBackend, uploadsDirOf } from './local-disk-backend.ts';
import { S3Backend } from './s3-backend.ts';
import { copyStorage, type CopyReport, keysOnlyIn, StorageCopyError } from './storage-copy.ts';
import { s3SettingsFrom, type S3Settings } from './storage.env.ts';

export const STORAGE_USAGE = [
  'Usage: npm run admin -- storage copy --to s3',
  '  copies the uploads in DATA_DIR to the S3 bucket of the S3_* settings and checks each copy',
].join('\n');

/** Keys of the bucket that are not in DATA_DIR named in the output; the rest are counted. */
const EXTRA_KEYS_SHOWN = 20;

/** A progress line at most every this many files … */
const PROGRESS_EVERY_FILES = 100;
/** … or after this long, whichever comes first (ms): a large file alone takes a while. */
const PROGRESS_EVERY_MS = 5_000;

/** Who else is using DATA_DIR, as far as this command can tell. */
type Neighbour =
  | { kind: 'none' }
  | { kind: 'holder'; who: string }
  /** With DATABASE_URL a server takes no lock on DATA_DIR: whether one runs is unknown. */
  | { kind: 'unknown' };

/** Runs `storage …` (the arguments after `storage`); refusals are AdminCommandError. */
export async function runStorageCommand(
  args: readonly string[],
  config: Config,
  out: (line: string) => void,
): Promise<void> {
  if (args.length !== 3 || args[0] !== 'copy' || args[1] !== '--to' || args[2] !== 's3') {
    const given = args.length > 0 ? `"storage ${args.join(' ')}"` : '"storage"';
    throw new AdminCommandError(`Unknown command ${given}.\n${STORAGE_USAGE}`, 2);
  }
  if (config.STORAGE === 's3') {
    throw new AdminCommandError(
      'Uploads are already in S3 (STORAGE=s3): there is nothing to copy. To copy the local files ' +
        'of DATA_DIR, run this with STORAGE=local (or unset), as the server had it before.',
    );
  }
  const settings = s3SettingsFrom(config);
  if ('missing' in settings) {
    const names = settings.missing.join(', ');
    throw new AdminCommandError(
      `Cannot copy to S3: ${names} ${settings.missing.length > 1 ? 'are' : 'is'} not set. Set ` +
        `${names} in .env (or the environment) as the server will have them, then run this again.`,
    );
  }
  const uploads = uploadsDirOf(config.DATA_DIR);
  if (!(await fs.stat(uploads).catch(() => null))?.isDirectory()) {
    throw new AdminCommandError(
      `There is no uploads folder in DATA_DIR (${uploads}): is DATA_DIR the server's? If nothing ` +
        'was ever uploaded there is nothing to copy: set STORAGE=s3 in .env and restart the server.',
    );
  }

  const neighbour = await neighbourOf(config);
  if (neighbour.kind === 'holder') {
    out(
      `Warning: ${neighbour.who} is using DATA_DIR. Files uploaded while this copy runs are not ` +
        'copied: before switching, stop the server and run this command again (the second run ' +
        'copies only what is missing or changed).',
    );
  } else if (neighbour.kind === 'unknown') {
    out(
      'Note: with DATABASE_URL a running server does not lock DATA_DIR, so this command cannot ' +
        'tell whether one is up. Files uploaded while this copy runs are not copied: before ' +
        'switching, stop every server and run this command again (it copies only what is missing ' +
        'or changed).',
    );
  }

  const local = await LocalDiskBackend.open(config.DATA_DIR);
  const bucket = await openBucket(settings, config.DATA_DIR);
  out(`Copying ${uploads} to ${describeBucket(settings)} …`);
  let report: CopyReport;
  let extra: string[];
  try {
    report = await copyStorage(local, bucket, { onProgress: progressPrinter(out) });
    extra = await keysOnlyIn(bucket, local);
  } catch (err) {
    if (!(err instanceof StorageCopyError)) throw err;
    throw new AdminCommandError(
      `${err.message}\nBefore it: ${counts(err.report)}. Nothing was switched: uploads are still ` +
        'served from DATA_DIR. Fix the cause and run this again; what is already in the bucket is ' +
        'checked, not copied again.',
    );
  } finally {
    bucket.close();
  }

  const checked = report.copied + report.alreadyThere + report.vanished;
  out(`Done: ${plural(checked, 'file')} checked, ${counts(report)}.`);
  out(
    'Each copy was read back from the bucket and matched its local file (size and SHA-256); ' +
      'files already there were compared the same way.',
  );
  if (extra.length > 0) {
    out(
      `Warning: ${plural(extra.length, 'file')} in the bucket ${extra.length === 1 ? 'is' : 'are'} ` +
        'not in DATA_DIR (removed here after an earlier run copied them, or put in the bucket ' +
        'otherwise). Once STORAGE=s3 they would be served again; this command never deletes, so ' +
        'remove them from the bucket if they should stay deleted:',
    );
    for (const key of extra.slice(0, EXTRA_KEYS_SHOWN)) out(`  ${key}`);
    if (extra.length > EXTRA_KEYS_SHOWN) out(`  … and ${extra.length - EXTRA_KEYS_SHOWN} more`);
  }
  if (neighbour.kind === 'none') {
    out('To switch: set STORAGE=s3 in .env (keep the S3_* settings), then restart the server.');
  } else {
    out('To switch:');
    out('  1. Stop the server.');
    out('  2. Run this command again: it copies only what is missing or changed.');
    out('  3. Set STORAGE=s3 in .env (keep the S3_* settings), then start the server.');
  }
  out(
    `The local files stay in ${uploads} until you remove them; once STORAGE=s3 the server no ` +
      'longer reads them.',
  );
}

/**
 * Whether a server holds DATA_DIR's lock (db/data-dir-lock.ts). Only checked: a lock this
 * command got is let go at once, so a server may start, or keep running, while it copies.
 */
async function neighbourOf(config: Config): Promise<Neighbour> {
  if (config.DATABASE_URL) return { kind: 'unknown' };
  try {
    (await lockDataDir(config.DATA_DIR, 'admin')).release();
    return { kind: 'none' };
  } catch (err) {
    if (!(err instanceof DataDirInUseError)) throw err;
    const pid = err.pid ?? 'unknown';
    const who =
      err.holder === 'admin'
        ? `another npm run admin command (pid ${pid})`
        : `a running Codewright server (pid ${pid})`;
    return { kind: 'holder', who };
  }
}

/** S3Backend.open checks the bucket with one request: its failure names what to fix. */
async function openBucket(settings: S3Settings, dataDir: string): Promise<S3Backend> {
  try {
    return await S3Backend.open(settings, dataDir);
  } catch (err) {
    const reason = (err instanceof Error ? err.message : String(err)).replace(/\.$/, '');
    throw new AdminCommandError(
      `Cannot use ${describeBucket(settings)}: ${reason}. Check S3_ENDPOINT, S3_BUCKET, ` +
        'S3_REGION and the keys, then run this again. Nothing was copied.',
    );
  }
}

function describeBucket(settings: S3Settings): string {
  const where = settings.endpoint ?? `AWS S3, ${settings.region}`;
  return `the S3 bucket "${settings.bucket}" (${where})`;
}

/** A line every PROGRESS_EVERY_FILES files or PROGRESS_EVERY_MS, whichever comes first. */
function progressPrinter(out: (line: string) => void) {
  let files = 0;
  let last = Date.now();
  return ({ report }: { report: CopyReport }) => {
    files++;
    const now = Date.now();
    if (files % PROGRESS_EVERY_FILES !== 0 && now - last < PROGRESS_EVERY_MS) return;
    last = now;
    out(`  … ${plural(files, 'file')} so far: ${counts(report)}`);
  };
}

function counts(report: CopyReport): string {
  const parts = [
    `${report.copied} copied (${formatBytes(report.bytes)})`,
    `${report.alreadyThere} already there`,
  ];
  if (report.vanished > 0) parts.push(`${report.vanished} removed meanwhile (skipped)`);
  return parts.join(', ');
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

function formatBytes(bytes: number): string {
  if (bytes < 1024) return plural(bytes, 'byte');
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}
