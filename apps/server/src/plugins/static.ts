import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_MESSAGES, PREVIEW_FRAME_PATH, PREVIEW_MANIFEST_PATH } from '@codewright/contract';
import { isApiPath } from '../lib/paths.ts';

export interface StaticPluginOptions {
  webDistDir: string;
}

export const NOT_BUILT_MESSAGE =
  'Codewright: the web app is not built yet. Run `npm run build` (or `npm start`, which builds it), then reload. The API under /api still works.';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Files whose name changes with their content: the hashed bundles under assets/, and the live
 * preview's files (hashed, or under a folder named after Pyodide's version) except its
 * document and manifest, which keep their names (docs/preview.md).
 */
function isImmutable(rel: string): boolean {
  if (rel.startsWith('assets/')) return true;
  return (
    rel.startsWith('preview/') &&
    `/${rel}` !== PREVIEW_FRAME_PATH &&
    `/${rel}` !== PREVIEW_MANIFEST_PATH
  );
}

function notFoundJson(reply: FastifyReply) {
  return reply.code(404).send({ error: { code: 'NOT_FOUND', message: ERROR_MESSAGES.NOT_FOUND } });
}

/** The path of a request URL without its query, and without a trailing slash (`/features/`). */
function pathOf(url: string): string {
  const end = url.search(/[?#]/);
  const path = end === -1 ? url : url.slice(0, end);
  return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
}

/**
 * The public pages the web build renders to HTML (apps/web/scripts/prerender.mjs writes
 * pages/<name>.html; "index" is /): URL path → file. Empty for a build without them.
 */
function prerenderedPages(root: string): Map<string, string> {
  const pages = new Map<string, string>();
  let files: string[] = [];
  try {
    files = fs.readdirSync(path.join(root, 'pages'));
  } catch {
    return pages;
  }
  for (const file of files) {
    const name = /^([a-z0-9-]+)\.html$/.exec(file)?.[1];
    if (name) pages.set(name === 'index' ? '/' : `/${name}`, `pages/${file}`);
  }
  return pages;
}

/**
 * Serves the built SPA with history fallback: any GET outside /api that is not
 * a file gets index.html, or the page's prerendered HTML when the build made one. Hashed files under /assets are cached for good;
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
        reply.header('cache-control', isImmutable(rel) ? IMMUTABLE : 'no-cache');
      },
    });
  }

  const pages = prerenderedPages(root);
  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!built) return reply.code(503).type('text/plain; charset=utf-8').send(NOT_BUILT_MESSAGE);
    const page = pages.get(pathOf(request.url));
    return reply
      .header('cache-control', 'no-cache')
      .sendFile(page ?? 'index.html', { cacheControl: false });
  };

  app.get('/', sendIndex);

  app.setNotFoundHandler((request, reply) => {
    const url = request.url;
    if (isApiPath(url)) return notFoundJson(reply);
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing hashed asset is a real 404, not the SPA: a stale page must not get HTML as JS.
    if (!wantsPage || url.startsWith('/assets/') || url.startsWith('/preview/'))
      return notFoundJson(reply);
    return sendIndex(request, reply);
  });
}

export default fp(staticPlugin, { name: 'static' });
