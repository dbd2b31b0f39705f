import { describe, expect, it } from 'vitest';
import { ConfigError, parseEnv } from '../../env.ts';

describe('ADMIN_EMAILS and DB_READ_CACHE_MS', () => {
  it('reads a comma-separated, case-insensitive list of admin emails', () => {
    expect(parseEnv({ ADMIN_EMAILS: ' Ada@Example.com, ,bob@example.com ' }).ADMIN_EMAILS).toEqual([
      'ada@example.com',
      'bob@example.com',
    ]);
    expect(parseEnv({}).ADMIN_EMAILS).toEqual([]);
    expect(parseEnv({ ADMIN_EMAILS: '' }).ADMIN_EMAILS).toEqual([]);
  });

  it('stops with one line naming a bad entry', () => {
    expect(() => parseEnv({ ADMIN_EMAILS: 'ada@example.com,not-an-email' })).toThrow(ConfigError);
    expect(() => parseEnv({ ADMIN_EMAILS: 'not-an-email' })).toThrow(/ADMIN_EMAILS/);
  });

  it('defaults the read cache to 1000 ms and refuses negative values', () => {
    expect(parseEnv({}).DB_READ_CACHE_MS).toBe(1000);
    expect(parseEnv({ DB_READ_CACHE_MS: '0' }).DB_READ_CACHE_MS).toBe(0);
    expect(() => parseEnv({ DB_READ_CACHE_MS: '-1' })).toThrow(/DB_READ_CACHE_MS/);
  });
});
