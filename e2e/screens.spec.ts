/**
 * A screenshot of every route (SPEC §2.1 plus /terms, /privacy and a 404) at
 * desktop and phone widths, kept under e2e/output/screenshots/. Each page must
 * show its main heading and must not scroll sideways.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const WIDTHS = [1280, 390] as const;

const PUBLIC_ROUTES = [
  { name: 'home', path: '/', heading: 'Describe it. Codewright writes the code.' },
  { name: 'features', path: '/features', heading: 'Built for how developers actually work' },
  { name: 'examples', path: '/examples', heading: 'See what you can build' },
  { name: 'pricing', path: '/pricing', heading: 'Simple pricing that scales with you' },
  { name: 'docs', path: '/docs', heading: 'Documentation' },
  { name: 'sign-in', path: '/sign-in', heading: 'Sign in to Codewright' },
  { name: 'terms', path: '/terms', heading: 'Terms of Service' },
  { name: 'privacy', path: '/privacy', heading: 'Privacy Policy' },
  { name: '404', path: '/no-such-page', heading: 'Page not found' },
] as const;

const PRIVATE_ROUTES = [
  { name: 'dashboard', path: '/dashboard', heading: 'Coding Workspace' },
  { name: 'generator', path: '/generator', heading: 'AI Code Generator' },
] as const;

async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const el = document.documentElement;
    // Report the widest offenders too, so a failure says what to fix.
    const offenders = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((n) => n.getBoundingClientRect().right > el.clientWidth + 1)
      .slice(0, 5)
      .map((n) => `${n.tagName.toLowerCase()}.${(n.getAttribute('class') ?? '').slice(0, 60)}`);
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, offenders };
  });
}

async function capture(page: Page, name: string, width: number, heading: string) {
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  const overflow = await horizontalOverflow(page);
  expect(overflow.clientWidth).toBe(width);
  expect(
    overflow.scrollWidth,
    `sideways scroll; offenders: ${overflow.offenders.join(', ')}`,
  ).toBeLessThanOrEqual(overflow.clientWidth);
  await page.screenshot({
    path: `e2e/output/screenshots/${name}-${width}.png`,
    fullPage: true,
    animations: 'disabled',
  });
}

for (const width of WIDTHS) {
  test.describe(`screens at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 600 ? 800 : 844 } });

    for (const route of PUBLIC_ROUTES) {
      test(`${route.path} (signed out)`, async ({ page }) => {
        await page.goto(route.path);
        await capture(page, route.name, width, route.heading);
      });
    }

    for (const route of PRIVATE_ROUTES) {
      test(`${route.path} (signed in)`, async ({ page, login }) => {
        await login();
        await page.goto(route.path);
        await expect(
          page.getByRole('banner').getByRole('link', { name: 'Dashboard' }),
        ).toBeVisible();
        await capture(page, route.name, width, route.heading);
      });
    }

    test('auth dialog', async ({ page }) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Start Building' }).click();
      await expect(page.getByRole('dialog').getByLabel('Email')).toBeVisible();
      await page.screenshot({
        path: `e2e/output/screenshots/auth-dialog-${width}.png`,
        animations: 'disabled',
      });
    });

    if (width === 390) {
      test('mobile menu', async ({ page }) => {
        await page.goto('/features');
        await page.getByRole('button', { name: 'Open menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
        await page.screenshot({
          path: `e2e/output/screenshots/mobile-menu-${width}.png`,
          animations: 'disabled',
        });
      });
    }
  });
}
