/**
 * Data services (SPEC §3 Scrape result, §7.3; DESIGN §2c): fetch, scrape, extract, search and
 * screenshot, without HTTP. Every user-given URL goes through the app's SSRF-safe fetcher
 * (DESIGN §3.14); documents are read by the worker pool; a scrape's `extract` is the metered
 * AI object call.
 */
import {
  type AiMeter,
  type AiUsage,
  type DataExtractResult,
  type DataFetchResult,
  type DataScrapeResult,
  type DocumentKind,
} from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import {
  assertOk,
  fetchFailureToAppError,
  type FetchedResponse,
  type SafeFetch,
} from '../../lib/safe-fetch.ts';
import type { AiMediaService } from '../ai/ai-media.service.ts';
import { compileObjectSchema } from '../ai/object-schema.ts';
import type { DocumentPool } from './document-pool.ts';
import { decodeText, documentKindOf, EXTRACT_ACCEPT, markdownTitle } from './document-kind.ts';

/** Media types `/fetch` returns as text. */
export const FETCH_TEXT_TYPES = [
  'text/*',
  'application/json',
  'application/ld+json',
  'application/manifest+json',
  'application/feed+json',
  'application/xml',
  'application/xhtml+xml',
  'application/rss+xml',
  'application/atom+xml',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'image/svg+xml',
] as const;
const HTML_TYPES = ['text/html', 'application/xhtml+xml'] as const;
/** Markdown of a page sent to the model for `extract`, at most. */
const EXTRACT_CONTEXT_MAX_CHARS = 60_000;

export interface DataServiceDeps {
  fetcher: SafeFetch;
  documents: DocumentPool;
  ai: AiMediaService;
}

export function createDataService({ fetcher, documents, ai }: DataServiceDeps) {
  async function get(
    url: string,
    accept: readonly string[],
    signal: AbortSignal,
  ): Promise<FetchedResponse> {
    try {
      return await fetcher.fetch({ url, accept, signal });
    } catch (err) {
      throw fetchFailureToAppError(err, 'url');
    }
  }

  /** Text and metadata of a document's bytes, whatever its kind. */
  async function read(input: {
    bytes: Uint8Array;
    mimeType: string;
    charset: string | null;
    fileName?: string | null;
    url: string | null;
  }): Promise<DataExtractResult> {
    const kind: DocumentKind | null = documentKindOf(input);
    if (kind === null) {
      throw new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        415,
        `This is not a document we can read (${input.mimeType || 'unknown type'}); send HTML, PDF, Markdown or plain text.`,
      );
    }
    const base = {
      kind,
      contentType: input.mimeType || 'application/octet-stream',
      url: input.url,
      title: null as string | null,
      description: null as string | null,
      author: null as string | null,
      language: null as string | null,
      pages: null as number | null,
    };
    if (kind === 'pdf') {
      const pdf = await documents.pdf(input.bytes);
      return {
        text: pdf.text,
        metadata: {
          ...base,
          title: pdf.title,
          author: pdf.author,
          description: pdf.description,
          language: pdf.language,
          pages: pdf.pages,
        },
      };
    }
    const text = decodeText(input.bytes, input.charset, kind);
    if (kind === 'html') {
      const page = await documents.html(text, input.url ?? 'https://document.invalid/');
      return {
        text: page.markdown,
        metadata: {
          ...base,
          title: page.metadata.title,
          description: page.metadata.description,
          author: page.metadata.byline,
          language: page.metadata.language,
        },
      };
    }
    return { text, metadata: { ...base, title: kind === 'markdown' ? markdownTitle(text) : null } };
  }

  return {
    /** GET of a public URL: final URL, status, headers and the body as text. */
    async fetch(url: string, signal: AbortSignal): Promise<DataFetchResult> {
      const res = await get(url, FETCH_TEXT_TYPES, signal);
      return {
        url: res.url,
        status: res.status,
        headers: res.headers,
        body: decodeText(res.body, res.charset, res.mimeType.includes('html') ? 'html' : 'text'),
      };
    },

    /**
     * A page as Markdown (its readable content), with its HTML, metadata and absolute links;
     * with `extract`, also the AI object made from its Markdown with the caller's schema.
     */
    async scrape(input: {
      url: string;
      extract?: { schema: Record<string, unknown>; prompt?: string };
      userId: string;
      advanced: boolean;
      meter: AiMeter;
      signal: AbortSignal;
    }): Promise<DataScrapeResult> {
      if (input.extract) {
        // Configuration and schema first: nothing is fetched for a call that cannot finish.
        ai.assertConfigured('object');
        compileObjectSchema(input.extract.schema, 'extract.schema');
      }
      const res = assertOk(await get(input.url, HTML_TYPES, input.signal), 'url');
      const html = decodeText(res.body, res.charset, 'html');
      const page = await documents.html(html, res.url);
      const result: DataScrapeResult = {
        url: res.url,
        markdown: page.markdown,
        html,
        metadata: page.metadata,
        links: page.links,
      };
      if (input.extract) {
        const instruction =
          input.extract.prompt?.trim() ||
          'Extract the information the JSON Schema describes from this web page.';
        const made: { object: unknown; usage?: AiUsage } = await ai.object({
          userId: input.userId,
          advanced: input.advanced,
          meter: input.meter,
          signal: input.signal,
          body: {
            schema: input.extract.schema,
            system:
              'You read web pages and extract structured data from them. Use only what the page says.',
            prompt: `${instruction}\n\nPage: ${res.url}\n\n${page.markdown.slice(0, EXTRACT_CONTEXT_MAX_CHARS)}`,
          },
        });
        result.extract = made.object;
        if (made.usage) result.usage = made.usage;
      }
      return result;
    },

    /** Text and metadata of the document at a URL (HTML, PDF, Markdown or text). */
    async extractFromUrl(url: string, signal: AbortSignal): Promise<DataExtractResult> {
      const res = assertOk(await get(url, EXTRACT_ACCEPT, signal), 'url');
      return read({
        bytes: res.body,
        mimeType: res.mimeType,
        charset: res.charset,
        fileName: new URL(res.url).pathname,
        url: res.url,
      });
    },

    /** Text and metadata of an uploaded document. */
    extractFromBlob(file: { bytes: Uint8Array; mimeType: string; fileName: string | null }) {
      return read({
        ...file,
        charset: /charset=([\w-]+)/i.exec(file.mimeType)?.[1] ?? null,
        url: null,
        mimeType: file.mimeType.split(';')[0]!.trim().toLowerCase(),
      });
    },
  };
}

export type DataService = ReturnType<typeof createDataService>;
