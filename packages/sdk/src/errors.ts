/**
 * Typed errors of the SDK (SPEC §8.1). Every failure a caller sees is a
 * `CodewrightError` (or subclass) whose `code` is a catalogue code of
 * `@codewright/contract` and whose `message` is fit to show in a toast.
 *
 * Mapping decisions (see packages/sdk/README.md):
 * - The class follows the HTTP status exactly as SPEC §8.1 says: 401 → AuthError,
 *   400 → ValidationError, anything else (403, 404, 409, 429, 5xx) → NetworkError.
 *   Switch on `code`, not on the class, to tell failures apart.
 * - The code: any code in the contract catalogue (`ERROR_MESSAGES`, i.e. the §8.1
 *   auth codes plus the server/storage/AI codes) is kept; `UNAUTHORIZED` becomes
 *   `TOKEN_EXPIRED` (a rejected Bearer means the session is over); anything else
 *   becomes `NETWORK_ERROR`. Without a code the status decides (401 → TOKEN_EXPIRED,
 *   400 → VALIDATION_ERROR, 429 → RATE_LIMITED, else NETWORK_ERROR).
 * - The message is the server's when it sent one, else the catalogue text.
 */
import { ERROR_MESSAGES, type ErrorCode } from '@codewright/contract';

export type { ErrorCode };

export interface CodewrightErrorOptions {
  code: ErrorCode;
  /** Defaults to the catalogue text of `code`. */
  message?: string;
  /** HTTP status, or null when no response was received (client-side checks, offline). */
  status?: number | null;
  cause?: unknown;
  /** `error.details` of the server body, when present. */
  details?: unknown;
  /** Seconds from a `Retry-After` header (429), when present. */
  retryAfterSeconds?: number | null;
}

/** Base class of every error the SDK throws. */
export class CodewrightError extends Error {
  readonly code: ErrorCode;
  readonly status: number | null;
  readonly details: unknown;
  readonly retryAfterSeconds: number | null;

  constructor(options: CodewrightErrorOptions) {
    super(options.message || ERROR_MESSAGES[options.code], { cause: options.cause });
    this.name = 'CodewrightError';
    this.code = options.code;
    this.status = options.status ?? null;
    this.details = options.details;
    this.retryAfterSeconds = options.retryAfterSeconds ?? null;
  }
}

/** HTTP 401 answers: bad credentials, expired or revoked session. */
export class AuthError extends CodewrightError {
  override name = 'AuthError';
}

/** HTTP 400 answers and checks the SDK makes before sending anything. */
export class ValidationError extends CodewrightError {
  override name = 'ValidationError';
}

/** Everything else: no answer (offline), 403/404/409/429/5xx, unreadable answers. */
export class NetworkError extends CodewrightError {
  override name = 'NetworkError';
}

/**
 * Failures of the AI object, image, speech and transcription calls (SPEC §8.1: AI errors are a
 * family of their own), whatever their status: a 400, 402, 413, 502, 503… Switch on `code`.
 */
export class AiError extends CodewrightError {
  override name = 'AiError';
}

/** Failures of the data services (fetch, scrape, extract, screenshot, search): SPEC §8.1. */
export class DataError extends CodewrightError {
  override name = 'DataError';
}

/**
 * A `mapError` for a module whose errors are a family of their own: a 401 stays an AuthError
 * (the session is over, whatever was called); every other failure answer is `Family`, with the
 * same code, message and status rules as `errorFromResponse`.
 */
export function familyErrorMapper(Family: typeof AiError | typeof DataError) {
  return (status: number, body: unknown, response: Response): CodewrightError => {
    const base = errorFromResponse({
      status,
      body,
      retryAfter: response.headers.get('Retry-After'),
    });
    if (status === 401) return base;
    return new Family({
      code: base.code,
      message: base.message,
      status,
      details: base.details,
      retryAfterSeconds: base.retryAfterSeconds,
    });
  };
}

/** True for any error thrown by the SDK. */
export function isCodewrightError(value: unknown): value is CodewrightError {
  return value instanceof CodewrightError;
}

/** Server codes that mean the same as a client code of §8.1. */
const SERVER_CODE_ALIASES: Readonly<Record<string, ErrorCode>> = {
  UNAUTHORIZED: 'TOKEN_EXPIRED',
};

function isCatalogueCode(code: string): code is ErrorCode {
  return Object.prototype.hasOwnProperty.call(ERROR_MESSAGES, code);
}

function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'TOKEN_EXPIRED';
  if (status === 400) return 'VALIDATION_ERROR';
  if (status === 429) return 'RATE_LIMITED';
  return 'NETWORK_ERROR';
}

/** The client code for a server code: kept when catalogued, aliased, else NETWORK_ERROR. */
export function toClientCode(serverCode: unknown, status: number): ErrorCode {
  if (typeof serverCode !== 'string' || serverCode === '') return codeForStatus(status);
  const alias = SERVER_CODE_ALIASES[serverCode];
  if (alias) return alias;
  return isCatalogueCode(serverCode) ? serverCode : 'NETWORK_ERROR';
}

function parseRetryAfter(value: string | null | undefined): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

export interface HttpErrorInput {
  status: number;
  /** The parsed body (any shape; `{ error: { code, message, details } }` is read). */
  body: unknown;
  /** The `Retry-After` header value, if any. */
  retryAfter?: string | null;
}

/** Turns a non-2xx answer into the typed error of SPEC §8.1. */
export function errorFromResponse({ status, body, retryAfter }: HttpErrorInput): CodewrightError {
  const wireError =
    body &&
    typeof body === 'object' &&
    'error' in body &&
    body.error &&
    typeof body.error === 'object'
      ? (body.error as { code?: unknown; message?: unknown; details?: unknown })
      : undefined;
  const code = toClientCode(wireError?.code, status);
  const options: CodewrightErrorOptions = {
    code,
    status,
    details: wireError?.details,
    retryAfterSeconds: parseRetryAfter(retryAfter),
  };
  if (typeof wireError?.message === 'string' && wireError.message.trim() !== '') {
    options.message = wireError.message;
  }
  if (status === 401) return new AuthError(options);
  if (status === 400) return new ValidationError(options);
  return new NetworkError(options);
}

/** A request that got no answer (offline, DNS, CORS, reset connection). */
export function networkErrorFrom(cause: unknown): NetworkError {
  return new NetworkError({ code: 'NETWORK_ERROR', status: null, cause });
}
