/**
 * Limits on any input, whatever the field (DESIGN §3.11: odd input is a 400
 * that says what to fix, never a 500). PostgreSQL text and jsonb cannot hold
 * NUL, UTF-8 cannot encode a lone UTF-16 surrogate, and deeply nested values
 * exhaust recursive code (zod, JSON.stringify, jsonb). The server checks every
 * request body, query and path against these; the schemas below carry the same
 * rule for forms and the SDK.
 */
import type { z } from 'zod';

/** How deeply a JSON value may nest: request bodies, and JSON strings such as user metadata. */
export const JSON_MAX_DEPTH = 64;

/** What is wrong with a string holding NUL or a lone surrogate. */
export const UNSTORABLE_TEXT_PROBLEM =
  'must not contain NUL characters (U+0000) or unpaired surrogates';

/** What is wrong with a value nested past JSON_MAX_DEPTH. */
export const TOO_DEEP_PROBLEM = `nests too deeply (the limit is ${JSON_MAX_DEPTH} levels of objects and arrays)`;

/** What is wrong with a number JSON could not hold (`1e999` parses to Infinity). */
export const NON_FINITE_NUMBER_PROBLEM =
  'must be a finite number (1e999 and the like are too large to store)';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
export const LONE_SURROGATE =
  /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// ES2024's String#isWellFormed (Node 20, browsers since 2023) is ~9× faster than the
// regular expression on a megabyte of code; the expression covers older browsers.
const isWellFormed = (String.prototype as { isWellFormed?: (this: string) => boolean })
  .isWellFormed;

/** True when a string holds a UTF-16 surrogate without its other half. */
export function hasLoneSurrogate(text: string): boolean {
  return isWellFormed ? !isWellFormed.call(text) : LONE_SURROGATE.test(text);
}

/** True when a string can be stored as PostgreSQL text: no NUL, no lone surrogate. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && !hasLoneSurrogate(text);
}

/** Adds the storable-text rule to a string schema (the one shared refinement). */
export function storableText<T extends z.ZodType<string>>(schema: T): T {
  return schema.refine(isStorableText, UNSTORABLE_TEXT_PROBLEM) as T;
}

/** Where an input breaks a limit: the dotted path (`events.0.type`, '' for the value itself) and why. */
export interface InputProblem {
  path: string;
  problem: string;
}

/** A path cut to its first few steps (`a.0.0.0…`): a value nested too deeply has a long one. */
function shortPath(path: string): string {
  const steps = path.split('.');
  return steps.length > 4 ? `${steps.slice(0, 4).join('.')}…` : path;
}

/**
 * The first string or property name that is not storable, the first number that is not
 * finite, or the first value nested deeper than `maxDepth`, in a parsed JSON value; undefined when none.
 * The walk stops at the limit, so a hostile depth costs nothing extra.
 */
export function findInputProblem(
  value: unknown,
  maxDepth: number = JSON_MAX_DEPTH,
): InputProblem | undefined {
  const walk = (v: unknown, path: string, depth: number): InputProblem | undefined => {
    if (typeof v === 'string') {
      return isStorableText(v) ? undefined : { path, problem: UNSTORABLE_TEXT_PROBLEM };
    }
    if (typeof v === 'number') {
      return Number.isFinite(v) ? undefined : { path, problem: NON_FINITE_NUMBER_PROBLEM };
    }
    if (v === null || typeof v !== 'object') return undefined;
    if (depth >= maxDepth) return { path: shortPath(path), problem: TOO_DEEP_PROBLEM };
    const at = (key: string) => (path ? `${path}.${key}` : key);
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) {
        const found = walk(v[i], at(String(i)), depth + 1);
        if (found) return found;
      }
      return undefined;
    }
    for (const key of Object.keys(v)) {
      if (!isStorableText(key)) {
        return { path, problem: `property names ${UNSTORABLE_TEXT_PROBLEM}` };
      }
      const found = walk((v as Record<string, unknown>)[key], at(key), depth + 1);
      if (found) return found;
    }
    return undefined;
  };
  return walk(value, '', 0);
}
