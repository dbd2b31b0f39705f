/**
 * A route's answers that a response schema cannot say (a file, a redirect, a stream, no body,
 * or JSON it writes itself), as the route declares them in `config.answers` for its OpenAPI
 * operation (plugins/openapi.ts): per status, what it is and its media types (the range of all
 * types when it is the file's own), each with the zod schema of its JSON or null for bytes of
 * that type. No content: no body (a 204, a redirect, an upgrade).
 */
import type { ZodType } from 'zod';

export type RouteAnswers = Record<
  number,
  { description: string; content?: Record<string, ZodType | null> }
>;

/** A 204: done, and the answer has no body. */
export const NO_CONTENT: RouteAnswers = { 204: { description: 'Done; the answer has no body.' } };
