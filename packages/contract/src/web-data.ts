/**
 * Data services (SPEC §3 "Scrape result", §7.3, §9; DESIGN §2c, §3.14): wire shapes of
 * `/api/data/{project}/fetch|scrape|extract-from-url|extract-from-blob|screenshot|search`
 * and the caps of every server-side request to a URL a user gave.
 */
import { z } from 'zod';
import { SEARCH_LANGUAGE_DEFAULT } from './constants.ts';
import { AI_PROMPT_MAX_CHARS, AiMeterFieldSchema, AiUsageSchema } from './ai.ts';
import {
  DATA_SEARCH_LIMIT_DEFAULT,
  DATA_SEARCH_LIMIT_MAX,
  DATA_SEARCH_QUERY_MAX_CHARS,
  DATA_URL_MAX_CHARS,
  SCREENSHOT_HEIGHT,
  SCREENSHOT_WIDTH,
} from './web-data-limits.ts';

const url = z
  .string({ error: 'url is required' })
  .min(1, 'url is required')
  .max(DATA_URL_MAX_CHARS, `must be at most ${DATA_URL_MAX_CHARS} characters`);

/** Body of `/fetch` and `/extract-from-url`. */
export const DataUrlRequestSchema = z.strictObject({ url });
export type DataUrlRequest = z.infer<typeof DataUrlRequestSchema>;

/** 200 answer of `/fetch`: the final URL (after redirects), status, headers and text body. */
export const DataFetchResultSchema = z.object({
  url: z.string(),
  status: z.number().int(),
  headers: z.record(z.string(), z.string()),
  body: z.string(),
});
export type DataFetchResult = z.infer<typeof DataFetchResultSchema>;

/** Body of `/scrape`; `extract` runs the AI object call on the page's markdown. */
export const DataScrapeRequestSchema = z.strictObject({
  url,
  extract: z
    .strictObject({
      schema: z.record(z.string(), z.unknown(), {
        error: 'extract.schema must be a JSON Schema object',
      }),
      prompt: z
        .string()
        .max(AI_PROMPT_MAX_CHARS, `must be at most ${AI_PROMPT_MAX_CHARS} characters`)
        .optional(),
    })
    .optional(),
  meter: AiMeterFieldSchema,
});
export type DataScrapeRequest = z.infer<typeof DataScrapeRequestSchema>;
export type DataScrapeRequestInput = z.input<typeof DataScrapeRequestSchema>;

/** Page metadata: the document's own, Open Graph (`og:*` without the prefix) and the reader's. */
export const PageMetadataSchema = z.object({
  title: z.string().nullable(),
  description: z.string().nullable(),
  language: z.string().nullable(),
  canonicalUrl: z.string().nullable(),
  siteName: z.string().nullable(),
  byline: z.string().nullable(),
  publishedTime: z.string().nullable(),
  image: z.string().nullable(),
  openGraph: z.record(z.string(), z.string()),
});
export type PageMetadata = z.infer<typeof PageMetadataSchema>;

/** 200 answer of `/scrape` (SPEC §3 Scrape result). */
export const DataScrapeResultSchema = z.object({
  url: z.string(),
  markdown: z.string(),
  html: z.string(),
  metadata: PageMetadataSchema,
  links: z.array(z.string()),
  extract: z.unknown().optional(),
  usage: AiUsageSchema.optional(),
});
export type DataScrapeResult = z.infer<typeof DataScrapeResultSchema>;

/** What an extract call read. */
export const DOCUMENT_KINDS = ['html', 'pdf', 'markdown', 'text'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** 200 answer of `/extract-from-url` and `/extract-from-blob`. */
export const DataExtractResultSchema = z.object({
  text: z.string(),
  metadata: z.object({
    kind: z.enum(DOCUMENT_KINDS),
    contentType: z.string(),
    title: z.string().nullable(),
    description: z.string().nullable(),
    author: z.string().nullable(),
    language: z.string().nullable(),
    pages: z.number().int().nullable(),
    url: z.string().nullable(),
  }),
});
export type DataExtractResult = z.infer<typeof DataExtractResultSchema>;

const intIn = (name: string, b: { min: number; max: number }) =>
  z
    .number()
    .int(`${name} must be a whole number`)
    .min(b.min, `${name} must be at least ${b.min}`)
    .max(b.max, `${name} must be at most ${b.max}`);

/** Body of `/screenshot` → a PNG. */
export const DataScreenshotRequestSchema = z.strictObject({
  url,
  width: intIn('width', SCREENSHOT_WIDTH).default(SCREENSHOT_WIDTH.default),
  height: intIn('height', SCREENSHOT_HEIGHT).default(SCREENSHOT_HEIGHT.default),
  fullPage: z.boolean().default(false),
});
export type DataScreenshotRequest = z.infer<typeof DataScreenshotRequestSchema>;
export type DataScreenshotRequestInput = z.input<typeof DataScreenshotRequestSchema>;

/** Body of `/search` (SPEC §9: language en by default). */
export const DataSearchRequestSchema = z.strictObject({
  query: z
    .string({ error: 'query is required' })
    .max(DATA_SEARCH_QUERY_MAX_CHARS, `must be at most ${DATA_SEARCH_QUERY_MAX_CHARS} characters`)
    .refine((s) => s.trim() !== '', 'query must not be blank'),
  language: z
    .string()
    .regex(/^(all|[a-z]{2}(-[A-Za-z]{2})?)$/, 'must be a language code such as "en" or "en-US"')
    .default(SEARCH_LANGUAGE_DEFAULT),
  limit: intIn('limit', { min: 1, max: DATA_SEARCH_LIMIT_MAX }).default(DATA_SEARCH_LIMIT_DEFAULT),
});
export type DataSearchRequest = z.infer<typeof DataSearchRequestSchema>;
export type DataSearchRequestInput = z.input<typeof DataSearchRequestSchema>;

export const DataSearchResultSchema = z.object({
  results: z.array(z.object({ title: z.string(), url: z.string(), snippet: z.string() })),
});
export type DataSearchResult = z.infer<typeof DataSearchResultSchema>;

/**
 * 200 answer of `GET /api/data/{project}/capabilities`: which data services this server offers.
 * fetch, scrape and extract are built in (always true); screenshot needs Chromium, search a
 * provider (docs/operations.md § Data services).
 */
export const DataCapabilitiesSchema = z.object({
  fetch: z.boolean(),
  scrape: z.boolean(),
  extract: z.boolean(),
  screenshot: z.boolean(),
  search: z.boolean(),
});
export type DataCapabilitiesInfo = z.infer<typeof DataCapabilitiesSchema>;
