/**
 * A backup's `manifest.json`: what is in the folder, with a SHA-256 for every file, written last
 * so that a folder without one is a backup that did not finish (docs/operations.md § Backups).
 */
import { createHmac } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { digestOf } from '../../lib/hashing-stream.ts';

export const MANIFEST_FILE = 'manifest.json';
export const FORMAT = 'codewright-backup';
/** The secret file's name in the backup, as in DATA_DIR (lib/secret.ts). */
export const SECRET_FILE = 'secret';

const Sha256 = z.string().regex(/^[0-9a-f]{64}$/);
const RelativeFile = z
  .string()
  .min(1)
  .refine((f) => !path.isAbsolute(f) && !f.split('/').some((s) => s === '..' || s === ''), {
    message: 'not a path inside the backup',
  });

const ManifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  /** When the backup's moment was taken: every write acknowledged before it is in the backup. */
  takenAt: z.string(),
  appVersion: z.string(),
  database: z.object({
    kind: z.enum(['embedded', 'postgres']),
    serverVersion: z.string(),
    migrations: z.object({
      count: z.number().int().positive(),
      lastCreatedAt: z.number().int(),
      lastHash: z.string(),
    }),
    tables: z.array(
      z.object({
        name: z.string().min(1),
        columns: z.array(z.string().min(1)).min(1),
        rows: z.number().int().nonnegative(),
        file: RelativeFile,
        bytes: z.number().int().nonnegative(),
        sha256: Sha256,
      }),
    ),
  }),
  files: z.object({
    storage: z.enum(['local', 's3']),
    entries: z.array(
      z.object({
        key: RelativeFile.refine((k) => k.startsWith('uploads/'), { message: 'not an upload' }),
        bytes: z.number().int().nonnegative(),
        sha256: Sha256,
      }),
    ),
  }),
  /**
   * `file`: DATA_DIR/secret is in the backup; `env`: the server had JWT_SECRET, which is not
   * stored, only its fingerprint, so a restore can tell whether it is given the same one.
   */
  secret: z.discriminatedUnion('source', [
    z.object({ source: z.literal('file'), sha256: Sha256 }),
    z.object({ source: z.literal('env'), fingerprint: z.string() }),
  ]),
});

export type Manifest = z.infer<typeof ManifestSchema>;

/** A backup that cannot be used, with what to do about it. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}

/** Where a stored file's copy is in the backup. */
export const fileInBackup = (dir: string, key: string) => path.join(dir, 'files', key);

/** Tells secrets apart without keeping them: an HMAC of a fixed text under the secret. */
export function secretFingerprint(secret: string): string {
  return createHmac('sha256', secret)
    .update('codewright backup fingerprint')
    .digest('hex')
    .slice(0, 16);
}

export async function readManifest(dir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await fs.readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw new BackupError(
        `${dir} has no ${MANIFEST_FILE}: it is not a Codewright backup, or its backup did not finish. Use another backup.`,
      );
    }
    throw err;
  }
  let parsed: z.ZodSafeParseResult<Manifest>;
  try {
    parsed = ManifestSchema.safeParse(JSON.parse(text));
  } catch {
    throw new BackupError(`${path.join(dir, MANIFEST_FILE)} is not JSON: the backup is damaged.`);
  }
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BackupError(
      `${path.join(dir, MANIFEST_FILE)} is not a manifest this version reads (${issue.path.join('.')}: ${issue.message}).`,
    );
  }
  return parsed.data;
}

export const sha256OfFile = (file: string) => digestOf(createReadStream(file));

/**
 * Checks every file the manifest names against its size and SHA-256, before anything is
 * restored; a damaged or missing one is named.
 */
export async function verifyBackup(dir: string, manifest: Manifest): Promise<void> {
  const expected = [
    ...manifest.database.tables.map((t) => ({ file: t.file, bytes: t.bytes, sha256: t.sha256 })),
    ...manifest.files.entries.map((e) => ({
      file: path.relative(dir, fileInBackup(dir, e.key)),
      bytes: e.bytes,
      sha256: e.sha256,
    })),
    ...(manifest.secret.source === 'file'
      ? [{ file: SECRET_FILE, bytes: undefined, sha256: manifest.secret.sha256 }]
      : []),
  ];
  for (const entry of expected) {
    const actual = await sha256OfFile(path.join(dir, entry.file)).catch((err: unknown) => {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    });
    if (!actual) throw new BackupError(`${entry.file} is missing from the backup in ${dir}.`);
    if (
      actual.sha256 !== entry.sha256 ||
      (entry.bytes !== undefined && actual.bytes !== entry.bytes)
    ) {
      throw new BackupError(
        `${entry.file} in ${dir} does not match its checksum in ${MANIFEST_FILE}: the backup is damaged. Use another backup.`,
      );
    }
  }
}
