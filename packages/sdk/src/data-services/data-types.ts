/** Public shapes of the data client (data-client.ts); docs/api.md § Data. */
import type {
  DataCapabilitiesInfo,
  DataExtractResult,
  DataFetchResult,
  DataScrapeResult,
  DataSearchResult,
} from '@codewright/contract';
import type { MeteredParams } from '../ai/ai-types.ts';
import type { RequestOptions } from '../request-options.ts';

export interface DataScrapeParams extends MeteredParams {
  url: string;
  /** Also make an object with this schema from the page (an AI object call, metered). */
  extract?: { schema: Record<string, unknown>; prompt?: string };
}

export interface DataScreenshotParams {
  url: string;
  /** 320–1920, default 1280. */
  width?: number;
  /** 240–2160, default 800. */
  height?: number;
  fullPage?: boolean;
  signal?: AbortSignal;
}

export interface DataSearchParams {
  query: string;
  /** Default `en` (SPEC §9). */
  language?: string;
  /** 1–20, default 10. */
  limit?: number;
  signal?: AbortSignal;
}

/**
 * Data services (DESIGN §2c). The server fetches only public http(s) addresses (DESIGN §3.14).
 * Failures reject with `DataError` (a 401 stays an AuthError) whose `code` is VALIDATION_ERROR,
 * URL_NOT_ALLOWED (the message says why), URL_FETCH_FAILED, UNSUPPORTED_MEDIA_TYPE,
 * FILE_TOO_LARGE, DATA_NOT_CONFIGURED, DATA_PROVIDER_ERROR, or an AI code for `extract`.
 */
export interface DataClient {
  /** Which data services this server offers (screenshot needs Chromium, search a provider). */
  capabilities(options?: RequestOptions): Promise<DataCapabilitiesInfo>;
  /** A GET of a public URL: final URL, status, headers and the text body. */
  fetch(url: string, options?: RequestOptions): Promise<DataFetchResult>;
  /**
   * A page as Markdown (its readable content), with html, metadata and absolute links.
   * @example
   * const { markdown, metadata } = await client.data.scrape({ url: 'https://example.org/' });
   */
  scrape(params: DataScrapeParams): Promise<DataScrapeResult>;
  /** Text and metadata of the HTML page, PDF, Markdown or text file at a URL. */
  extractFromUrl(url: string, options?: RequestOptions): Promise<DataExtractResult>;
  /** Text and metadata of a file (HTML, PDF, Markdown or text; at most 10 MB). */
  extractFromBlob(file: Blob, options?: RequestOptions): Promise<DataExtractResult>;
  /** A PNG of a page (a Blob). */
  screenshot(params: DataScreenshotParams): Promise<Blob>;
  search(params: DataSearchParams): Promise<DataSearchResult>;
}
