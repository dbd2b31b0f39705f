/**
 * Environment variables of webhook deliveries (docs/operations.md § Webhooks), spread into the
 * one EnvSchema of src/env.ts. Each delivery goes through the server's URL fetcher, under
 * URL_ALLOW_LIST, URL_FETCH_TIMEOUT_MS and its own 64 KB answer cap.
 */
import { positiveInt } from '../../lib/env-fields.ts';

export const INTEGRATIONS_ENV = {
  /** Tries of one delivery before it is logged as failed. */
  WEBHOOK_MAX_ATTEMPTS: positiveInt(5),
  /** The wait before the second try (ms); each later wait doubles (30 s, 1, 2, 4 min). */
  WEBHOOK_RETRY_BASE_MS: positiveInt(30_000),
  /** How often due deliveries are looked for besides being told of them (ms). */
  WEBHOOK_POLL_MS: positiveInt(30_000),
};
