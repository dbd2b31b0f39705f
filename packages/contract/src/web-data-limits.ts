/** Caps of every server-side request to a URL a user gave, and of the data calls (DESIGN §3.14). */
// Kept apart from the schemas: the SDK reads these on every page (docs/decisions/007), and a
// module that builds zod schemas would bring zod with it (apps/web/vite.config.ts).

/** Largest answer (bytes, after decompression) fetched from a user-given URL (DESIGN §3.14). */
export const URL_FETCH_MAX_BYTES_DEFAULT = 10 * 1024 * 1024;
/** Longest time (ms) one fetch of a user-given URL may take, redirects included. */
export const URL_FETCH_TIMEOUT_MS_DEFAULT = 10_000;
/** Most redirects one fetch follows; each hop is checked again. */
export const URL_MAX_REDIRECTS = 5;
/** Longest URL accepted. */
export const DATA_URL_MAX_CHARS = 2048;
/** Largest upload to extract-from-blob. */
export const DATA_BLOB_MAX_BYTES = 10 * 1024 * 1024;
/** Longest time (ms) the server spends reading one document (HTML or PDF) before giving up. */
export const DOCUMENT_READ_TIMEOUT_MS = 10_000;
/** Most search results one call may ask for. */
export const DATA_SEARCH_LIMIT_MAX = 20;
export const DATA_SEARCH_LIMIT_DEFAULT = 10;
export const DATA_SEARCH_QUERY_MAX_CHARS = 500;
/** Screenshot viewport bounds (pixels) and defaults. */
export const SCREENSHOT_WIDTH = { min: 320, max: 1920, default: 1280 } as const;
export const SCREENSHOT_HEIGHT = { min: 240, max: 2160, default: 800 } as const;
/** A full-page screenshot is cut at this height. */
export const SCREENSHOT_FULL_PAGE_MAX_HEIGHT = 8000;
