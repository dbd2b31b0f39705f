import type { FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';

/** The bucket of requests whose connection closed before the limiter saw its address. */
export const CLOSED_CONNECTION_KEY = 'closed-connection';

/**
 * @fastify/rate-limit's key, by client address (an IPv6 client by its /64), but safe on a
 * request whose socket already closed: Node then reports no remote address, and the
 * plugin's own key generator calls `.toLowerCase()` on undefined, a 500 for an answer
 * nobody reads. Such requests share one bucket; they cannot get an answer anyway.
 */
export function rateLimitKeyOf(request: FastifyRequest): string {
  const ip = request.ip as string | undefined;
  return ip ? normalizeIP(ip) : CLOSED_CONNECTION_KEY;
}
