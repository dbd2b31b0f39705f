/**
 * The shapes of environment variables, shared by src/env.ts and the `*.env.ts` parts spread into
 * its one EnvSchema. An empty string in a .env file means "not set", not "set to nothing".
 */
import { z } from 'zod';

export const blankIsUnset = (v: unknown) => (v === '' ? undefined : v);

export const optionalString = z.preprocess(blankIsUnset, z.string().optional());

/** An http(s) URL, or unset; `hint` is added to the error (e.g. which base the URL is). */
export const optionalUrlWith = (hint?: string) =>
  z.preprocess(
    blankIsUnset,
    z
      .string()
      .regex(/^https?:\/\/[^/\s]+/, `must be an http(s) URL${hint ? ` ${hint}` : ''}`)
      .optional(),
  );

/** An http(s) URL, or unset. */
export const optionalUrl = optionalUrlWith();

export const positiveNumber = (fallback: number) =>
  z.preprocess(blankIsUnset, z.coerce.number().positive().default(fallback));

export const positiveInt = (fallback: number) =>
  z.preprocess(blankIsUnset, z.coerce.number().int().positive().default(fallback));

/** `true`/`1` or `false`/`0`; unset is false. */
export const booleanFlag = z
  .preprocess(blankIsUnset, z.enum(['true', 'false', '1', '0']).optional())
  .transform((v) => v === 'true' || v === '1');
