/**
 * camelCase ↔ snake_case conversion (SPEC §3: camelCase in the SDK, snake_case
 * on the wire). Deep for plain objects and arrays; other values (Date, Blob,
 * class instances) pass through untouched, as do the values of non-plain keys.
 */

/** `userId` → `user_id`, `codeSnapshot` → `code_snapshot`. */
export function snakeCaseKey(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])([A-Z][a-z])/g, '$1_$2')
    .toLowerCase();
}

/** `user_id` → `userId`; leading underscores are kept (`_meta` stays). */
export function camelCaseKey(key: string): string {
  return key.replace(
    /([^_])_+([a-z0-9])/gi,
    (_m, before: string, c: string) => before + c.toUpperCase(),
  );
}

/** True for `{}`-style objects (prototype Object.prototype or null). */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[convert(key)] = convertKeys(inner, convert);
  return out;
}

/**
 * Deep-converts object keys to snake_case for the wire.
 * @example toSnake({ userId: 'u1', codeSnapshot: null }) // { user_id: 'u1', code_snapshot: null }
 */
export function toSnake<T = unknown>(value: unknown): T {
  return convertKeys(value, snakeCaseKey) as T;
}

/**
 * Deep-converts object keys to camelCase for callers.
 * @example toCamel({ created_at: '2025-01-01' }) // { createdAt: '2025-01-01' }
 */
export function toCamel<T = unknown>(value: unknown): T {
  return convertKeys(value, camelCaseKey) as T;
}
