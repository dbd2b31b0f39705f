/**
 * Prerendered public pages (docs/decisions/010; apps/web/scripts/prerender.mjs): the first answer
 * already holds the page, and the app then takes that HTML over (hydration) instead of drawing it
 * again — for visitors and for signed-in users alike.
 */
import type { Page, Response } from '@playwright/test';
import { expect, holdSdkChunk, test, waitForApp } from './fixtures.ts';

const PUBLIC = [
  {
    path: '/',
    h1: 'Describe it. Codewright writes the code.',
    title: 'Codewright — AI-powered code generation',
  },
  {
    path: '/features',
    h1: 'Built for how developers actually work',
    title: 'Features · Codewright',
  },
  { path: '/examples', h1: 'See what you can build', title: 'Examples · Codewright' },
  { path: '/pricing', h1: 'Simple pricing that scales with you', title: 'Pricing · Codewright' },
  { path: '/docs', h1: 'Documentation', title: 'Documentation · Codewright' },
  { path: '/api-reference', h1: 'API Reference', title: 'API Reference · Codewright' },
  { path: '/terms', h1: 'Terms of Service', title: 'Terms of Service · Codewright' },
  { path: '/privacy', h1: 'Privacy Policy', title: 'Privacy Policy · Codewright' },
];

/** Remembers the <h1> the HTML arrived with, before any of the page's scripts run. */
async function rememberFirstHeading(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { firstH1: Element | null }).firstH1 = document.querySelector('h1');
    });
  });
}

test('each public page arrives as HTML with its own title and heading', async ({ request }) => {
  for (const { path, h1, title } of PUBLIC) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    const html = await res.text();
    expect(html, path).toContain(`<title>${title}</title>`);
    expect(html, path).toMatch(new RegExp(`<h1[^>]*>${h1}</h1>`));
    expect(html, path).toContain('<div id="root" inert>');
    expect(html, path).not.toMatch(/<script>/); // no inline script: the CSP forbids it
  }
  // Pages that depend on the visitor get the empty app shell.
  for (const path of ['/dashboard', '/generator', '/no-such-page']) {
    const html = await (await request.get(path)).text();
    expect(html, path).toContain('<div id="root"></div>');
  }
});

test('every public page is taken over as it came, with no hydration error', async ({ page }) => {
  // A hydration mismatch would be reported as a page error (the pageErrors fixture fails on it)
  // and would draw the page again, replacing the heading that came with the HTML.
  await rememberFirstHeading(page);
  for (const { path, h1 } of PUBLIC) {
    await page.goto(path);
    await waitForApp(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(h1);
    expect(
      await page.evaluate(
        () => (window as unknown as { firstH1: Element }).firstH1 === document.querySelector('h1'),
      ),
      path,
    ).toBe(true);
  }
});

/**
 * Signed-in code that a public page must not load before the visitor interacts, found by strings
 * only that code puts in a chunk (bench/public-chunks.mjs checks the same, with sizes).
 */
const APP_CODE = {
  // zod's core (every schema instance carries `_zod`): the contract's schemas.
  zod: ['_zod', 'ZodError'],
  // The contract's workspace wire shapes and notices.
  workspaces: ['Private: only members of this workspace can open it.'],
  // The contract's role table.
  permissions: ['Opens the workspace and its projects read-only'],
  // The SDK's client (its refresh call and workspace routes): it loads after the page settles.
  sdk: ['/api/auth/refresh', '/api/workspaces'],
};

test('a visitor loads no SDK or schema code and breaks no CSP rule on a public page', async ({
  page,
}) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (e) =>
      seen.push(`${e.effectiveDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`),
    );
  });
  const scripts: Response[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') scripts.push(res);
  });
  for (const { path } of PUBLIC.slice(0, 5)) {
    scripts.length = 0;
    await page.goto(path);
    await waitForApp(page);
    await page.waitForLoadState('networkidle');
    const loaded: string[] = [];
    for (const res of scripts) {
      const code = await res.text();
      for (const [name, markers] of Object.entries(APP_CODE))
        if (markers.some((m) => code.includes(m)))
          loaded.push(`${name} in ${new URL(res.url()).pathname}`);
    }
    expect(loaded, path).toEqual([]);
    expect(
      await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations),
      path,
    ).toEqual([]);
  }
});

test('the app takes over the HTML on screen and then works', async ({ page }) => {
  await rememberFirstHeading(page);
  await page.goto('/pricing');
  await waitForApp(page);
  // The very element that came with the HTML is still there: hydrated, not drawn again.
  expect(
    await page.evaluate(
      () => (window as unknown as { firstH1: Element }).firstH1 === document.querySelector('h1'),
    ),
  ).toBe(true);
  await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('a signed-in user gets their own header over the prerendered one', async ({ page, login }) => {
  await login();
  await rememberFirstHeading(page);
  await page.goto('/features');
  await waitForApp(page);
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(header.getByRole('button', { name: 'Get Started' })).toHaveCount(0);
  expect(
    await page.evaluate(
      () => (window as unknown as { firstH1: Element }).firstH1 === document.querySelector('h1'),
    ),
  ).toBe(true);
});

test('a signed-in user who acts before the SDK has loaded is not asked to sign in', async ({
  page,
  login,
}) => {
  await login();
  // The SDK's chunk arrives only after the click, as on a slow network.
  const sdk = await holdSdkChunk(page);
  await page.goto('/examples');
  await waitForApp(page);
  await page
    .getByRole('button', { name: /Try this prompt/ })
    .first()
    .click();
  expect(sdk.held()).toBe(1);
  sdk.release();
  await expect(page).toHaveURL(/\/generator$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
});
