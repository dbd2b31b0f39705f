/**
 * The caller's JSON Schema of an AI object call (DESIGN §2c): checked before any model call
 * (400 with what to fix), then used to validate the model's answer. Schemas come from users,
 * so they are held to Ajv's own meta-schema for untrusted schemas (a `pattern` or `format`
 * needs `maxLength`, `patternProperties` needs bounded property names, …), are capped in size,
 * get a fresh Ajv each (one caller's `$id` never meets another's), and never load remote `$ref`s.
 */
import { createRequire } from 'node:module';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import { AI_OBJECT_SCHEMA_MAX_BYTES } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';

const require = createRequire(import.meta.url);
const SECURE_META_SCHEMA = require('ajv/dist/refs/json-schema-secure.json') as object;

const options = { strict: false, validateFormats: false, allErrors: false, logger: false } as const;
const isSchemaSecure = new Ajv(options).compile(SECURE_META_SCHEMA);

const bad = (field: string, message: string) =>
  new AppError('VALIDATION_ERROR', 400, `${field}: ${message}`);

/** The first error as `at /path: message`. */
export function describeAjvErrors(errors: ErrorObject[] | null | undefined): string {
  const first = errors?.[0];
  if (!first) return 'is not valid';
  const at = first.instancePath || '/';
  const extra =
    first.keyword === 'required' && first.params && 'missingProperty' in first.params
      ? ` (${String(first.params.missingProperty)})`
      : '';
  return `at ${at}: ${first.message ?? 'is not valid'}${extra}`;
}

/**
 * Compiles a caller's schema into a validator of model answers, or throws 400
 * VALIDATION_ERROR naming `field` and what to fix.
 */
export function compileObjectSchema(schema: unknown, field = 'schema'): ValidateFunction {
  const size = Buffer.byteLength(JSON.stringify(schema) ?? '');
  if (size > AI_OBJECT_SCHEMA_MAX_BYTES) {
    throw bad(
      field,
      `is ${size} bytes; send a JSON Schema of at most ${AI_OBJECT_SCHEMA_MAX_BYTES} bytes.`,
    );
  }
  if (!isSchemaSecure(schema)) {
    const err = isSchemaSecure.errors?.[0];
    const where = err?.instancePath ? ` at ${err.instancePath}` : '';
    const needs =
      err?.keyword === 'required' && err.params && 'missingProperty' in err.params
        ? `add ${String(err.params.missingProperty)}`
        : (err?.message ?? 'is not allowed');
    throw bad(
      field,
      `is not accepted for untrusted use${where}: ${needs} (a pattern or format needs maxLength, patternProperties needs propertyNames with maxLength, uniqueItems on objects needs maxItems).`,
    );
  }
  const ajv = new Ajv(options);
  try {
    return ajv.compile(schema as object);
  } catch (err) {
    throw bad(field, `is not a valid JSON Schema (${(err as Error).message.slice(0, 300)}).`);
  }
}
