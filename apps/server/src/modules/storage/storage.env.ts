/**
 * Where uploads are kept (docs/operations.md § PostgreSQL, docs/decisions/005): `local` is
 * DATA_DIR/uploads; `s3` an S3-compatible bucket (AWS S3, or MinIO, Ceph, Garage at S3_ENDPOINT).
 * Spread into src/env.ts's one EnvSchema; `checkStorageEnv` runs on the whole parsed record.
 */
import { z } from 'zod';
import {
  blankIsUnset,
  booleanFlag,
  optionalString,
  optionalUrlWith,
} from '../../lib/env-fields.ts';

export const STORAGE_ENV = {
  // With DATABASE_URL it must be set, so that several instances never each keep their own
  // uploads (modules/storage/storage-start-rule.ts).
  STORAGE: z.preprocess(blankIsUnset, z.enum(['local', 's3']).optional()),
  // Unset: AWS S3 of S3_REGION. Set for another S3-compatible server.
  S3_ENDPOINT: optionalUrlWith('(the S3-compatible server, e.g. http://minio:9000)'),
  S3_BUCKET: optionalString,
  S3_REGION: z.preprocess(blankIsUnset, z.string().default('us-east-1')),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  // Bucket in the path (http://host/bucket/key), as most self-hosted servers want.
  S3_FORCE_PATH_STYLE: booleanFlag,
};

/** The settings STORAGE=s3 cannot go without. */
const REQUIRED_WITH_S3 = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** Names each S3 setting that STORAGE=s3 needs and that is missing (one issue each). */
export function checkStorageEnv(
  env: { STORAGE?: 'local' | 's3' } & Partial<Record<(typeof REQUIRED_WITH_S3)[number], string>>,
  ctx: z.RefinementCtx,
): void {
  if (env.STORAGE !== 's3') return;
  for (const name of REQUIRED_WITH_S3) {
    if (!env[name])
      ctx.addIssue({ code: 'custom', path: [name], message: 'required with STORAGE=s3' });
  }
}

/** The bucket and how to reach it (S3Backend), from a parsed configuration with STORAGE=s3. */
export interface S3Settings {
  endpoint?: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: boolean;
}

/** The S3_* fields of a parsed configuration (STORAGE aside). */
interface S3Fields {
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
}

/** The S3 settings of a configuration, or null when uploads stay on the local disk. */
export function s3SettingsOf(config: { STORAGE?: 'local' | 's3' } & S3Fields): S3Settings | null {
  if (config.STORAGE !== 's3') return null;
  const settings = s3SettingsFrom(config);
  // checkStorageEnv refused a configuration without these: only a Config made by hand lands here.
  if ('missing' in settings) throw new Error(`STORAGE=s3 without ${settings.missing.join(', ')}`);
  return settings;
}

/**
 * The S3 settings of the S3_* fields whatever STORAGE says — `storage copy --to s3` fills the
 * bucket while uploads are still local — or the names of the required ones that are missing.
 */
export function s3SettingsFrom(config: S3Fields): S3Settings | { missing: string[] } {
  const missing = REQUIRED_WITH_S3.filter((name) => !config[name]);
  if (missing.length > 0) return { missing };
  return {
    endpoint: config.S3_ENDPOINT,
    bucket: config.S3_BUCKET!,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}
