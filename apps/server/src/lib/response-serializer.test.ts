import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { SessionResponseSchema, UserSchema } from '@codewright/contract';
import { createResponseSerializerCompiler, plainJsonSchemaOf } from './response-serializer.ts';

function serializerFor(schema: z.ZodType, check: boolean) {
  const compile = createResponseSerializerCompiler({ check });
  return compile({ schema, method: 'GET', url: '/x', httpStatus: '200' });
}

const user = {
  id: 'usr_1',
  email: 'a@example.com',
  displayName: null,
  role: 'user',
  metadata: JSON.stringify({ planData: { plan: 'free', note: 'quote " and \\ and ü' } }),
};

describe('compiled response serializers', () => {
  it('write exactly what zod writes, without fields the schema does not name', () => {
    const data = { passwordHash: 'secret', ...user, extra: 1 };
    const zodJson = JSON.stringify(UserSchema.parse(data));
    expect(serializerFor(UserSchema, false)(data)).toBe(zodJson);
    expect(serializerFor(UserSchema, true)(data)).toBe(zodJson);
    expect(serializerFor(UserSchema, false)(data)).not.toContain('secret');
  });

  it('handle nested objects, literals and integers like zod', () => {
    const session = {
      user,
      access_token: 'a',
      refresh_token: 'r',
      token_type: 'Bearer' as const,
      expires_in: 900,
      refresh_expires_in: 2_592_000,
      issued_at: 1_700_000_000,
    };
    expect(serializerFor(SessionResponseSchema, true)(session)).toBe(
      JSON.stringify(SessionResponseSchema.parse(session)),
    );
  });

  it('keep zod for schemas whose input and output differ', () => {
    expect(plainJsonSchemaOf(z.object({ code: z.string().default('') }))).toBeUndefined();
    expect(plainJsonSchemaOf(z.string().transform((s) => s.length))).toBeUndefined();
    expect(plainJsonSchemaOf(UserSchema)).toBeDefined();
    // zod's own encoder then answers, with its rules (a default is not applied on output).
    const withDefault = z.object({ code: z.string().default('') });
    expect(serializerFor(withDefault, false)({ code: 'x', more: 1 })).toBe('{"code":"x"}');
    expect(() => serializerFor(withDefault, false)({})).toThrow();
  });

  it('outside tests, answer through the compiled serializer once it has loaded', async () => {
    const serialize = serializerFor(UserSchema, false);
    expect(serialize(user)).toBe(JSON.stringify(user)); // the first answer may go through zod
    await new Promise((resolve) => setImmediate(resolve)); // the module loads after it
    // Only the compiled serializer writes a wrong-typed field (decision 008); zod would throw.
    expect(serialize({ ...user, role: 42 })).toContain('"role":"42"');
  });

  it('in check mode, refuse data that breaks the schema', () => {
    const serialize = serializerFor(UserSchema, true);
    expect(() => serialize({ ...user, role: 42 })).toThrow();
    expect(() => serialize({ ...user, email: undefined })).toThrow();
  });
});
