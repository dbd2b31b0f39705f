/**
 * Screenshots (DESIGN §2c) through the machine's Chromium (playwright-core drives it; no browser
 * is ever downloaded). The browser never reaches the network itself (DESIGN §3.14,
 * docs/decisions/018): every request it makes — the page, its images, scripts, frames, popups,
 * each redirect hop — is answered by the app's SSRF-safe fetcher through request interception;
 * WebSockets are closed; anything else would go to a proxy that does not exist. After a redirect
 * the page keeps the URL asked for (its relative links resolve against it, then redirect again).
 * (Over 300 lines: the slot queue, request interception, deadlines and the close-or-kill of a hung
 * page share one browser and its state inside createScreenshotter.)
 */
import { existsSync } from 'node:fs';
import type { Browser, BrowserContext, Frame, Page, Request, Route } from 'playwright-core';
import { SCREENSHOT_FULL_PAGE_MAX_HEIGHT, type DataScreenshotRequest } from '@codewright/contract';
import { AppError, isAppError } from '../../lib/app-error.ts';
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

/** The whole screenshot (slot, navigation, waits, evaluate, capture) ends within this many fetch time-outs. */
const CAP_FACTOR = 2;
/** How long closing a page's context may take before its browser (and renderer) is killed. */
const CLOSE_GRACE_MS = 2_000;

/** A step cut short by the overall deadline or by the client leaving. */
class Stopped extends Error {}

/** `work`, or a Stopped rejection as soon as `stop` fires (the work itself is abandoned). */
function step<T>(work: Promise<T>, stop: AbortSignal): Promise<T> {
  if (stop.aborted) {
    work.catch(() => {});
    return Promise.reject(new Stopped());
  }
  return new Promise<T>((resolve, reject) => {
    const onStop = () => reject(new Stopped());
    stop.addEventListener('abort', onStop, { once: true });
    work.then(
      (value) => {
        stop.removeEventListener('abort', onStop);
        resolve(value);
      },
      (err: unknown) => {
        stop.removeEventListener('abort', onStop);
        reject(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}

/** The frame of a browser request, or null when there is none yet (a popup's first navigation). */
function frameOf(request: Request): Frame | null {
  try {
    return request.frame();
  } catch {
    return null;
  }
}

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

  /**
   * A slot. A release hands its slot straight to the next waiter; a waiter whose `stop` fires
   * leaves the queue (Stopped). The release it returns is idempotent.
   */
  async function turn(stop: AbortSignal): Promise<() => void> {
    if (running < AT_ONCE) {
      running++;
    } else {
      await new Promise<void>((resolve, reject) => {
        if (stop.aborted) return reject(new Stopped());
        const onStop = () => {
          const queued = waiting.indexOf(entry);
          if (queued >= 0) waiting.splice(queued, 1);
          reject(new Stopped());
        };
        const entry = () => {
          stop.removeEventListener('abort', onStop);
          resolve();
        };
        waiting.push(entry);
        stop.addEventListener('abort', onStop, { once: true });
      });
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = waiting.shift();
      if (next) next();
      else running--;
    };
  }

  /**
   * Answers one browser request through the fetcher. Redirects are followed by the fetcher (each
   * hop checked): Chromium does not hand the request after a fulfilled 3xx back to interception.
   * Playwright runs this for us: it never throws (a rejection here would be unhandled and end the
   * process), whatever the page does — a popup's request has no frame yet, a closed page refuses
   * fulfil and abort.
   */
  function router(
    budget: { requests: number; bytes: number; refusal: string | null },
    mainFrame: () => Frame | null,
    signal: AbortSignal,
  ) {
    return async (route: Route) => {
      const abort = () => route.abort('blockedbyclient').catch(() => {});
      try {
        const request = route.request();
        if (request.method() !== 'GET' || ++budget.requests > PAGE_REQUESTS_MAX) return abort();
        try {
          const res = await options.fetcher.fetch({
            url: request.url(),
            accept: ['*/*'],
            signal,
            headers: { 'accept-language': request.headers()['accept-language'] ?? 'en' },
          });
          budget.bytes += res.body.length;
          if (budget.bytes > PAGE_BYTES_MAX) return abort();
          const headers = Object.fromEntries(
            Object.entries(res.headers).filter(([name]) => !DROPPED_HEADERS.has(name)),
          );
          await route.fulfill({ status: res.status, headers, body: res.body });
        } catch (err) {
          const frame = frameOf(request);
          if (request.isNavigationRequest() && frame !== null && frame === mainFrame()) {
            budget.refusal ??= err instanceof Error ? err.message : String(err);
            if (err instanceof UrlRefusedError) budget.refusal = `URL_NOT_ALLOWED:${err.message}`;
          }
          await abort();
        }
      } catch {
        await abort();
      }
    };
  }

  /**
   * Closes a context whose page may be hung. A renderer stuck in a loop can keep the close from
   * finishing: past CLOSE_GRACE_MS the whole browser is killed (the next screenshot starts a new
   * one), so no renderer outlives its deadline.
   */
  async function dispose(context: BrowserContext, owner: Promise<Browser> | null): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const closed = await Promise.race([
      context.close().then(
        () => true,
        () => true,
      ),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CLOSE_GRACE_MS))),
    ]);
    clearTimeout(timer);
    if (closed || !owner) return;
    if (browser === owner) browser = null;
    await (await owner.catch(() => null))?.close().catch(() => {});
  }

  const tooSlow = (capMs: number) =>
    new AppError(
      'URL_NOT_ALLOWED',
      400,
      `url: the page did not finish loading and rendering within ${capMs / 1000} s.`,
    );

  return {
    configured: 'path' in chromium,
    reason: 'reason' in chromium ? chromium.reason : '',

    /**
     * A PNG of the page at `url`; 503 DATA_NOT_CONFIGURED without Chromium. Every step has a
     * deadline inside one overall cap (CAP_FACTOR fetch time-outs, waiting for a slot included);
     * when the client leaves (`signal`) or the cap passes, the slot is freed at once and the page
     * is closed, its renderer killed if it will not close.
     */
    async capture(input: DataScreenshotRequest, signal: AbortSignal): Promise<Buffer> {
      if (!('path' in chromium)) throw new AppError('DATA_NOT_CONFIGURED', 503, chromium.reason);
      try {
        checkUrl(input.url, options.allowList);
      } catch (err) {
        throw fetchFailureToAppError(err, 'url');
      }
      const capMs = options.timeoutMs * CAP_FACTOR;
      const deadline = AbortSignal.timeout(capMs);
      const stop = AbortSignal.any([signal, deadline]);
      const remaining = (started: number) => Math.max(1, capMs - (Date.now() - started));
      const started = Date.now();
      let release: () => void;
      try {
        release = await turn(stop);
      } catch {
        throw tooSlow(capMs);
      }
      let context: BrowserContext | null = null;
      let owner: Promise<Browser> | null = null;
      // Leaving frees the slot now; the page is closed (or its browser killed) behind it.
      const onStop = () => release();
      stop.addEventListener('abort', onStop, { once: true });
      try {
        owner = browser ??= launch(chromium.path);
        const b = await step(owner, stop).catch((err: Error) => {
          if (err instanceof Stopped) throw err;
          if (browser === owner) browser = null;
          throw new AppError(
            'DATA_NOT_CONFIGURED',
            503,
            `Chromium at ${chromium.path} could not start: ${err.message.split('\n')[0]}`,
          );
        });
        context = await step(
          b.newContext({
            viewport: { width: input.width, height: input.height },
            serviceWorkers: 'block',
            acceptDownloads: false,
          }),
          stop,
        );
        const budget = { requests: 0, bytes: 0, refusal: null as string | null };
        let page: Page | null = null;
        await step(
          context.route(
            '**/*',
            router(budget, () => page?.mainFrame() ?? null, stop),
          ),
          stop,
        );
        await step(
          context.routeWebSocket(/.*/, (ws) => {
            ws.close().catch(() => {});
          }),
          stop,
        );
        page = await step(context.newPage(), stop);
        try {
          await step(
            page.goto(input.url, {
              waitUntil: 'load',
              timeout: Math.min(options.timeoutMs, remaining(started)),
            }),
            stop,
          );
        } catch (err) {
          if (err instanceof Stopped) throw err;
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
                await step(
                  page.evaluate('document.documentElement.scrollHeight').catch(() => input.height),
                  stop,
                ),
              ) || input.height,
            )
          : input.height;
        return await step(
          page.screenshot({
            type: 'png',
            fullPage: input.fullPage,
            clip: { x: 0, y: 0, width: input.width, height: Math.max(height, 1) },
            timeout: remaining(started),
          }),
          stop,
        );
      } catch (err) {
        if (err instanceof Stopped || deadline.aborted) throw tooSlow(capMs);
        if (/Timeout/i.test((err as Error).message) && !isAppError(err)) throw tooSlow(capMs);
        throw err;
      } finally {
        stop.removeEventListener('abort', onStop);
        release();
        if (context) await dispose(context, owner);
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
