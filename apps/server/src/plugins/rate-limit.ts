import type { FastifyInstance } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Config } from '../env.ts';
import { AppError } from '../lib/app-error.ts';
import { rateLimitKeyOf } from '../lib/rate-limit-key.ts';
import { type AbuseLimits, createAbuseLimits } from '../modules/auth/abuse-limits.ts';
import { postgresRateLimitStore } from '../modules/rate-limits/postgres-rate-limit-store.ts';
import { createRateLimitRepository } from '../modules/rate-limits/rate-limits.repository.ts';
import { createSharedWindowCounter } from '../modules/rate-limits/shared-window-counter.ts';

export interface RateLimitsOptions {
  config: Config;
  /** Milliseconds since 1970 of the shared counters and the abuse limits; default Date.now. */
  clock?: () => number;
}

/**
 * Registers the API-wide per-IP limit (RATE_LIMIT_MAX a minute; a route may set its own) on
 * `api`, and answers the auth abuse limits, both on the store RATE_LIMIT_STORE names: this
 * process's memory, or the database's counters that every instance on it shares
 * (docs/operations.md § PostgreSQL).
 */
export async function registerRateLimits(
  api: FastifyInstance,
  { config, clock }: RateLimitsOptions,
): Promise<AbuseLimits> {
  const warn = (err: unknown, message: string) => api.log.warn({ err }, message);
  const shared =
    config.RATE_LIMIT_STORE === 'postgres'
      ? createSharedWindowCounter({ repo: createRateLimitRepository(api.dbPool), warn })
      : undefined;
  await api.register(rateLimit, {
    max: config.RATE_LIMIT_MAX,
    timeWindow: '1 minute',
    keyGenerator: rateLimitKeyOf,
    store: shared && postgresRateLimitStore({ counter: shared, now: clock ?? Date.now, warn }),
    // A store that fails lets the request through (the store logs why): see
    // postgres-rate-limit-store.ts. The memory store never fails.
    skipOnError: true,
    // Only a refused request carries the limit headers (and Retry-After); sending
    // three more headers on every answer is measurable on the hot path.
    addHeadersOnExceeding: {
      'x-ratelimit-limit': false,
      'x-ratelimit-remaining': false,
      'x-ratelimit-reset': false,
    },
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', 429, undefined, undefined, {
        'retry-after': String(Math.ceil(context.ttl / 1000)),
      }),
  });
  return createAbuseLimits({
    windowSeconds: config.AUTH_RATE_LIMIT_WINDOW_SECONDS,
    ipMax: config.AUTH_RATE_LIMIT_IP_MAX,
    emailMax: config.AUTH_RATE_LIMIT_EMAIL_MAX,
    now: clock,
    shared,
  });
}
