import { ERROR_MESSAGES, type ErrorCode } from '@codewright/contract';

/** Default HTTP status per error code; anything not listed is a 400. */
const STATUS_BY_CODE: Partial<Record<ErrorCode, number>> = {
  INVALID_CREDENTIALS: 401,
  TOKEN_EXPIRED: 401,
  PASSWORD_RESET_REQUIRED: 401,
  UNAUTHORIZED: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  FEATURE_NOT_IN_PLAN: 403,
  NOT_FOUND: 404,
  USER_NOT_FOUND: 404,
  FILE_NOT_FOUND: 404,
  EMAIL_ALREADY_EXISTS: 409,
  CONFLICT: 409,
  VERIFICATION_CHOICE_REQUIRED: 409,
  SQL_LOCK_TIMEOUT: 409,
  FILE_EXISTS: 409,
  PAYLOAD_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  REQUEST_TIMEOUT: 408,
  RATE_LIMITED: 429,
  AI_STREAM_LIMIT_REACHED: 429,
  GENERATION_LIMIT_REACHED: 402,
  EDIT_LIMIT_REACHED: 402,
  PROJECT_LIMIT_REACHED: 402,
  FILE_LIMIT_REACHED: 402,
  PROJECT_TOO_LARGE: 413,
  INTERNAL_ERROR: 500,
  AI_PROVIDER_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  SERVER_RESTARTING: 503,
  AI_NOT_CONFIGURED: 503,
  ADMIN_SQL_UNAVAILABLE: 503,
  URL_NOT_ALLOWED: 400,
  URL_FETCH_FAILED: 502,
  DATA_PROVIDER_ERROR: 502,
  DATA_NOT_CONFIGURED: 503,
};

/** The one error type services throw; the error plugin turns it into `{ error: { code, message } }`. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly statusCode: number;
  readonly details?: unknown;
  /** Extra response headers, e.g. Retry-After. */
  readonly headers?: Record<string, string>;

  constructor(
    code: ErrorCode,
    status?: number,
    message?: string,
    details?: unknown,
    headers?: Record<string, string>,
  ) {
    super(message ?? ERROR_MESSAGES[code]);
    this.name = 'AppError';
    this.code = code;
    this.statusCode = status ?? STATUS_BY_CODE[code] ?? 400;
    this.details = details;
    this.headers = headers;
  }
}

/** True for an AppError, also across bundle copies of the class. */
export function isAppError(err: unknown): err is AppError {
  return (
    err instanceof AppError || (err instanceof Error && err.name === 'AppError' && 'code' in err)
  );
}
