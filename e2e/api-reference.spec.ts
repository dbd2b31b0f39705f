/**
 * /api-reference (docs/decisions/051): the server's OpenAPI document rendered by Scalar, bundled
 * and lazy-loaded. Reached from the footer, it shows the document's real operations, makes no
 * request outside our origin (no fonts, telemetry or agent from scalar.com), passes axe at 1280
 * and 390 px without scrolling sideways, and shows a loading state and a retry on failure.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, test, waitForApp } from './fixtures.ts';

const DOCUMENT = /\/api\/openapi\.json$/;

/** Every URL the page requests from now on (documents, scripts, styles, fonts, fetches). */
function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  return urls;
}

/** The rendered reference: Scalar's operations, under the page's own heading. */
const reference = (page: Page) => page.locator('.cw-api-reference');

/**
 * Waits until Scalar has drawn the document: its title and its first operation (at every width;
 * below 1000 px Scalar's sidebar is behind a menu).
 */
async function expectReferenceShown(page: Page) {
  await expect(
    reference(page).getByRole('heading', { level: 1, name: 'Codewright API' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(
    reference(page).getByRole('heading', { level: 3, name: '/api/health' }).first(),
  ).toBeVisible();
  await expect(page.getByRole('status')).toHaveCount(0);
}

test('the footer link opens the reference at #api, drawn from our origin only', async ({
  page,
  baseURL,
}) => {
  const urls = recordRequests(page);
  // Any CSP violation, also one the renderer catches (zod's probe for `new Function`).
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  await page.goto('/');
  await waitForApp(page);
  // A full reload would drop this marker: the link is a client-side navigation.
  await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));

  const link = page.getByRole('contentinfo').getByRole('link', { name: 'API Reference' });
  await expect(link).toHaveAttribute('href', '/api-reference#api');
  await link.click();

  await expect(page).toHaveURL(/\/api-reference#api$/);
  await expect(page).toHaveTitle('API Reference · Codewright');
  await expect(page.locator('#api').getByRole('heading', { level: 1 })).toHaveText('API Reference');
  await expectReferenceShown(page);
  // An operation of the document, chosen in Scalar's sidebar (its tag's group), then shown.
  const sidebar = reference(page).getByRole('complementary');
  await sidebar.getByRole('button', { name: 'Open Group - auth' }).click();
  await sidebar.getByRole('link', { name: '/api/auth/me HTTP Method: GET' }).click();
  await expect(
    reference(page).getByRole('heading', { level: 3, name: '/api/auth/me' }).first(),
  ).toBeInViewport();
  expect(
    await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument),
  ).toBe(true);

  // Scroll through it all (lazy sections, fonts, images), then let the network settle.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForLoadState('networkidle');
  const origin = new URL(baseURL!).origin;
  const elsewhere = urls.filter(
    (url) => !url.startsWith('data:') && new URL(url).origin !== origin,
  );
  expect(elsewhere, 'requests to another host').toEqual([]);
  expect(urls.filter((url) => DOCUMENT.test(url))).toHaveLength(1);
  expect(
    await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
  ).toEqual([]);
});

test('the reference passes axe and fits at 1280 and 390 px', async ({ page }) => {
  test.setTimeout(60_000);
  for (const width of [1280, 390]) {
    await test.step(`at ${width} px`, async () => {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
      await page.goto('/api-reference');
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1, name: 'API Reference' })).toBeVisible();
      await expectReferenceShown(page);
      await expectNoSeriousViolations(page, `/api-reference at ${width} px`);
      const { scrollWidth, clientWidth } = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
      }));
      expect(scrollWidth, 'sideways scroll').toBeLessThanOrEqual(clientWidth);
      await page.screenshot({
        path: `e2e/output/screenshots/api-reference-${width}.png`,
        animations: 'disabled',
      });
    });
  }
});

test('shows a loading state, and a failed document can be tried again', async ({ page }) => {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  let fail = true;
  // The first answer waits, then fails; the retry gets the real document.
  await page.route(DOCUMENT, async (route) => {
    if (!fail) return route.continue();
    await held;
    return route.fulfill({
      status: 503,
      json: { error: { code: 'unavailable', message: 'down' } },
    });
  });

  await page.goto('/api-reference');
  await waitForApp(page);
  await expect(page.getByRole('status')).toHaveText(/Loading the API reference/);

  release();
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('The API reference could not be loaded.');
  fail = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await expectReferenceShown(page);
  await expect(page.getByRole('alert')).toHaveCount(0);
});
