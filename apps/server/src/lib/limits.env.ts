/**
 * Environment variables of the HTTP time-outs, AI stream limits (docs/operations.md
 * § Time-outs and streams) and the shutdown's drain deadline (§ Start and stop), spread into the
 * one EnvSchema of src/env.ts (which stays the only reader of process.env). Defaults live in
 * packages/contract (server-limits.ts).
 */
import { z } from 'zod';
import {
  ADMIN_SQL_LOCK_TIMEOUT_MS_DEFAULT,
  ADMIN_SQL_TIMEOUT_MS_DEFAULT,
  AI_STREAM_STALL_MS_DEFAULT,
  AI_STREAMS_PER_USER_DEFAULT,
  HTTP_BODY_TIMEOUT_MS_DEFAULT,
  HTTP_HEADERS_TIMEOUT_MS_DEFAULT,
  HTTP_IDLE_TIMEOUT_MS_DEFAULT,
  HTTP_KEEP_ALIVE_TIMEOUT_MS_DEFAULT,
  HTTP_REQUEST_TIMEOUT_MS_DEFAULT,
  SHUTDOWN_DRAIN_SECONDS_DEFAULT,
} from '@codewright/contract';
import { blankIsUnset, positiveInt } from './env-fields.ts';

// Milliseconds, whole and positive: every time-out is on (0 would switch Node's off).
const milliseconds = positiveInt;

export const LIMITS_ENV = {
  HTTP_HEADERS_TIMEOUT_MS: milliseconds(HTTP_HEADERS_TIMEOUT_MS_DEFAULT),
  HTTP_BODY_TIMEOUT_MS: milliseconds(HTTP_BODY_TIMEOUT_MS_DEFAULT),
  HTTP_REQUEST_TIMEOUT_MS: milliseconds(HTTP_REQUEST_TIMEOUT_MS_DEFAULT),
  HTTP_IDLE_TIMEOUT_MS: milliseconds(HTTP_IDLE_TIMEOUT_MS_DEFAULT),
  HTTP_KEEP_ALIVE_TIMEOUT_MS: milliseconds(HTTP_KEEP_ALIVE_TIMEOUT_MS_DEFAULT),
  ADMIN_SQL_TIMEOUT_MS: milliseconds(ADMIN_SQL_TIMEOUT_MS_DEFAULT),
  ADMIN_SQL_LOCK_TIMEOUT_MS: milliseconds(ADMIN_SQL_LOCK_TIMEOUT_MS_DEFAULT),
  AI_STREAM_STALL_MS: milliseconds(AI_STREAM_STALL_MS_DEFAULT),
  AI_STREAMS_PER_USER: z.preprocess(
    blankIsUnset,
    z.coerce.number().int().min(1).max(10_000).default(AI_STREAMS_PER_USER_DEFAULT),
  ),
  // Seconds a shutdown lets requests in flight finish (fractions allowed: tests use 1 s or less);
  // at most an hour, so a typo cannot keep a stopping server up for days.
  SHUTDOWN_DRAIN_SECONDS: z.preprocess(
    blankIsUnset,
    z.coerce.number().positive().max(3600).default(SHUTDOWN_DRAIN_SECONDS_DEFAULT),
  ),
};
