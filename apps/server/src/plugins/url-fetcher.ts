import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { LookupFunction } from 'node:net';
import type { Config } from '../env.ts';
import { createSafeFetch, type SafeFetch } from '../lib/safe-fetch.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The one fetcher of user-given URLs (DESIGN §3.14; lib/safe-fetch.ts): data services,
     * AI image modification and the screenshot browser's every request go through it.
     */
    urlFetcher: SafeFetch;
  }
}

export interface UrlFetcherPluginOptions {
  config: Pick<Config, 'URL_ALLOW_LIST' | 'URL_FETCH_TIMEOUT_MS' | 'URL_FETCH_MAX_BYTES'>;
  /** A resolver the caller controls (tests); Node's dns.lookup otherwise. */
  lookup?: LookupFunction;
  /** Extra trusted CA certificates (tests' HTTPS fixture). */
  ca?: string | Buffer;
}

/** Decorates `app.urlFetcher` once for every module. */
async function urlFetcherPlugin(app: FastifyInstance, options: UrlFetcherPluginOptions) {
  const { config } = options;
  app.decorate(
    'urlFetcher',
    createSafeFetch({
      allowList: config.URL_ALLOW_LIST,
      timeoutMs: config.URL_FETCH_TIMEOUT_MS,
      maxBytes: config.URL_FETCH_MAX_BYTES,
      lookup: options.lookup,
      ca: options.ca,
    }),
  );
}

export default fp(urlFetcherPlugin, { name: 'url-fetcher' });
