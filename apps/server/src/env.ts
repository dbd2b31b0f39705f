import path from 'node:path';
import { z } from 'zod';
import {
  ANALYTICS_RATE_LIMIT_DEFAULT,
  CTA_INSERT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_APP_PROJECT_ID,
  REALTIME_HEARTBEAT_MS,
  SIGNIN_FAILURE_LIMIT_DEFAULT,
  SIGNIN_FAILURE_WINDOW_MINUTES_DEFAULT,
} from '@codewright/contract';
import { DEFAULT_WEB_DIST_DIR } from './paths.ts';
import { ACCOUNT_ENV } from './modules/auth/account.env.ts';
import { LIMITS_ENV } from './lib/limits.env.ts';
import { blankIsUnset, booleanFlag, optionalString, positiveInt } from './lib/env-fields.ts';
import { AI_CAPABILITIES_ENV } from './modules/ai/ai-capabilities.env.ts';
import { DATA_ENV } from './modules/data-services/data.env.ts';
import { INTEGRATIONS_ENV } from './modules/integrations/integrations.env.ts';
import { checkStorageEnv, STORAGE_ENV } from './modules/storage/storage.env.ts';

/**
 * TRUST_PROXY follows Fastify's `trustProxy`: `true`/`false`, a hop count,
 * or a comma-separated list of addresses/CIDRs.
 */
const trustProxy = z
  .preprocess(blankIsUnset, z.string().optional())
  .transform((v): boolean | number | string[] => {
    if (v === undefined || v === 'false' || v === '0') return false;
    if (v === 'true') return true;
    if (/^\d+$/.test(v)) return Number(v);
    return v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  });

const EnvFields = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.preprocess(blankIsUnset, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: optionalString.default('127.0.0.1'),
  DATA_DIR: optionalString.default('./data'),
  DATABASE_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  // STORAGE (local or s3) and the bucket's S3_* settings (docs/operations.md § PostgreSQL).
  ...STORAGE_ENV,
  APP_PROJECT_ID: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ and - only')
      .default(DEFAULT_APP_PROJECT_ID),
  ),
  AI_PROVIDER: z.preprocess(
    blankIsUnset,
    z.enum(['openai', 'anthropic', 'openai-compatible', 'ollama']).optional(),
  ),
  AI_BASE_URL: z.preprocess(blankIsUnset, z.url().optional()),
  AI_API_KEY: optionalString,
  AI_MODEL_BASIC: optionalString,
  AI_MODEL_ADVANCED: optionalString,
  OPENAI_API_KEY: optionalString,
  ANTHROPIC_API_KEY: optionalString,
  JWT_SECRET: z.preprocess(
    blankIsUnset,
    z.string().min(32, 'must be at least 32 characters').optional(),
  ),
  LOG_LEVEL: z.preprocess(
    blankIsUnset,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  SIGNIN_FAILURE_LIMIT: positiveInt(SIGNIN_FAILURE_LIMIT_DEFAULT),
  // Minutes; fractions allowed so tests can use a window of a second or two.
  SIGNIN_FAILURE_WINDOW_MINUTES: z.preprocess(
    blankIsUnset,
    z.coerce.number().positive().default(SIGNIN_FAILURE_WINDOW_MINUTES_DEFAULT),
  ),
  RATE_LIMIT_MAX: positiveInt(300),
  // Where the per-IP limits count: `postgres` (shared by every instance on the database) or
  // `memory` (this process); unset, postgres with DATABASE_URL and memory without (parseEnv).
  RATE_LIMIT_STORE: z.preprocess(blankIsUnset, z.enum(['memory', 'postgres']).optional()),
  // Analytics log requests per client IP per minute (a tighter limit on that one route).
  ANALYTICS_RATE_LIMIT_MAX: positiveInt(ANALYTICS_RATE_LIMIT_DEFAULT),
  // CTA interaction inserts per client IP per minute (visitors may post them anonymously).
  CTA_RATE_LIMIT_MAX: positiveInt(CTA_INSERT_RATE_LIMIT_PER_MINUTE),
  // How long an authenticated request may reuse the loaded user/session (ms); 0 turns it off.
  SESSION_CACHE_MS: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(0).max(60_000).default(2000),
  ),
  // A realtime websocket that sends nothing for two of these (ms) is closed (SPEC §9: 25 s).
  REALTIME_HEARTBEAT_MS: positiveInt(REALTIME_HEARTBEAT_MS),
  TRUST_PROXY: trustProxy,
  WEB_DIST_DIR: optionalString.default(DEFAULT_WEB_DIST_DIR),
  SMTP_URL: z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
  ),
  MAIL_FROM: optionalString,
  REQUIRE_EMAIL_VERIFICATION: booleanFlag,
  // How long (ms) a db REST read may be answered from memory; writes in this process drop it at once.
  DB_READ_CACHE_MS: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(0).max(60_000).default(1000),
  ),
  // Comma-separated emails whose users are admins once verified (modules/auth/admin-role.ts).
  ADMIN_EMAILS: z
    .preprocess(blankIsUnset, z.string().optional())
    .transform((v) =>
      (v ?? '')
        .split(',')
        .map((e) => e.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email('each entry must be an email address'))),
  // PUBLIC_URL, auth rate limits, mail cap, GOOGLE_* and GITHUB_* (docs/decisions/006).
  ...ACCOUNT_ENV,
  // HTTP time-outs and AI stream limits (docs/operations.md § Time-outs and streams), and the
  // shutdown's drain deadline (§ Start and stop).
  ...LIMITS_ENV,
  // Per-capability AI servers and models (docs/operations.md § AI capabilities).
  ...AI_CAPABILITIES_ENV,
  // URL fetch caps and allow-list, screenshots, search (docs/operations.md § Data services).
  ...DATA_ENV,
  // Webhook delivery tries and waits (docs/operations.md § Webhooks).
  ...INTEGRATIONS_ENV,
});

// Settings that depend on others: STORAGE=s3 needs its bucket and keys.
const EnvSchema = EnvFields.superRefine(checkStorageEnv);

/** Validated server configuration; paths are absolute, defaults that depend on others resolved. */
export type Config = Omit<z.output<typeof EnvSchema>, 'RATE_LIMIT_STORE'> & {
  RATE_LIMIT_STORE: 'memory' | 'postgres';
};

/** Thrown when the environment is invalid; its message is the one line to print. */
export class ConfigError extends Error {}

/** Parses a raw environment record (process.env or a test's overrides) into a Config. */
export function parseEnv(source: Record<string, string | undefined>): Config {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const bad = result.error.issues.map((i) => `${i.path.join('.')} (${i.message})`);
    throw new ConfigError(`Invalid configuration: ${bad.join('; ')}. See .env.example.`);
  }
  const config = result.data;
  return {
    ...config,
    DATA_DIR: path.resolve(config.DATA_DIR),
    WEB_DIST_DIR: path.resolve(config.WEB_DIST_DIR),
    // Several instances can only share one external database; the embedded one has one process.
    RATE_LIMIT_STORE: config.RATE_LIMIT_STORE ?? (config.DATABASE_URL ? 'postgres' : 'memory'),
  };
}

/** Reads and validates process.env — the only place the server touches it. */
export function loadEnv(): Config {
  return parseEnv(process.env);
}
