import type { z } from 'zod';
import { NetworkError } from './errors.ts';

/** Checks a server answer against its contract schema; a mismatch is a NETWORK_ERROR (SPEC §8.1). */
export function parseResponse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) {
    throw new NetworkError({ code: 'NETWORK_ERROR', status: null, cause: result.error });
  }
  return result.data;
}
