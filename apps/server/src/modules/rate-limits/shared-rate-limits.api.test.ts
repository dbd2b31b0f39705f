// Two instances on one PostgreSQL with RATE_LIMIT_STORE=postgres: the per-IP limits count once
// for both (docs/operations.md § PostgreSQL), not once per instance.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { aroundTests } from '../../test/around-tests.ts';
import { authError, errorOf } from '../../test/account-helpers.ts';
import { uniqueEmail } from '../../test/auth-helpers.ts';
import { useTestApp } from '../../test/test-app.ts';

const MAX = 6;
// The windows are a minute; a test moves both instances' clock past one instead of waiting.
const clock = { ahead: 0 };
const now = () => Date.now() + clock.ahead;
const t = useTestApp(
  {
    RATE_LIMIT_STORE: 'postgres',
    RATE_LIMIT_MAX: String(MAX),
    AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
    AUTH_RATE_LIMIT_IP_MAX: '3',
    AUTH_RATE_LIMIT_EMAIL_MAX: '2',
  },
  { clock: now },
);
/** A second instance of the same app: same database, secret, settings and clock. */
const second = aroundTests(
  'the second instance is',
  async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-second-'));
    const app = await buildApp({
      config: { ...t.config, DATA_DIR: dataDir },
      logger: false,
      clock: now,
    });
    await app.ready();
    return { app, dataDir };
  },
  async ({ app, dataDir }) => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  },
);
/** Instance `i % 2`: requests spread over both, as a load balancer would. */
const instance = (i: number): FastifyInstance => (i % 2 === 0 ? t.app : second().app);

const providers = (app: FastifyInstance, ip: string) =>
  app.inject({ method: 'GET', url: '/api/auth/providers', remoteAddress: ip });

describe('the API-wide limit across instances', () => {
  it('serves RATE_LIMIT_MAX requests of one IP over both, then 429 with Retry-After on both', async () => {
    const ip = '10.7.0.1';
    const answers = [];
    for (let i = 0; i < MAX + 2; i++) answers.push(await providers(instance(i), ip));
    expect(answers.map((a) => a.statusCode)).toEqual([...Array<number>(MAX).fill(200), 429, 429]);
    for (const limited of answers.slice(MAX)) {
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      const retryAfter = Number(limited.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Another IP has its own count; after the window the first is served again, on either.
    expect((await providers(t.app, '10.7.0.2')).statusCode).toBe(200);
    clock.ahead += 60_001;
    expect((await providers(second().app, ip)).statusCode).toBe(200);
    expect((await providers(t.app, ip)).statusCode).toBe(200);
  });

  it('counts requests in flight at once on both instances exactly', async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 * MAX }, (_, i) => providers(instance(i), '10.7.0.3')),
    );
    const served = answers.filter((a) => a.statusCode === 200).length;
    expect(served).toBe(MAX);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(2 * MAX);
  });

  it('keeps its counters in an UNLOGGED table', async () => {
    const { rows } = await t.app.dbPool.query<{ relpersistence: string }>(
      `select relpersistence from pg_class where relname = 'rate_limits'`,
    );
    expect(rows).toEqual([{ relpersistence: 'u' }]);
  });
});

describe('the auth abuse limits across instances', () => {
  it('counts sign-ups of one IP on both instances against one limit', async () => {
    const signUpFrom = (app: FastifyInstance, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/signup',
        payload: { email: uniqueEmail('shared'), password: 'password123' },
        remoteAddress: ip,
      });
    const ip = '10.7.1.1';
    for (let i = 0; i < 3; i++) expect((await signUpFrom(instance(i), ip)).statusCode).toBe(201);
    for (const app of [t.app, second().app]) {
      const limited = await signUpFrom(app, ip);
      expect(limited.statusCode).toBe(429);
      expect(errorOf(limited)).toEqual(authError('RATE_LIMITED'));
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
    expect((await signUpFrom(second().app, '10.7.1.2')).statusCode).toBe(201);
    clock.ahead += 60_001;
    expect((await signUpFrom(second().app, ip)).statusCode).toBe(201);
  });

  it('counts reset mails to one address on both instances against one limit', async () => {
    const email = uniqueEmail('reset');
    const ask = (app: FastifyInstance, address: string, ip: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        payload: { email: address },
        remoteAddress: ip,
      });
    expect((await ask(t.app, email, '10.7.2.1')).statusCode).toBe(200);
    expect((await ask(second().app, email, '10.7.2.2')).statusCode).toBe(200);
    const limited = await ask(t.app, email.toUpperCase(), '10.7.2.3');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await ask(second().app, uniqueEmail('other'), '10.7.2.4')).statusCode).toBe(200);
  });
});
