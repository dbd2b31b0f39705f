import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from '../lib/app-error.ts';
import { describeValidation } from './errors.ts';

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
