/**
 * Custom integrations (Enterprise, SPEC §6; issue 49): API keys that script the API from CI.
 * The wire shapes of /api/integrations, shared by the server, the SDK and the web app.
 */
import { z } from 'zod';

/**
 * Every API key starts with this, so a leaked one is recognisable (secret scanners, logs).
 * The rest is 32 random bytes, base64url.
 */
export const API_KEY_PREFIX = 'cwk_';
/** How much of a key stays visible in lists: the prefix and the first 8 characters. */
export const API_KEY_VISIBLE_CHARS = API_KEY_PREFIX.length + 8;
export const API_KEY_NAME_MAX_LENGTH = 80;
/** Keys a workspace may hold at once (revoked and expired ones do not count). */
export const API_KEYS_PER_WORKSPACE_MAX = 50;
/** The longest a key may live; every key expires. */
export const API_KEY_MAX_DAYS = 365;

/** The locked-feature note of the upgrade dialog on a plan without custom integrations. */
export const CUSTOM_INTEGRATIONS_FEATURE = 'Custom integrations';

/** read: GET and HEAD only. write: every method the key's user may use. */
export const API_KEY_SCOPES = ['read', 'write'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  workspaceId: z.string(),
  /** The start of the key (`cwk_` and 8 characters), to tell keys apart. */
  start: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  /** The last request made with it (to the minute), or null. */
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.object({ keys: z.array(ApiKeySchema) });

export const CreateApiKeyBodySchema = z.strictObject({
  workspaceId: z.string().min(1, 'is required').max(200),
  name: z
    .string()
    .trim()
    .min(1, 'is required')
    .max(API_KEY_NAME_MAX_LENGTH, `must be at most ${API_KEY_NAME_MAX_LENGTH} characters`),
  scope: z.enum(API_KEY_SCOPES, { message: 'must be read or write' }),
  expiresInDays: z
    .number()
    .int('must be a whole number of days')
    .min(1, 'must be at least 1 day')
    .max(API_KEY_MAX_DAYS, `must be at most ${API_KEY_MAX_DAYS} days`),
});
export type CreateApiKeyBody = z.infer<typeof CreateApiKeyBodySchema>;

/** The answer to creating a key: the key itself, shown this once, and its record. */
export const CreatedApiKeySchema = z.object({ key: z.string(), apiKey: ApiKeySchema });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;

export const API_KEY_MESSAGES = {
  /** A key that was revoked or has expired (or was never one). */
  expired:
    'This API key is not valid: it was revoked, has expired or never existed. Create a new one in Settings → Integrations.',
  /** A key on the account or key routes. */
  notHere: 'An API key cannot be used here: sign in to manage your account and its keys.',
  /** A read key on a write. */
  readOnly:
    'This API key can only read. Create a key with the read and write scope to change data.',
  /** A key whose workspace left Enterprise, or a non-Enterprise workspace asking for one. */
  notInPlan:
    'Custom integrations (API keys and webhooks) are part of the Enterprise plan. Upgrade the workspace to use them.',
  /** Creating or listing keys of a workspace one does not own. */
  ownersOnly: 'Only the workspace owner can manage its integrations (API keys and webhooks).',
  tooMany: `A workspace can hold at most ${API_KEYS_PER_WORKSPACE_MAX} API keys; revoke one first.`,
} as const;
