/**
 * The test-mode check that keeps GET /api/openapi.json true (issue 48): every successful answer
 * the API suite reads must be one its route documents, either a response schema for that status
 * or one of its `config.answers`, with a documented media type. JSON the route wrote itself is
 * checked against its zod schema here (objects are checked by lib/response-serializer.ts). An
 * answer that is neither fails the request, so the test that made it fails and names the route.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodType } from 'zod';
import { zodSchemaOf } from '../lib/response-serializer.ts';

const ANY_TYPE = '*/*';

/** Why an answer is not the documented one, or null when it is. */
function mismatch(request: FastifyRequest, status: number, type: string, payload: unknown) {
  const { schema, config } = request.routeOptions;
  const responses = (schema?.response ?? {}) as Record<string, unknown>;
  const documented = responses[status] ?? responses[`${Math.floor(status / 100)}xx`];
  const answer = config.answers?.[status];
  if (!documented && !answer)
    return 'its OpenAPI operation does not document it. Give the route a response schema for it, or config.answers when no schema can say it.';
  let zod: ZodType | null | undefined = documented ? zodSchemaOf(documented) : undefined;
  if (!documented && answer) {
    const content = answer.content ?? {};
    const media = Object.keys(content);
    const sent = type.split(';')[0]!.trim();
    if (media.length > 0 && !media.includes(ANY_TYPE) && !media.includes(sent))
      return `it was ${sent || 'untyped'}, documented as ${media.join(' or ')}.`;
    if (media.length === 0 && payload) return 'it has a body, documented as none.';
    zod = content[sent];
  }
  if (!zod || typeof payload !== 'string' || payload === '' || !/^application\/json/.test(type))
    return null;
  const result = zod.safeParse(JSON.parse(payload));
  return result.success ? null : `its JSON does not match its schema: ${result.error.message}`;
}

export function checkAnswerDocumented(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (error: Error | null, payload?: unknown) => void,
) {
  const status = reply.statusCode;
  if (status < 200 || status >= 300 || !request.url.startsWith('/api/')) {
    done(null, payload);
    return;
  }
  const why = mismatch(request, status, String(reply.getHeader('content-type') ?? ''), payload);
  if (why === null) {
    done(null, payload);
    return;
  }
  const route = request.routeOptions.url ?? request.url;
  done(new Error(`${request.method} ${route} answered ${status}, which is wrong: ${why}`));
}
