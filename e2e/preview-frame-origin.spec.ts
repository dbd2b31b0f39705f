/**
 * The sandbox document answers only its parent, or the app's own page that opened it in a tab
 * (DESIGN §3.12, docs/decisions/020). A page of another origin — a real local server on another
 * port (same site) or on `localhost` (another site) — opens /preview/frame.html and posts runs
 * in the protocol's shape: nothing renders. First as served (COOP same-origin cuts the tab off
 * from its opener), then with COOP stripped, so the frame's own check of `event.origin` is what
 * holds; the same posts from the app's origin render, so the messages are the real shape.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, type BrowserContext, type Page } from '@playwright/test';
import { test } from './fixtures/screens-opened.ts';
import { PREVIEW_FRAME_PATH } from '@codewright/contract';

const MARK = 'phished' + '-by-another-site';
/** Runs in the protocol's shape (sandbox/protocol.ts): a page, and a module that writes the body. */
const RUNS = [
  {
    tag: 'codewright-preview',
    type: 'run',
    runId: 1,
    mode: 'html',
    code: `<h1>${MARK}</h1>`,
    map: null,
  },
  {
    tag: 'codewright-preview',
    type: 'run',
    runId: 2,
    mode: 'module',
    code: `document.body.textContent = ${JSON.stringify(MARK)};`,
    map: null,
  },
];

let site: http.Server;
let sitePort = 0;
test.beforeAll(async () => {
  // Another origin: a blank page, nothing of ours.
  site = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end('<!doctype html><title>Another site</title><body>another site</body>');
  });
  await new Promise<void>((resolve) => site.listen(0, resolve));
  sitePort = (site.address() as AddressInfo).port;
});
test.afterAll(async () => {
  await new Promise((resolve) => site.close(resolve));
});

/**
 * From `opener` (a page at some origin), opens the frame with window.open and posts RUNS to it
 * for a while; returns the tab, and what the opener received.
 */
async function openAndPost(
  context: BrowserContext,
  opener: Page,
  frameUrl: string,
): Promise<{ tab: Page; received: unknown[]; closed: boolean }> {
  await opener.evaluate(() => {
    const w = window as unknown as { received: unknown[] };
    w.received = [];
    window.addEventListener('message', (e) => w.received.push(e.data));
  });
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    opener.evaluate((url) => {
      (window as unknown as { tab: Window | null }).tab = window.open(url, '_blank');
    }, frameUrl),
  ]);
  await tab.waitForLoadState('load');
  // Post for a second and a half, past the runtime's start: every message an attacker could send.
  const closed = await opener.evaluate(async (runs) => {
    const tab = (window as unknown as { tab: Window | null }).tab;
    for (let i = 0; i < 15; i++) {
      for (const run of runs) tab?.postMessage(run, '*');
      await new Promise((r) => setTimeout(r, 100));
    }
    return tab === null || tab.closed;
  }, RUNS);
  const received = await opener.evaluate(
    () => (window as unknown as { received: unknown[] }).received,
  );
  return { tab, received, closed };
}

for (const other of ['127.0.0.1', 'localhost'] as const) {
  test.describe(`a page of another origin (${other}, another port) that opens the frame`, () => {
    test('as served: it gets no handle on the tab, which renders nothing of what it posts', async ({
      context,
      page,
      baseURL,
    }) => {
      await page.goto(`http://${other}:${sitePort}/`);
      const { tab, received, closed } = await openAndPost(
        context,
        page,
        `${baseURL}${PREVIEW_FRAME_PATH}`,
      );
      // COOP same-origin: the window.open handle is cut off (reads as closed), the tab has no opener.
      expect(closed).toBe(true);
      expect(await tab.evaluate(() => window.opener === null)).toBe(true);
      await expect(tab.locator('body')).toContainText('lost its link to Codewright');
      await expect(tab.locator('body')).not.toContainText(MARK);
      expect(received).toEqual([]);
    });

    test('with COOP stripped: the frame itself refuses what another origin posts', async ({
      context,
      page,
      baseURL,
    }) => {
      // Without COOP the opener link holds; only the runtime's check of event.origin is left.
      // The CSP's `sandbox` goes too: Chromium 150 closes the tabs when a popup's response
      // fulfilled by Playwright carries it. The check does not depend on it: the other site's
      // messages carry its origin either way, and the runtime compares that with its URL's.
      await context.route(`${baseURL}${PREVIEW_FRAME_PATH}`, async (route) => {
        const response = await route.fetch();
        const headers = { ...response.headers() };
        delete headers['cross-origin-opener-policy'];
        const csp = headers['content-security-policy'] ?? '';
        expect(csp).toMatch(/^sandbox [^;]*; /);
        headers['content-security-policy'] = csp.replace(/^sandbox [^;]*; /, '');
        await route.fulfill({ response, headers });
      });
      await page.goto(`http://${other}:${sitePort}/`);
      const { tab, received, closed } = await openAndPost(
        context,
        page,
        `${baseURL}${PREVIEW_FRAME_PATH}`,
      );
      expect(closed).toBe(false);
      expect(await tab.evaluate(() => window.opener !== null)).toBe(true);
      // Its hello goes to the app's origin only, so the other site hears nothing either.
      expect(received).toEqual([]);
      await expect(tab.locator('body')).not.toContainText(MARK);
      expect(await tab.evaluate(() => document.body.textContent?.trim() ?? '')).toBe('');
      expect(await tab.locator('h1').count()).toBe(0);
    });
  });
}

test('the same posts from the app’s own origin do render (the messages are the real shape)', async ({
  context,
  page,
  baseURL,
}) => {
  await page.goto(`${baseURL}/api/health`);
  const { tab, closed } = await openAndPost(context, page, PREVIEW_FRAME_PATH);
  expect(closed).toBe(false);
  await expect(tab.getByRole('heading', { name: MARK })).toBeVisible();
});

test('another origin cannot frame it (frame-ancestors)', async ({ page, baseURL }) => {
  await page.goto(`http://localhost:${sitePort}/`);
  const blocked = page.waitForEvent('console', (m) => /frame-ancestors/.test(m.text()));
  await page.evaluate((src) => {
    const frame = document.createElement('iframe');
    frame.src = src;
    document.body.append(frame);
  }, `${baseURL}${PREVIEW_FRAME_PATH}`);
  await blocked;
  const frame = page.frames().find((f) => f !== page.mainFrame());
  expect(frame).toBeDefined();
  // The frame holds the browser's error page, not our document with its runtime.
  expect(await frame!.locator('#codewright-preview-config').count()).toBe(0);
  await page.evaluate((runs) => {
    for (const run of runs) document.querySelector('iframe')?.contentWindow?.postMessage(run, '*');
  }, RUNS);
  await expect(frame!.locator('body')).not.toContainText(MARK);
});
