import type { z } from 'zod';
import { NetworkError } from './errors.ts';
import type * as ResponseSchemas from './response-schemas.ts';

type Schemas = typeof ResponseSchemas;
export type SchemaName = {
  [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never;
}[keyof Schemas];
type Output<K extends SchemaName> = z.output<Schemas[K]>;

let schemas: Promise<Schemas> | undefined;

/**
 * The schemas module, fetched the first time an answer needs checking (never before a page has
 * talked to the server). In a browser zod's JIT is switched off first: it probes `new Function`,
 * which our CSP (no 'unsafe-eval') reports as a violation.
 */
function loadSchemas(): Promise<Schemas> {
  return (schemas ??= import('./response-schemas.ts').then((m) => {
    if (typeof window !== 'undefined') m.disableSchemaJit();
    return m;
  }));
}

/** Starts loading the schemas now, for a check that must not wait later (an OAuth popup's answer). */
export function preloadSchemas(): void {
  void loadSchemas();
}

async function check<K extends SchemaName>(name: K, data: unknown) {
  const schema = (await loadSchemas())[name] as unknown as z.ZodType<Output<K>>;
  return schema.safeParse(data);
}

/** Checks data against a contract schema: the parsed value, or null when it does not match. */
export async function matchSchema<K extends SchemaName>(
  name: K,
  data: unknown,
): Promise<Output<K> | null> {
  const result = await check(name, data);
  return result.success ? result.data : null;
}

/** Checks a server answer against its contract schema; a mismatch is a NETWORK_ERROR (SPEC §8.1). */
export async function parseResponse<K extends SchemaName>(
  name: K,
  body: unknown,
): Promise<Output<K>> {
  const result = await check(name, body);
  if (!result.success) {
    throw new NetworkError({ code: 'NETWORK_ERROR', status: null, cause: result.error });
  }
  return result.data;
}
