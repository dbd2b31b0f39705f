/**
 * Valid bodies built from a route's own body schema (zod, as the route validates it):
 * JSON Schema from `z.toJSONSchema`, then a fast-check arbitrary of values it accepts.
 * Schema-built bodies get past validation, so the fuzzer reaches the handlers; mutated
 * (bodies.ts) they probe what lies behind.
 */
import fc from 'fast-check';
import { z } from 'zod';

/** The subset of JSON Schema that zod writes for our routes. */
interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
  default?: unknown;
}

const FORMATS: Record<string, fc.Arbitrary<string>> = {
  email: fc.constantFrom('fuzz@example.com', 'a.b+c@example.org'),
  uri: fc.constantFrom('https://example.com/', 'https://example.com/a?b=1'),
  url: fc.constantFrom('https://example.com/', 'https://example.com/a?b=1'),
  uuid: fc.uuid(),
  'date-time': fc.constantFrom('2026-01-01T00:00:00.000Z', '2030-12-31T23:59:59Z'),
  date: fc.constantFrom('2026-01-01'),
};

/** Strings of the schema's length that a pattern-less field accepts. */
function stringOf(s: JsonSchema): fc.Arbitrary<string> {
  if (s.format && FORMATS[s.format]) return FORMATS[s.format]!;
  const min = s.minLength ?? 0;
  const max = Math.max(min, Math.min(s.maxLength ?? 40, min + 40));
  if (s.pattern) {
    // Only patterns we can meet with plain letters and digits; others fall back to the default.
    const plain = fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length >= min);
    return s.maxLength === undefined ? plain : plain.filter((v) => v.length <= s.maxLength!);
  }
  return fc
    .string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' })
    .filter((v) => v.trim().length >= min);
}

function numberOf(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 0);
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - 1 : min + 1000);
  return integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(Math.max(min, max)) })
    : fc.double({ min, max: Math.max(min, max), noNaN: true, noDefaultInfinity: true });
}

/** An arbitrary of values `schema` accepts (as far as JSON Schema tells). */
export function arbitraryOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((c) => arbitraryOf(c, depth + 1)));
  if (schema.allOf?.length) return arbitraryOf(Object.assign({}, ...schema.allOf), depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return stringOf(schema);
    case 'integer':
      return numberOf(schema, true);
    case 'number':
      return numberOf(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const min = schema.minItems ?? 0;
      const max = Math.max(min, Math.min(schema.maxItems ?? 3, min + 3));
      if (depth > 6 || !schema.items) return fc.constant([]);
      return fc.array(arbitraryOf(schema.items, depth + 1), { minLength: min, maxLength: max });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, value] of Object.entries(properties))
        record[key] = arbitraryOf(value, depth + 1);
      const requiredKeys = Object.keys(record).filter((k) => required.has(k));
      return fc.record(record, { requiredKeys });
    }
    default:
      return fc.constant(schema.default ?? {});
  }
}

/** Valid bodies for a zod body schema, or undefined when it cannot be written as JSON Schema. */
export function schemaBodies(schema: unknown): fc.Arbitrary<unknown> | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  try {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
    return arbitraryOf(json);
  } catch {
    return undefined;
  }
}
