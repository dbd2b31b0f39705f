/**
 * Environment variables of the data services and of every server request to a user-given URL
 * (docs/operations.md § Data services), spread into the one EnvSchema of src/env.ts (which
 * stays the only reader of process.env). Defaults live in packages/contract (web-data.ts).
 */
import { z } from 'zod';
import { URL_FETCH_MAX_BYTES_DEFAULT, URL_FETCH_TIMEOUT_MS_DEFAULT } from '@codewright/contract';
import { blankIsUnset, optionalString, optionalUrl, positiveInt } from '../../lib/env-fields.ts';
import { parseAllowList } from '../../lib/url-policy.ts';

export const DATA_ENV = {
  /**
   * Hosts (`name`, `name:port`, an IP) and networks (CIDR) that server-side fetches may reach
   * although they are not public (DESIGN §3.14): for operators' intranets and tests.
   */
  URL_ALLOW_LIST: z.preprocess(blankIsUnset, z.string().optional()).transform((v, ctx) => {
    const entries = (v ?? '')
      .split(',')
      .map((e) => e.trim())
      .filter(Boolean);
    try {
      return parseAllowList(entries);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  }),
  URL_FETCH_TIMEOUT_MS: positiveInt(URL_FETCH_TIMEOUT_MS_DEFAULT),
  URL_FETCH_MAX_BYTES: positiveInt(URL_FETCH_MAX_BYTES_DEFAULT),
  /** Chromium for screenshots; unset: /usr/bin/chromium (or chromium-browser) when installed. */
  CHROMIUM_PATH: optionalString,
  /** A SearXNG instance (its JSON API must be on: `search.formats: [html, json]`). */
  SEARXNG_URL: optionalUrl,
  /** Brave Search API key (used when SEARXNG_URL is unset). */
  BRAVE_SEARCH_API_KEY: optionalString,
  /** Brave Search endpoint; its default is Brave's own. */
  BRAVE_SEARCH_URL: optionalUrl,
};
