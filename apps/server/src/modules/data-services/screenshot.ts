/**
 * Screenshots (DESIGN §2c) through the machine's Chromium (playwright-core drives it; no browser
 * is ever downloaded). The browser never reaches the network itself (DESIGN §3.14,
 * docs/decisions/018): every request it makes — the page, its images, scripts, frames, popups,
 * each redirect hop — is answered by the app's SSRF-safe fetcher through request interception;
 * WebSockets are closed; anything else would go to a proxy that does not exist. After a redirect
 * the page keeps the URL asked for (its relative links resolve against it, then redirect again).
 */
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Route } from 'playwright-core';
import { SCREENSHOT_FULL_PAGE_MAX_HEIGHT, type DataScreenshotRequest } from '@codewright/contract';
import { AppError } from '../../lib/app-error.ts';
import { fetchFailureToAppError, type SafeFetch, UrlRefusedError } from '../../lib/safe-fetch.ts';
import { checkUrl, type AllowEntry } from '../../lib/url-policy.ts';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
/** Screenshots taken at once; more wait their turn (a browser page is heavy on 2 cores). */
const AT_ONCE = 2;
/** Requests one page may make, and bytes it may load, before the rest are refused. */
const PAGE_REQUESTS_MAX = 200;
const PAGE_BYTES_MAX = 30 * 1024 * 1024;
/** Response headers that no longer describe the body the fetcher hands over (decompressed). */
const DROPPED_HEADERS = new Set([
  'content-encoding',
  'content-length',
  'transfer-encoding',
  'connection',
]);

const LAUNCH_ARGS = [
  // Nothing the interception does not answer may reach the network.
  '--proxy-server=http://127.0.0.1:9',
  '--proxy-bypass-list=<-loopback>',
  '--force-webrtc-ip-handling-policy',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-domain-reliability',
  '--disable-sync',
  '--disable-dev-shm-usage',
  '--no-first-run',
  '--mute-audio',
];

export interface ScreenshotterOptions {
  /** CHROMIUM_PATH; unset: the usual Debian paths. */
  chromiumPath: string | undefined;
  fetcher: SafeFetch;
  allowList: readonly AllowEntry[];
  timeoutMs: number;
}

/** Finds Chromium, or says how to install one. */
export function findChromium(
  configured: string | undefined,
): { path: string } | { reason: string } {
  if (configured) {
    return existsSync(configured)
      ? { path: configured }
      : {
          reason: `CHROMIUM_PATH=${configured} does not exist; install Chromium (apt-get install -y chromium) or fix the path.`,
        };
  }
  const found = CANDIDATES.find((p) => existsSync(p));
  return found
    ? { path: found }
    : {
        reason:
          'Screenshots need Chromium on the server: install it (Debian/Ubuntu: apt-get install -y chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary, then restart.',
      };
}

export function createScreenshotter(options: ScreenshotterOptions) {
  const chromium = findChromium(options.chromiumPath);
  let browser: Promise<Browser> | null = null;
  let running = 0;
  const waiting: (() => void)[] = [];

  async function launch(path: string): Promise<Browser> {
    const { chromium: driver } = await import('playwright-core');
    const started = await driver.launch({
      executablePath: path,
      headless: true,
      args: LAUNCH_ARGS,
    });
    started.on('disconnected', () => {
      browser = null;
    });
    return started;
  }

  async function turn(): Promise<() => void> {
    if (running >= AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    return () => {
      running--;
      waiting.shift()?.();
    };
  }

  /**
   * Answers one browser request through the fetcher. Redirects are followed by the fetcher (each
   * hop checked): Chromium does not hand the request after a fulfilled 3xx back to interception.
   */
  function router(
    budget: { requests: number; bytes: number; refusal: string | null },
    signal: AbortSignal,
  ) {
    return async (route: Route) => {
      const request = route.request();
      if (request.method() !== 'GET' || ++budget.requests > PAGE_REQUESTS_MAX) {
        return route.abort('blockedbyclient').catch(() => {});
      }
      try {
        const res = await options.fetcher.fetch({
          url: request.url(),
          accept: ['*/*'],
          signal,
          headers: { 'accept-language': request.headers()['accept-language'] ?? 'en' },
        });
        budget.bytes += res.body.length;
        if (budget.bytes > PAGE_BYTES_MAX) return route.abort('blockedbyclient').catch(() => {});
        const headers = Object.fromEntries(
          Object.entries(res.headers).filter(([name]) => !DROPPED_HEADERS.has(name)),
        );
        await route.fulfill({ status: res.status, headers, body: res.body });
      } catch (err) {
        if (request.isNavigationRequest() && request.frame().parentFrame() === null) {
          budget.refusal ??= err instanceof Error ? err.message : String(err);
          if (err instanceof UrlRefusedError) budget.refusal = `URL_NOT_ALLOWED:${err.message}`;
        }
        await route.abort('blockedbyclient').catch(() => {});
      }
    };
  }

  return {
    configured: 'path' in chromium,
    reason: 'reason' in chromium ? chromium.reason : '',

    /** A PNG of the page at `url`; 503 DATA_NOT_CONFIGURED without Chromium. */
    async capture(input: DataScreenshotRequest, signal: AbortSignal): Promise<Buffer> {
      if (!('path' in chromium)) throw new AppError('DATA_NOT_CONFIGURED', 503, chromium.reason);
      try {
        checkUrl(input.url, options.allowList);
      } catch (err) {
        throw fetchFailureToAppError(err, 'url');
      }
      const done = await turn();
      let context: BrowserContext | null = null;
      try {
        browser ??= launch(chromium.path);
        const b = await browser.catch((err: Error) => {
          browser = null;
          throw new AppError(
            'DATA_NOT_CONFIGURED',
            503,
            `Chromium at ${chromium.path} could not start: ${err.message.split('\n')[0]}`,
          );
        });
        context = await b.newContext({
          viewport: { width: input.width, height: input.height },
          serviceWorkers: 'block',
          acceptDownloads: false,
        });
        const budget = { requests: 0, bytes: 0, refusal: null as string | null };
        await context.route('**/*', router(budget, signal));
        await context.routeWebSocket(/.*/, (ws) => ws.close());
        const page = await context.newPage();
        try {
          await page.goto(input.url, { waitUntil: 'load', timeout: options.timeoutMs });
        } catch (err) {
          const refusal = budget.refusal;
          if (refusal?.startsWith('URL_NOT_ALLOWED:'))
            throw new AppError(
              'URL_NOT_ALLOWED',
              400,
              `url: ${refusal.slice('URL_NOT_ALLOWED:'.length)}`,
            );
          if (refusal) throw new AppError('URL_FETCH_FAILED', 502, `url: ${refusal}`);
          if (/Timeout/i.test((err as Error).message))
            throw new AppError(
              'URL_NOT_ALLOWED',
              400,
              `url: the page took longer than ${options.timeoutMs / 1000} s to load.`,
            );
          throw new AppError('URL_FETCH_FAILED', 502, `url: the page could not be loaded.`);
        }
        const height = input.fullPage
          ? Math.min(
              SCREENSHOT_FULL_PAGE_MAX_HEIGHT,
              Number(
                await page
                  .evaluate('document.documentElement.scrollHeight')
                  .catch(() => input.height),
              ) || input.height,
            )
          : input.height;
        return await page.screenshot({
          type: 'png',
          fullPage: input.fullPage,
          clip: { x: 0, y: 0, width: input.width, height: Math.max(height, 1) },
          timeout: options.timeoutMs,
        });
      } finally {
        await context?.close().catch(() => {});
        done();
      }
    },

    async close() {
      const b = browser;
      browser = null;
      await (await b?.catch(() => null))?.close().catch(() => {});
    },
  };
}

export type Screenshotter = ReturnType<typeof createScreenshotter>;
