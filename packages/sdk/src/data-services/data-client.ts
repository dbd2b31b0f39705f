/**
 * `client.data` (DESIGN §2c; docs/api.md § Data): fetch, scrape, extract from a URL or a file,
 * screenshot and search. Blank URLs and queries are refused before sending; every failure is a
 * `DataError` (SPEC §8.1), a 401 an AuthError.
 */
import { DATA_BLOB_MAX_BYTES } from '@codewright/contract';
import { DataError, familyErrorMapper } from '../errors.ts';
import type { HttpClient } from '../http.ts';
import { parseResponse } from '../response.ts';
import { appendFile, assertUploadBlob } from '../upload-form.ts';
import type { DataClient, RequestOptions } from '../types.ts';

const invalid = (message: string) =>
  new DataError({ code: 'VALIDATION_ERROR', message, status: null });
const mapError = familyErrorMapper(DataError);

function assertUrl(url: unknown): asserts url is string {
  if (typeof url !== 'string' || url.trim() === '')
    throw invalid('A URL is required, e.g. https://example.org/.');
}

/** Builds `client.data`. */
export function createDataClient(options: { http: HttpClient; projectId: string }): DataClient {
  const { http } = options;
  const base = `/api/data/${encodeURIComponent(options.projectId)}`;
  const post = (path: string, body: unknown, signal?: AbortSignal) =>
    http({ method: 'POST', path: `${base}/${path}`, body, signal, mapError });

  return {
    async capabilities(request: RequestOptions = {}) {
      const body = await http({ path: `${base}/capabilities`, signal: request.signal, mapError });
      return parseResponse('DataCapabilitiesSchema', body);
    },

    async fetch(url: string, request: RequestOptions = {}) {
      assertUrl(url);
      return parseResponse('DataFetchResultSchema', await post('fetch', { url }, request.signal));
    },

    async scrape(params) {
      assertUrl(params?.url);
      const body = { url: params.url, extract: params.extract, meter: params.meter };
      return parseResponse('DataScrapeResultSchema', await post('scrape', body, params.signal));
    },

    async extractFromUrl(url: string, request: RequestOptions = {}) {
      assertUrl(url);
      return parseResponse(
        'DataExtractResultSchema',
        await post('extract-from-url', { url }, request.signal),
      );
    },

    async extractFromBlob(file: Blob, request: RequestOptions = {}) {
      assertUploadBlob(DataError, file, DATA_BLOB_MAX_BYTES, {
        missing: 'A non-empty file is required.',
        tooLarge: 'The document is larger than 10 MB; send a smaller one.',
      });
      const form = new FormData();
      appendFile(form, file, 'document');
      return parseResponse(
        'DataExtractResultSchema',
        await post('extract-from-blob', form, request.signal),
      );
    },

    async screenshot(params) {
      assertUrl(params?.url);
      return http<Blob>({
        method: 'POST',
        path: `${base}/screenshot`,
        body: {
          url: params.url,
          width: params.width,
          height: params.height,
          fullPage: params.fullPage,
        },
        headers: { Accept: 'image/png' },
        responseType: 'blob',
        signal: params.signal,
        mapError,
      });
    },

    async search(params) {
      if (typeof params?.query !== 'string' || params.query.trim() === '') {
        throw invalid('A search query is required.');
      }
      const body = { query: params.query, language: params.language, limit: params.limit };
      return parseResponse('DataSearchResultSchema', await post('search', body, params.signal));
    },
  };
}
