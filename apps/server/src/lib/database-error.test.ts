import { describe, expect, it } from 'vitest';
import { clientDatabaseError, databaseErrorOf } from './database-error.ts';

/** A driver error as Drizzle wraps it: the SQLSTATE sits on the cause. */
const wrapped = (code: string, message: string) =>
  Object.assign(new Error('Failed query: insert …'), {
    cause: Object.assign(new Error(message), { code }),
  });

describe('clientDatabaseError', () => {
  it.each([
    ['22021', 'invalid byte sequence for encoding "UTF8": 0x00'],
    ['22P05', 'unsupported Unicode escape sequence'],
    ['22P02', 'invalid input syntax for type json'],
    ['54000', 'index row size 9000 exceeds btree version 4 maximum 2704'],
    ['54001', 'stack depth limit exceeded'],
  ])('turns SQLSTATE %s into a 400 that says what to fix', (code, message) => {
    const err = clientDatabaseError(wrapped(code, message));
    expect(err?.statusCode).toBe(400);
    expect(err?.code).toBe('VALIDATION_ERROR');
    expect(err?.message).toContain(message);
    expect(err?.message).toContain('NUL');
  });

  it('leaves every other error alone', () => {
    expect(clientDatabaseError(wrapped('23505', 'duplicate key'))).toBeUndefined();
    expect(clientDatabaseError(wrapped('57P01', 'terminating connection'))).toBeUndefined();
    expect(clientDatabaseError(new RangeError('Maximum call stack size exceeded'))).toBeUndefined();
    expect(databaseErrorOf(new Error('plain'))).toBeUndefined();
  });
});
