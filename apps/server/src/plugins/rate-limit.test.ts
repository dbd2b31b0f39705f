import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../env.ts';
import errorsPlugin from './errors.ts';
import { registerRateLimits } from './rate-limit.ts';

const MAX = 3;
// The auth limit under the API-wide one, so that it is the one that refuses /signup.
const config = parseEnv({
  RATE_LIMIT_STORE: 'memory',
  RATE_LIMIT_MAX: String(MAX),
  AUTH_RATE_LIMIT_IP_MAX: '1',
});
const apps: FastifyInstance[] = [];
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

/** An instance with the limits on the memory store and one route under them; no database. */
async function instance() {
  const app = Fastify({ logger: false });
  apps.push(app);
  await app.register(errorsPlugin);
  await app.register(async (api) => {
    const limits = await registerRateLimits(api, { config });
    api.get('/ping', async () => ({ ok: true }));
    api.post('/signup', async (request) => {
      await limits.check('signup', request.ip);
      return { ok: true };
    });
  });
  await app.ready();
  return app;
}

const statuses = async (app: FastifyInstance, n: number) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++)
    out.push((await app.inject({ method: 'GET', url: '/ping' })).statusCode);
  return out;
};
const signUp = (app: FastifyInstance) => app.inject({ method: 'POST', url: '/signup' });

describe('RATE_LIMIT_STORE=memory', () => {
  it('defaults to memory without DATABASE_URL and to postgres with it', () => {
    expect(parseEnv({}).RATE_LIMIT_STORE).toBe('memory');
    expect(parseEnv({ DATABASE_URL: 'postgres://h/db' }).RATE_LIMIT_STORE).toBe('postgres');
    const forced = parseEnv({ DATABASE_URL: 'postgres://h/db', RATE_LIMIT_STORE: 'memory' });
    expect(forced.RATE_LIMIT_STORE).toBe('memory');
  });

  it('counts in each process: two instances each serve the limit', async () => {
    const [a, b] = [await instance(), await instance()];
    const limited = [...Array<number>(MAX).fill(200), 429];
    expect(await statuses(a, MAX + 1)).toEqual(limited);
    expect(await statuses(b, MAX + 1)).toEqual(limited);
  });

  it('keeps the auth limits in each process too', async () => {
    const [a, b] = [await instance(), await instance()];
    for (const app of [a, b]) {
      const [served, limited] = [await signUp(app), await signUp(app)];
      expect(served.statusCode).toBe(200);
      expect(limited.statusCode).toBe(429);
      expect(limited.json().error.code).toBe('RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    }
  });
});
