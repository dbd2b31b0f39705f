import { AUTH_ERROR_CODES, AUTH_ERROR_MESSAGES, ERROR_MESSAGES } from '@codewright/contract';
import { describe, expect, it } from 'vitest';
import {
  AuthError,
  CodewrightError,
  NetworkError,
  ValidationError,
  errorFromResponse,
  isCodewrightError,
} from './errors.ts';
import { createHttpClient } from './http.ts';

const wire = (code: string, message?: string) => ({
  error: { code, ...(message ? { message } : {}) },
});

describe('SPEC §8.1 error mapping', () => {
  it.each(AUTH_ERROR_CODES)(
    'keeps the auth code %s with the catalogue text when the server sends no message',
    (code) => {
      const error = errorFromResponse({ status: 401, body: wire(code) });
      expect(error.code).toBe(code);
      expect(error.message).toBe(AUTH_ERROR_MESSAGES[code]);
    },
  );

  it('uses the server message when there is one', () => {
    const error = errorFromResponse({
      status: 409,
      body: wire('EMAIL_ALREADY_EXISTS', 'Taken, sorry.'),
    });
    expect(error).toMatchObject({
      code: 'EMAIL_ALREADY_EXISTS',
      message: 'Taken, sorry.',
      status: 409,
    });
  });

  it('maps UNAUTHORIZED onto TOKEN_EXPIRED', () => {
    const error = errorFromResponse({ status: 401, body: wire('UNAUTHORIZED') });
    expect(error).toBeInstanceOf(AuthError);
    expect(error.code).toBe('TOKEN_EXPIRED');
    expect(error.message).toBe(AUTH_ERROR_MESSAGES.TOKEN_EXPIRED);
  });

  it('turns unknown codes into NETWORK_ERROR (keeping the status class)', () => {
    const error = errorFromResponse({ status: 418, body: wire('TEAPOT') });
    expect(error).toBeInstanceOf(NetworkError);
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.message).toBe(AUTH_ERROR_MESSAGES.NETWORK_ERROR);
  });

  it('keeps catalogued server codes such as VALIDATION_ERROR and FILE_NOT_FOUND', () => {
    expect(
      errorFromResponse({ status: 400, body: wire('VALIDATION_ERROR', 'email: required') }),
    ).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'email: required',
    });
    expect(errorFromResponse({ status: 404, body: wire('FILE_NOT_FOUND') }).message).toBe(
      ERROR_MESSAGES.FILE_NOT_FOUND,
    );
  });

  it.each([
    [401, AuthError],
    [400, ValidationError],
    [403, NetworkError],
    [404, NetworkError],
    [409, NetworkError],
    [500, NetworkError],
    [503, NetworkError],
  ])('HTTP %i becomes %o', (status, Class) => {
    const error = errorFromResponse({ status, body: wire('INVALID_CREDENTIALS') });
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(CodewrightError);
    expect(error.status).toBe(status);
  });

  it('429 keeps RATE_LIMITED, its message and Retry-After', () => {
    const error = errorFromResponse({
      status: 429,
      body: wire('RATE_LIMITED', 'Slow down.'),
      retryAfter: '42',
    });
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Slow down.',
      retryAfterSeconds: 42,
    });
  });

  it.each([
    [401, 'TOKEN_EXPIRED'],
    [400, 'VALIDATION_ERROR'],
    [429, 'RATE_LIMITED'],
    [502, 'NETWORK_ERROR'],
  ])('without a body code, HTTP %i gives %s', (status, code) => {
    expect(errorFromResponse({ status, body: '<html>Bad gateway</html>' }).code).toBe(code);
  });

  it('isCodewrightError tells SDK errors from others', () => {
    expect(isCodewrightError(new ValidationError({ code: 'VALIDATION_ERROR' }))).toBe(true);
    expect(isCodewrightError(new Error('x'))).toBe(false);
    expect(isCodewrightError({ code: 'NETWORK_ERROR' })).toBe(false);
  });
});

describe('request errors as a caller sees them', () => {
  it('a fetch that throws (offline) becomes NetworkError NETWORK_ERROR with the cause', async () => {
    const offline = new TypeError('Failed to fetch');
    const http = createHttpClient({ fetch: () => Promise.reject(offline) });
    const error = await http({ path: '/api/auth/me', auth: false }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    expect(error).toMatchObject({
      code: 'NETWORK_ERROR',
      status: null,
      message: AUTH_ERROR_MESSAGES.NETWORK_ERROR,
    });
    expect((error as Error).cause).toBe(offline);
  });

  it('a non-JSON 502 from a proxy becomes NETWORK_ERROR with the catalogue text', async () => {
    const http = createHttpClient({
      fetch: async () => new Response('<h1>Bad gateway</h1>', { status: 502 }),
    });
    await expect(http({ path: '/x', auth: false })).rejects.toMatchObject({
      code: 'NETWORK_ERROR',
      status: 502,
      message: AUTH_ERROR_MESSAGES.NETWORK_ERROR,
    });
  });

  it('a 429 answer reaches the caller as RATE_LIMITED with Retry-After', async () => {
    const http = createHttpClient({
      fetch: async () =>
        new Response(
          JSON.stringify(
            wire('RATE_LIMITED', 'Too many attempts. Please wait a moment and try again.'),
          ),
          {
            status: 429,
            headers: { 'Retry-After': '900' },
          },
        ),
    });
    await expect(http({ path: '/x', auth: false })).rejects.toMatchObject({
      name: 'NetworkError',
      code: 'RATE_LIMITED',
      retryAfterSeconds: 900,
      message: AUTH_ERROR_MESSAGES.RATE_LIMITED,
    });
  });

  it('an aborted request rejects with the abort reason, not a NetworkError', async () => {
    const controller = new AbortController();
    const http = createHttpClient({
      fetch: (_input, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        ),
    });
    const pending = http({ path: '/x', auth: false, signal: controller.signal });
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });
});
