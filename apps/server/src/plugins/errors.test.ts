import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from '../lib/app-error.ts';
import Fastify from 'fastify';
import { translateWriteError } from '../modules/db/db-errors.ts';
import errorsPlugin, { describeValidation } from './errors.ts';

describe('describeValidation', () => {
  it('names missing and unknown fields', () => {
    const message = describeValidation('body', [
      { instancePath: '/password', message: 'Invalid input: expected string, received undefined' },
      {
        instancePath: '',
        keyword: 'unrecognized_keys',
        params: { keys: ['role'] },
        message: 'Unrecognized key',
      },
      { instancePath: '/profile/name', message: 'Too big' },
    ]);
    expect(message).toBe(
      'Invalid request body: password is required; unknown field(s) role; profile.name: Too big.',
    );
  });
});

describe('AppError', () => {
  it('takes its text and status from the catalogue', () => {
    const err = new AppError('EMAIL_ALREADY_EXISTS');
    expect(err.statusCode).toBe(409);
    expect(err.message).toBe('An account with this email already exists.');
    expect(isAppError(err)).toBe(true);
    expect(new AppError('RATE_LIMITED').statusCode).toBe(429);
    expect(new AppError('VALIDATION_ERROR', 400, 'custom').message).toBe('custom');
  });
});

describe('the error handler and database errors', () => {
  /** A driver error as Drizzle wraps it: the SQLSTATE sits on the cause. */
  const dbError = (code: string, message: string) =>
    Object.assign(new Error('Failed query: select …'), {
      cause: Object.assign(new Error(message), { code }),
    });

  async function appThrowing(err: Error) {
    const logged: Array<{ level: number; msg: string }> = [];
    const app = Fastify({
      logger: {
        level: 'info',
        stream: { write: (line: string) => void logged.push(JSON.parse(line)) },
      },
    });
    await app.register(errorsPlugin);
    app.get('/api/thing', async () => {
      throw err;
    });
    const res = await app.inject({ method: 'GET', url: '/api/thing' });
    await app.close();
    return { res, logged };
  }

  it('a data error of our own SQL (division by zero) is a logged 500, not the client’s fault', async () => {
    const { res, logged } = await appThrowing(dbError('22012', 'division by zero'));
    expect(res.statusCode).toBe(500);
    expect(res.json()).toMatchObject({ error: { code: 'INTERNAL_ERROR' } });
    expect(logged.some((l) => l.level === 50 && l.msg === 'unhandled error')).toBe(true);
  });

  it('a program-limit error outside the rows routes is a logged 500 too', async () => {
    const { res, logged } = await appThrowing(dbError('54001', 'stack depth limit exceeded'));
    expect(res.statusCode).toBe(500);
    expect(logged.some((l) => l.level === 50)).toBe(true);
  });

  it('where a client’s values enter the database, the same error is a 400 saying what to fix', () => {
    let thrown: unknown;
    try {
      translateWriteError(dbError('22003', 'value "1e400" is out of range for type double'));
    } catch (e) {
      thrown = e;
    }
    expect(isAppError(thrown)).toBe(true);
    expect((thrown as AppError).statusCode).toBe(400);
    expect((thrown as AppError).message).toContain('out of range');
    expect(() => translateWriteError(dbError('57014', 'canceling statement'))).toThrow(
      'Failed query',
    );
  });
});
