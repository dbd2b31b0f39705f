/**
 * axe-core (through @axe-core/playwright) on every screen, signed out and signed in, at 1280 and
 * 390 px: any violation of impact "serious" or "critical" fails the test and is listed with the
 * elements it was found on. Rules: axe's WCAG 2.0/2.1 A and AA sets plus its best practices.
 *
 * The same walk keeps the screenshots, so each page is opened once per width: every route of
 * SPEC §2.1 plus /terms, /privacy and a 404, the auth dialog and the mobile menu, under
 * e2e/output/screenshots/<name>-<width>.png. A route must show its main heading and must not
 * scroll sideways (a failure names the widest offenders); a marketing page also has its own
 * title and description, one h1 and the banner, main and contentinfo landmarks.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, openGenerator, signIn, signUpViaApi, test, waitForApp } from './fixtures.ts';

const WIDTHS = [1280, 390] as const;
type Width = (typeof WIDTHS)[number];

/**
 * Runs `check` at each width in one test: the page is resized, then `check` opens its page afresh
 * (a new load at that width, as a phone would). One browser context and one sign-in serve both
 * widths; each width is its own step in the report.
 */
async function atEachWidth(page: Page, check: (width: Width) => Promise<void>) {
  for (const width of WIDTHS) {
    await test.step(`at ${width} px`, async () => {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
      await check(width);
    });
  }
}

/** `name` is the screenshot's file name: <name>-<width>.png. */
const SIGNED_OUT = [
  {
    name: 'home',
    path: '/',
    heading: 'Describe it. Codewright writes the code.',
    title: /^Codewright/,
  },
  {
    name: 'features',
    path: '/features',
    heading: 'Built for how developers actually work',
    title: /^Features · /,
  },
  { name: 'examples', path: '/examples', heading: 'See what you can build', title: /^Examples · / },
  {
    name: 'pricing',
    path: '/pricing',
    heading: 'Simple pricing that scales with you',
    title: /^Pricing · /,
  },
  { name: 'docs', path: '/docs', heading: 'Documentation', title: /^Documentation · / },
  { name: 'sign-in', path: '/sign-in', heading: 'Sign in to Codewright' },
  { name: 'terms', path: '/terms', heading: 'Terms of Service', title: /^Terms of Service · / },
  { name: 'privacy', path: '/privacy', heading: 'Privacy Policy', title: /^Privacy Policy · / },
  { name: '404', path: '/no-such-page', heading: 'Page not found', title: /^Page not found · / },
] as const;

/** Fails if the page scrolls sideways at `width`, naming the widest offenders. */
async function expectNoSidewaysScroll(page: Page, width: number) {
  const overflow = await page.evaluate(() => {
    const el = document.documentElement;
    const offenders = Array.from(document.querySelectorAll<HTMLElement>('body *'))
      .filter((n) => n.getBoundingClientRect().right > el.clientWidth + 1)
      .slice(0, 5)
      .map((n) => `${n.tagName.toLowerCase()}.${(n.getAttribute('class') ?? '').slice(0, 60)}`);
    return { scrollWidth: el.scrollWidth, clientWidth: el.clientWidth, offenders };
  });
  expect(overflow.clientWidth).toBe(width);
  expect(
    overflow.scrollWidth,
    `sideways scroll; offenders: ${overflow.offenders.join(', ')}`,
  ).toBeLessThanOrEqual(overflow.clientWidth);
}

/** Writes e2e/output/screenshots/<name>.png with animations stopped. */
async function saveScreenshot(page: Page, name: string, fullPage: boolean) {
  await page.screenshot({
    path: `e2e/output/screenshots/${name}.png`,
    fullPage,
    animations: 'disabled',
  });
}

/** No sideways scroll at `width`, then the full page as <name>-<width>.png. */
async function captureRoute(page: Page, name: string, width: number) {
  await expectNoSidewaysScroll(page, width);
  await saveScreenshot(page, `${name}-${width}`, true);
}

test.describe('axe at 1280 and 390 px', () => {
  // Two loads, two axe runs and two screenshots per test (each about 3 s on a busy 2-core machine).
  test.describe.configure({ timeout: 60_000 });

  for (const route of SIGNED_OUT) {
    test(`${route.path} (signed out)`, async ({ page }) => {
      await atEachWidth(page, async (width) => {
        await page.goto(route.path);
        await waitForApp(page);
        await expect(page.getByRole('heading', { level: 1, name: route.heading })).toBeVisible();
        await expectNoSeriousViolations(page, `${route.path} at ${width} px`);
        if ('title' in route) {
          // A marketing page: its own title and description, one h1, the three landmarks.
          await expect(page.locator('h1')).toHaveCount(1);
          await expect(page).toHaveTitle(route.title);
          const description = await page
            .locator('meta[name="description"]')
            .getAttribute('content');
          expect(description?.length ?? 0).toBeGreaterThan(50);
          await expect(page.getByRole('banner')).toBeVisible();
          await expect(page.getByRole('main')).toBeVisible();
          await expect(page.getByRole('contentinfo')).toBeVisible();
        }
        if (route.path === '/') {
          // The landing counters reach their final values once scrolled into view.
          await page.locator('[data-counter]').last().scrollIntoViewIfNeeded();
          await expect(page.locator('[data-counter]').last()).toHaveText('200000+');
          await page.evaluate(() => window.scrollTo(0, 0));
        }
        await captureRoute(page, route.name, width);
      });
    });
  }

  test('the auth dialog, social and email views (signed out)', async ({ page }) => {
    await atEachWidth(page, async (width) => {
      await page.goto('/');
      await waitForApp(page);
      await page.getByRole('button', { name: 'Start Building' }).click();
      const dialog = page.getByRole('dialog');
      // No social sign-in on the test server: the dialog opens on the email form.
      await expect(dialog.getByLabel('Email')).toBeFocused();
      await expectNoSeriousViolations(page, `the auth dialog (email) at ${width} px`);
      await expect(dialog.getByLabel('Email')).toBeVisible();
      await saveScreenshot(page, `auth-dialog-${width}`, false);
    });
  });

  test('/share: a public shared project (signed out)', async ({ page, request }) => {
    const owner = await signUpViaApi(request);
    const session = await signIn(request, owner);
    const made = await request.post('/api/db/codewright/rest/v1/projects', {
      headers: { authorization: `Bearer ${session.token}` },
      data: {
        name: 'Shared Counter',
        language: 'JavaScript',
        code: 'export const count = 42;',
        description: 'A tiny counter.',
      },
    });
    expect(made.status(), await made.text()).toBe(201);
    const project = ((await made.json()) as { share_token: string }[])[0]!;
    await atEachWidth(page, async (width) => {
      await page.goto(`/share?t=${project.share_token}`);
      await waitForApp(page);
      await expect(page.getByRole('heading', { level: 1, name: 'Shared Counter' })).toBeVisible();
      await expect(page.getByTestId('shared-code')).toContainText('export const count = 42;');
      await expectNoSeriousViolations(page, `/share at ${width} px`);
    });
  });

  test('/reset-password: the form and a failed link (signed out)', async ({ page }) => {
    await atEachWidth(page, async (width) => {
      await page.goto('/reset-password?token=axe-scan-unknown-token');
      await waitForApp(page);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Choose a new password' }),
      ).toBeVisible();
      await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
      await expectNoSeriousViolations(page, `/reset-password (form) at ${width} px`);
      await page.getByLabel('New password', { exact: true }).fill('axe-scan-password-1');
      await page.getByLabel('Confirm new password').fill('axe-scan-password-1');
      await page.getByRole('button', { name: 'Set new password' }).click();
      await expect(page.getByRole('button', { name: 'Request a new link' })).toBeVisible();
      await expectNoSeriousViolations(page, `/reset-password (failed link) at ${width} px`);
    });
  });

  test('/verify-email: a failed link and its resend form (signed out)', async ({ page }) => {
    await atEachWidth(page, async (width) => {
      await page.goto('/verify-email?token=axe-scan-unknown-token');
      await waitForApp(page);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Verify your email' }),
      ).toBeVisible();
      await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
      await expectNoSeriousViolations(page, `/verify-email at ${width} px`);
    });
  });

  test.describe('at 390 px', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the mobile menu (signed out)', async ({ page }) => {
      await page.goto('/features');
      await waitForApp(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      await expectNoSeriousViolations(page, 'the mobile menu');
      await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      await saveScreenshot(page, 'mobile-menu-390', false);
    });
  });

  test('the dashboard (signed in)', async ({ page, login }) => {
    await login();
    await atEachWidth(page, async (width) => {
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: 'Coding Workspace' })).toBeVisible();
      await expect(page.getByRole('link', { name: 'Create Your First Project' })).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await expectNoSeriousViolations(page, `/dashboard at ${width} px`);
      await captureRoute(page, 'dashboard', width);
    });
  });

  test('a project card and its share-link dialog (signed in)', async ({ page, login }) => {
    const user = await login();
    const { token } = await signIn(page.request, user);
    const made = await page.request.post('/api/db/codewright/rest/v1/projects', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'Axe Project', language: 'JavaScript', code: 'console.log(1)' },
    });
    expect(made.status()).toBe(201);
    await atEachWidth(page, async (width) => {
      await page.goto('/dashboard');
      await page.getByRole('button', { name: 'Share link for Axe Project' }).click();
      const dialog = page.getByRole('dialog', { name: 'Share link' });
      await expect(dialog.getByLabel('Link')).toBeFocused();
      // At 390 px the bottom sheet opens under the pointer: its primary button is checked hovered.
      await expectNoSeriousViolations(page, `the share-link dialog at ${width} px`);
      await dialog.getByRole('button', { name: 'New link' }).click();
      await expect(dialog.getByRole('button', { name: 'Keep this link' })).toBeFocused();
      await expectNoSeriousViolations(
        page,
        `the share-link dialog (new link confirmation) at ${width} px`,
      );
    });
  });

  test('settings and the delete confirmation (signed in)', async ({ page, login }) => {
    await login();
    await atEachWidth(page, async (width) => {
      await page.goto('/settings');
      await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
      await expect(page.getByRole('list', { name: 'Sessions' })).toBeVisible();
      await expectNoSeriousViolations(page, `/settings at ${width} px`);
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await expect(page.getByRole('dialog', { name: 'Delete your account?' })).toBeVisible();
      await expectNoSeriousViolations(page, `/settings (delete confirmation) at ${width} px`);
    });
  });

  test('/generator/<id>: a project that is not there (signed in)', async ({ page, login }) => {
    await login();
    await atEachWidth(page, async (width) => {
      await page.goto('/generator/proj_0_nothere');
      await expect(
        page.getByRole('heading', { level: 1, name: 'Project not found' }),
      ).toBeVisible();
      await page.screenshot({
        path: `e2e/output/screenshots/generator-project-not-found-${width}.png`,
        fullPage: true,
      });
      await expectNoSeriousViolations(page, `/generator/<id> (not found) at ${width} px`);
    });
  });

  test('/invitation: a link that cannot be accepted (signed in)', async ({ page, login }) => {
    await login();
    await atEachWidth(page, async (width) => {
      await page.goto('/invitation?token=axe-scan-unknown-token');
      await expect(
        page.getByRole('heading', { level: 1, name: 'The invitation could not be accepted' }),
      ).toBeVisible();
      await expect(page.getByRole('alert')).not.toBeEmpty();
      await expectNoSeriousViolations(page, `/invitation at ${width} px`);
    });
  });

  // Its states with answers, code, a review, History, the Preview and its dialogs are checked
  // by axe where they are shot: generator.spec.ts and history.spec.ts ("… screenshots").
  test('the generator, empty (signed in)', async ({ page, login }) => {
    await login();
    await atEachWidth(page, async (width) => {
      // The shared opener waits 15 s for the lazily loaded route (the default 7 s failed once).
      await openGenerator(page);
      await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
      await expectNoSeriousViolations(page, `/generator (empty) at ${width} px`);
      await captureRoute(page, 'generator', width);
    });
  });
});
