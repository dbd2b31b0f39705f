import type { FastifySerializerCompiler } from 'fastify';
import type FastJsonStringify from 'fast-json-stringify';
import { createRequire } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import { type ZodType, z } from 'zod';
import { createSerializerCompiler } from 'fastify-type-provider-zod';

// fast-json-stringify brings ajv, 50–100 ms to load. Loading it at start, or
// before the first answer (a health check), would spend the cold-start budget:
// the first answer goes through zod and the module loads right after it.
const require = createRequire(import.meta.url);
let fastJsonModule: typeof FastJsonStringify | undefined;
let loadScheduled = false;
const loadFastJson = () =>
  (fastJsonModule ??= require('fast-json-stringify') as typeof FastJsonStringify);
function loadFastJsonSoon() {
  if (loadScheduled) return;
  loadScheduled = true;
  setImmediate(loadFastJson);
}

export interface ResponseSerializerOptions {
  /**
   * Also run each answer through zod and fail the request (500) when the data does not
   * match its schema or the compiled serializer wrote different JSON than zod would.
   * On in tests (NODE_ENV=test), so the whole API suite checks every answer it reads.
   */
  check: boolean;
}

export function zodSchemaOf(schema: unknown): ZodType | undefined {
  if (schema instanceof z.ZodType) return schema;
  if (schema && typeof schema === 'object' && 'properties' in schema) {
    const inner = (schema as { properties: unknown }).properties;
    if (inner instanceof z.ZodType) return inner;
  }
  return undefined;
}

/** A copy without `additionalProperties: false`, which zod writes for output objects only. */
function withoutClosedObjects(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutClosedObjects);
  if (!value || typeof value !== 'object') return value;
  const copy: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    if (key === 'additionalProperties' && inner === false) continue;
    copy[key] = withoutClosedObjects(inner);
  }
  return copy;
}

/**
 * The JSON Schema of a zod schema when it describes one wire shape, or undefined.
 * A schema whose input and output differ (defaults, transforms, codecs, pipes)
 * keeps zod's own encoder: a compiled serializer cannot run those.
 */
export function plainJsonSchemaOf(schema: ZodType): Record<string, unknown> | undefined {
  try {
    const output = z.toJSONSchema(schema, { io: 'output', target: 'draft-7' });
    const input = z.toJSONSchema(schema, { io: 'input', target: 'draft-7' });
    return isDeepStrictEqual(withoutClosedObjects(input), withoutClosedObjects(output))
      ? output
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Fastify serializer compiler for zod response schemas. fastify-type-provider-zod
 * re-validates every answer with zod and then JSON.stringify-s it, which was the
 * largest app cost of an authenticated GET /api/auth/me (decision 008). Here each
 * response schema is turned into JSON Schema once and compiled with
 * fast-json-stringify (what Fastify itself uses): it writes only the properties
 * the schema names, in schema order, like zod's parse + stringify. Schemas that
 * cannot be expressed that way keep the zod serializer.
 */
export function createResponseSerializerCompiler(
  options: ResponseSerializerOptions,
): FastifySerializerCompiler<unknown> {
  const zodCompiler = createSerializerCompiler({});
  return (route) => {
    const viaZod = zodCompiler(route as never) as (data: unknown) => string;
    // Compiled on a route's first answer once the module is loaded, not at start.
    let serialize: ((data: unknown) => string) | undefined;
    const compile = () => {
      const schema = zodSchemaOf(route.schema);
      const json = schema && plainJsonSchemaOf(schema);
      if (!json) return viaZod;
      const fast = loadFastJson()(json) as (data: unknown) => string;
      if (!options.check) return fast;
      return (data: unknown) => {
        const expected = viaZod(data);
        const written = fast(data);
        if (written !== expected) {
          throw new Error(
            `Compiled serializer of ${route.method} ${route.url} (${String(route.httpStatus)}) wrote ${written}, zod wrote ${expected}`,
          );
        }
        return written;
      };
    };
    return (data: unknown) => {
      if (serialize) return serialize(data);
      if (fastJsonModule || options.check) return (serialize = compile())(data);
      loadFastJsonSoon();
      return viaZod(data);
    };
  };
}
