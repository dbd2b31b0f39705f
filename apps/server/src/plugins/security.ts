import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { isApiPath } from '../lib/paths.ts';
import { API_SECURITY_HEADERS, DOCUMENT_SECURITY_HEADERS } from '../lib/security-headers.ts';
import { createPreviewHeaders, isPreviewPath } from './preview-headers.ts';

/**
 * Security headers on every response (lib/security-headers.ts). We use helmet's core library with
 * our options, but compute the headers once at start: @fastify/helmet rebuilds helmet (and
 * re-parses the CSP) on every request, which cost about a tenth of the CPU of an authenticated
 * GET /api/auth/me.
 */
async function securityPlugin(app: FastifyInstance) {
  const preview = createPreviewHeaders(DOCUMENT_SECURITY_HEADERS['strict-transport-security']!);
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    if (isApiPath(url)) reply.headers(API_SECURITY_HEADERS);
    // The live preview's sandbox document and files have their own (plugins/preview-headers.ts).
    else if (isPreviewPath(url)) {
      const fetch = {
        site: request.headers['sec-fetch-site'] as string | undefined,
        dest: request.headers['sec-fetch-dest'] as string | undefined,
      };
      reply.headers(preview.of(url, request.protocol, request.host, fetch));
    } else reply.headers(DOCUMENT_SECURITY_HEADERS);
    done();
  });
}

export default fp(securityPlugin, { name: 'security' });
