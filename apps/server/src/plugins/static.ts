import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES } from '@codewright/contract';

export interface StaticPluginOptions {
  webDistDir: string;
}

export const NOT_BUILT_MESSAGE =
  'Codewright: the web app is not built yet. Run `npm run build` (or `npm start`, which builds it), then reload. The API under /api still works.';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function notFoundJson(reply: FastifyReply) {
  return reply.code(404).send({ error: { code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND } });
}

/**
 * Serves the built SPA with history fallback: any GET outside /api that is not
 * a file gets index.html. Hashed files under /assets are cached for good;
 * index.html is revalidated every time so a deploy is picked up at once.
 */
async function staticPlugin(app: FastifyInstance, options: StaticPluginOptions) {
  const root = options.webDistDir;
  const built = fs.existsSync(path.join(root, 'index.html'));

  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      index: false,
      cacheControl: false,
      // The web build writes .br/.gz copies of its assets; send them when the browser accepts them.
      preCompressed: true,
      setHeaders(reply, filePath) {
        const rel = path.relative(root, filePath).split(path.sep).join('/');
        reply.header('cache-control', rel.startsWith('assets/') ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    return reply
      .header('cache-control', 'no-cache')
      .sendFile('index.html', { cacheControl: false });
  };

  app.get('/', sendIndex);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (isApiPath(url)) return notFoundJson(reply);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed asset is a real 404, not the SPA: a stale page must not get HTML as JS.
    if (!wantsPage || url.startsWith('/assets/')) return notFoundJson(reply);
    return sendIndex(request, reply);
  });
}

export default fp(staticPlugin, { name: 'static' });
