/**
 * Environment variables of the account flows (docs/decisions/006), spread into the one
 * EnvSchema of src/env.ts (which stays the only reader of process.env).
 */
import {
  AUTH_RATE_LIMIT_EMAIL_MAX_DEFAULT,
  AUTH_RATE_LIMIT_IP_MAX_DEFAULT,
  AUTH_RATE_LIMIT_WINDOW_SECONDS_DEFAULT,
  MAIL_PER_RECIPIENT_PER_HOUR_DEFAULT,
} from '@codewright/contract';
import { optionalString, optionalUrl, positiveInt, positiveNumber } from '../../lib/env-fields.ts';

export const ACCOUNT_ENV = {
  /** Origin (and optional path) the app is reached at; mailed links and OAuth callbacks use it, never the Host header. */
  PUBLIC_URL: optionalUrl,
  /** Seconds; fractions allowed so tests can use a tiny window. */
  AUTH_RATE_LIMIT_WINDOW_SECONDS: positiveNumber(AUTH_RATE_LIMIT_WINDOW_SECONDS_DEFAULT),
  AUTH_RATE_LIMIT_IP_MAX: positiveInt(AUTH_RATE_LIMIT_IP_MAX_DEFAULT),
  AUTH_RATE_LIMIT_EMAIL_MAX: positiveInt(AUTH_RATE_LIMIT_EMAIL_MAX_DEFAULT),
  MAIL_PER_RECIPIENT_PER_HOUR: positiveInt(MAIL_PER_RECIPIENT_PER_HOUR_DEFAULT),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  /** An OpenID issuer whose /.well-known/openid-configuration names the endpoints (tests: a local mock). */
  GOOGLE_ISSUER: optionalUrl,
  GOOGLE_AUTH_URL: optionalUrl,
  GOOGLE_TOKEN_URL: optionalUrl,
  GOOGLE_USERINFO_URL: optionalUrl,
  GITHUB_CLIENT_ID: optionalString,
  GITHUB_CLIENT_SECRET: optionalString,
  GITHUB_AUTH_URL: optionalUrl,
  GITHUB_TOKEN_URL: optionalUrl,
  GITHUB_API_URL: optionalUrl,
};
