/**
 * Web search (DESIGN §2c; SPEC §9 language en): through a self-hosted SearXNG (SEARXNG_URL,
 * its JSON API) or the Brave Search API (BRAVE_SEARCH_API_KEY). These are operator-configured
 * services, not user-given URLs, so they are called directly, with a time limit.
 */
import type { DataSearchRequest, DataSearchResult } from '@codewright/contract';
import type { Config } from '../../env.ts';
import { AppError } from '../../lib/app-error.ts';

const BRAVE_DEFAULT_URL = 'https://api.search.brave.com/res/v1/web/search';
const SEARCH_TIMEOUT_MS = 10_000;
const TAG = /<[^>]*>/g;

type Results = DataSearchResult['results'];

export interface SearchProvider {
  /** The provider's name, or null with the sentence saying how to configure one. */
  name: 'searxng' | 'brave' | null;
  reason: string;
  search(request: DataSearchRequest, signal?: AbortSignal): Promise<DataSearchResult>;
}

const clean = (s: unknown) =>
  typeof s === 'string' ? s.replace(TAG, '').replace(/\s+/g, ' ').trim() : '';

async function getJson(
  url: URL,
  headers: Record<string, string>,
  what: string,
  signal?: AbortSignal,
) {
  const timeout = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: 'application/json', ...headers },
      signal: signal ? AbortSignal.any([timeout, signal]) : timeout,
    });
  } catch {
    throw new AppError(
      'DATA_PROVIDER_ERROR',
      502,
      timeout.aborted
        ? `${what} took longer than 10 s. Please try again.`
        : `${what} could not be reached. Please try again in a moment.`,
    );
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new AppError(
      'DATA_PROVIDER_ERROR',
      502,
      `${what} answered HTTP ${res.status}. Please try again.`,
    );
  }
  try {
    return (await res.json()) as unknown;
  } catch {
    throw new AppError(
      'DATA_PROVIDER_ERROR',
      502,
      `${what} sent an answer that is not JSON (is its JSON format enabled?).`,
    );
  }
}

/** The configured search provider (SearXNG first, then Brave), or "not configured". */
export function createSearchProvider(
  config: Pick<Config, 'SEARXNG_URL' | 'BRAVE_SEARCH_API_KEY' | 'BRAVE_SEARCH_URL'>,
): SearchProvider {
  if (config.SEARXNG_URL) {
    const base = config.SEARXNG_URL.replace(/\/+$/, '');
    return {
      name: 'searxng',
      reason: '',
      async search({ query, language, limit }, signal) {
        const url = new URL(`${base}/search`);
        url.searchParams.set('q', query);
        url.searchParams.set('format', 'json');
        url.searchParams.set('language', language);
        url.searchParams.set('safesearch', '1');
        const body = (await getJson(url, {}, 'The search service (SearXNG)', signal)) as {
          results?: { title?: unknown; url?: unknown; content?: unknown }[];
        };
        const results: Results = (body.results ?? [])
          .filter((r) => typeof r.url === 'string')
          .slice(0, limit)
          .map((r) => ({ title: clean(r.title), url: r.url as string, snippet: clean(r.content) }));
        return { results };
      },
    };
  }
  if (config.BRAVE_SEARCH_API_KEY) {
    const key = config.BRAVE_SEARCH_API_KEY;
    const endpoint = config.BRAVE_SEARCH_URL ?? BRAVE_DEFAULT_URL;
    return {
      name: 'brave',
      reason: '',
      async search({ query, language, limit }, signal) {
        const url = new URL(endpoint);
        url.searchParams.set('q', query);
        url.searchParams.set('count', String(limit));
        if (language !== 'all')
          url.searchParams.set('search_lang', language.split('-')[0] as string);
        const body = (await getJson(
          url,
          { 'x-subscription-token': key },
          'The search service (Brave)',
          signal,
        )) as {
          web?: { results?: { title?: unknown; url?: unknown; description?: unknown }[] };
        };
        const results: Results = (body.web?.results ?? [])
          .filter((r) => typeof r.url === 'string')
          .slice(0, limit)
          .map((r) => ({
            title: clean(r.title),
            url: r.url as string,
            snippet: clean(r.description),
          }));
        return { results };
      },
    };
  }
  return {
    name: null,
    reason:
      'Search is not configured on this server: set SEARXNG_URL to a SearXNG instance (with its JSON format enabled) or BRAVE_SEARCH_API_KEY (see docs/operations.md § Data services).',
    search: async () => {
      throw new AppError('DATA_NOT_CONFIGURED', 503);
    },
  };
}
