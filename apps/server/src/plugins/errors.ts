import fp from 'fastify-plugin';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, PATH_SEGMENT_MAX_LENGTH, type ErrorCode } from '@codewright/contract';
import { isAppError } from '../lib/app-error.ts';
import { isApiPath } from '../lib/paths.ts';
import { API_SECURITY_HEADERS } from '../lib/security-headers.ts';
import { closeIfBodyPending } from './timeouts.ts';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  keyword?: string;
  params?: Record<string, unknown>;
}

/** Builds a message that names each bad field, e.g. `body.email: Invalid input: expected string, received undefined`. */
export function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const parts = issues.slice(0, 5).map((issue) => {
    const field = (issue.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params?.keys)) {
      const keys = (issue.params.keys as string[]).join(', ');
      return `${field ? `${field}: ` : ''}unknown field(s) ${keys}`;
    }
    if (issue.message?.endsWith('received undefined'))
      return `${field || context || 'value'} is required`;
    return `${field || context || 'value'}: ${issue.message ?? 'is invalid'}`;
  });
  return `Invalid request ${context ?? 'input'}: ${parts.join('; ')}.`;
}

/** PostgREST's own codes, where its clients test for one (postgrest-js reads `code`). */
const POSTGREST_CODES: Partial<Record<ErrorCode, string>> = { NOT_ACCEPTABLE: 'PGRST116' };

function send(reply: FastifyReply, status: number, code: ErrorCode, message?: string) {
  const text = message ?? ERROR_MESSAGES[code];
  // The db REST routes' errors also carry PostgREST's fields, where its clients (postgrest-js)
  // read them: `message`, `code`, `details`, `hint` beside the envelope.
  const postgrest = /\/api\/db\/[^/?]+\/rest\/v1\//.test(reply.request.url)
    ? { code: POSTGREST_CODES[code] ?? code, message: text, details: null, hint: null }
    : {};
  return reply
    .code(status)
    .type('application/json; charset=utf-8')
    .send({ error: { code, message: text }, ...postgrest });
}

export const FORBIDDEN_PATH_MESSAGE =
  "This address cannot be served: remove any '..' or doubled '/' from the path and try again.";

// Fastify's own client errors (body parsing) mapped onto our codes.
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode; message?: string }> =
  {
    FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
    FST_ERR_CTP_BODY_TOO_LARGE: {
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is too large (the limit is 1 MB).',
    },
    FST_ERR_CTP_INVALID_JSON_BODY: {
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'The request body is not valid JSON.',
    },
    FST_ERR_CTP_EMPTY_JSON_BODY: {
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'The request body is empty; send a JSON object.',
    },
    FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'The Content-Length header does not match the body.',
    },
    FST_ERR_CTP_INVALID_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  };

// Errors Fastify answers before any route or hook runs (its `frameworkErrors` option).
const FRAMEWORK_ERRORS: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: {
    status: 400,
    message:
      'The address is not valid: a %-escape in its path does not decode to UTF-8 text. Write a literal % as %25.',
  },
  FST_ERR_MAX_PARAM_LENGTH: {
    status: 414,
    message: `A part of the address is too long (the limit is ${PATH_SEGMENT_MAX_LENGTH} characters between slashes). Shorten it and try again.`,
  },
};

/**
 * Fastify's `frameworkErrors` option: a URL the router cannot decode and a path
 * parameter over its length answer in our envelope, with the API's security headers,
 * instead of Fastify's own body (DESIGN §2 errors).
 */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const known = FRAMEWORK_ERRORS[err.code];
  if (!known) request.log.error({ err, url: request.url }, 'unhandled error');
  reply.headers(API_SECURITY_HEADERS);
  // Answered before the hooks, the body watch among them: do not wait for a body.
  closeIfBodyPending(request, reply);
  if (known) return send(reply, known.status, 'VALIDATION_ERROR', known.message);
  return send(reply, 500, 'INTERNAL_ERROR');
}

/** One error handler for the whole app: AppError, validation, body parsing, and hidden 5xx. */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (isAppError(err)) {
      if (err.headers) reply.headers(err.headers);
      if (err.statusCode >= 500) request.log.error({ err }, 'request failed');
      return send(reply, err.statusCode, err.code, err.message);
    }
    if (err.validation) {
      return send(
        reply,
        400,
        'VALIDATION_ERROR',
        describeValidation(err.validationContext, err.validation),
      );
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) return send(reply, known.status, known.code, known.message);
    // JSON.parse failures that reach us from custom parsers or plugins.
    if (err instanceof SyntaxError)
      return send(reply, 400, 'VALIDATION_ERROR', 'The request body is not valid JSON.');
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status === 429) return send(reply, 429, 'RATE_LIMITED');
    // Outside /api a 403 comes from the file server (plugins/static.ts): a path with `..` or `//`.
    if (status === 403 && !isApiPath(request.url))
      return send(reply, 403, 'FORBIDDEN', FORBIDDEN_PATH_MESSAGE);
    if (status >= 400 && status < 500) {
      return send(reply, status, status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR', err.message);
    }
    request.log.error(
      { err, method: request.method, url: request.url, userId: request.principal?.user.id },
      'unhandled error',
    );
    return send(reply, 500, 'INTERNAL_ERROR');
  });
}

export default fp(errorsPlugin, { name: 'errors' });
