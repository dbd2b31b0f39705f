import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('applies the documented defaults', () => {
    const config = parseEnv({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      APP_PROJECT_ID: 'codewright',
      SIGNIN_FAILURE_LIMIT: 10,
      SIGNIN_FAILURE_WINDOW_MINUTES: 15,
      RATE_LIMIT_MAX: 300,
      TRUST_PROXY: false,
      LOG_LEVEL: 'info',
      REQUIRE_EMAIL_VERIFICATION: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.DATA_DIR).toMatch(/\/data$/);
    expect(config.WEB_DIST_DIR).toMatch(/apps\/web\/dist$/);
  });

  it('treats empty strings as unset', () => {
    expect(parseEnv({ PORT: '', DATABASE_URL: '', JWT_SECRET: '' }).PORT).toBe(3000);
  });

  it('parses TRUST_PROXY forms', () => {
    expect(parseEnv({ TRUST_PROXY: 'true' }).TRUST_PROXY).toBe(true);
    expect(parseEnv({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(parseEnv({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).TRUST_PROXY).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('reads STORAGE (local, s3 or unset) and the shutdown drain deadline in seconds', () => {
    expect(parseEnv({}).STORAGE).toBeUndefined();
    expect(parseEnv({ STORAGE: 'local' }).STORAGE).toBe('local');
    expect(parseEnv({}).SHUTDOWN_DRAIN_SECONDS).toBe(30);
    expect(parseEnv({ SHUTDOWN_DRAIN_SECONDS: '0.5' }).SHUTDOWN_DRAIN_SECONDS).toBe(0.5);
    for (const [name, value] of [
      ['STORAGE', 'disk'],
      ['SHUTDOWN_DRAIN_SECONDS', '0'],
      ['SHUTDOWN_DRAIN_SECONDS', '-1'],
      ['SHUTDOWN_DRAIN_SECONDS', 'soon'],
      ['SHUTDOWN_DRAIN_SECONDS', '3601'],
    ] as const)
      expect(() => parseEnv({ [name]: value }), `${name}=${value}`).toThrow(ConfigError);
  });

  it('fails with one line naming every bad variable', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'abc',
        JWT_SECRET: 'short',
        DATABASE_URL: 'mysql://x',
        AI_PROVIDER: 'skynet',
      });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message.split('\n')).toHaveLength(1);
    for (const name of ['PORT', 'JWT_SECRET', 'DATABASE_URL', 'AI_PROVIDER'])
      expect(message).toContain(name);
  });
});
