/**
 * Marketing site: the landing counters, the examples filter and copy, pricing for
 * visitors and signed-in users, the docs search, CTA tracking and Do Not Track.
 * (Over 300 lines: the public pages' journeys — counters, examples, pricing, docs, CTA tracking —
 * share the token and analytics helpers below and the fixtures of fixtures.ts.)
 */
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { expect, holdSdkChunk, test, waitForApp, type TestUser } from './fixtures.ts';

// Each public page's title, description, h1 and landmarks at both widths are checked in the one
// walk of the public pages, accessibility.spec.ts.
const PROJECT = 'codewright';
/** Must match ADMIN in e2e/start-server.mjs, which makes it an admin (`npm run admin -- grant`). */
const ADMIN: TestUser = { email: 'e2e-admin@example.test', password: 'Admin-e2e-password-1' };

const description = (page: Page) =>
  page.locator('meta[name="description"]').getAttribute('content');

/** The signed-in page's access token, as the SDK keeps it. */
async function accessTokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('codewright.auth') ?? '{}')?.session?.accessToken,
  );
  expect(token, 'signed in').toEqual(expect.any(String));
  return token as string;
}

async function adminToken(request: APIRequestContext): Promise<string> {
  const signup = await request.post('/api/auth/signup', { data: ADMIN });
  expect([201, 409], await signup.text()).toContain(signup.status());
  const res = await request.post('/api/auth/signin/email', { data: ADMIN });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const isAnalyticsLog = (req: Request) =>
  req.method() === 'POST' && req.url().includes(`/api/analytics/${PROJECT}/log`);

/** Events of an analytics request, whether sent by fetch or by sendBeacon. */
function eventsOf(req: Request): Array<Record<string, unknown>> {
  return ((req.postDataJSON() ?? {}) as { events?: Array<Record<string, unknown>> }).events ?? [];
}

test('each page replaces the meta description on client-side navigation', async ({ page }) => {
  await page.goto('/');
  const home = await description(page);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing' })
    .click();
  await expect(page).toHaveTitle(/^Pricing · /);
  await expect.poll(() => description(page)).toMatch(/\$29/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Docs' }).click();
  await expect(page).toHaveTitle(/^Documentation · /);
  const docs = await description(page);
  expect(docs).not.toBe(home);
  expect(docs).toMatch(/npm start/);
});

test.describe('phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the mobile menu opens, and choosing a link navigates and closes it', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(menu).toBeVisible();
    await menu.getByRole('link', { name: 'Examples' }).click();
    await expect(page).toHaveURL(/\/examples$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

test.describe('landing counters', () => {
  test('count up to 1000+, 500+ and 200000+ once visible, final values for screen readers', async ({
    page,
  }) => {
    await page.goto('/');
    const counters = page.locator('[data-counter]');
    await expect(counters).toHaveCount(3);
    // The final values are in the DOM from the start, for assistive technology.
    await expect(page.locator('dd .sr-only')).toHaveText(['1000+', '500+', '200000+']);
    await waitForApp(page);
    await counters.first().scrollIntoViewIfNeeded();
    // Hydration, then the 2.5 s count (SPEC §9); slow machines need the margin.
    await expect(counters).toHaveText(['1000+', '500+', '200000+'], { timeout: 12_000 });
  });

  /** In the page: records every text the first counter shows from now on, in order. */
  function recordFirstCounter() {
    const seen: string[] = [];
    (window as unknown as { seen: string[] }).seen = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-counter]')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  }

  test('really count, on the first page and after navigating to it', async ({ page }) => {
    const countedUp = async () => {
      const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
      // Some values under the final one, and the final one last.
      return seen.filter((text) => Number.parseInt(text, 10) < 1000).length > 2 && seen.at(-1);
    };
    // First page: the HTML shows zeros, the app then counts up from them.
    await page.addInitScript(
      `document.addEventListener('DOMContentLoaded', ${recordFirstCounter})`,
    );
    await page.goto('/');
    await waitForApp(page);
    await page.locator('[data-counter]').first().scrollIntoViewIfNeeded();
    await expect.poll(countedUp, { timeout: 6_000 }).toBe('1000+');

    // Reached from another page, in the app: counts from zero too.
    await page.goto('/examples');
    await waitForApp(page);
    await page.evaluate(recordFirstCounter);
    await page.getByRole('link', { name: 'Codewright home' }).first().click();
    await expect(page).toHaveURL(/\/$/);
    await page.locator('[data-counter]').first().scrollIntoViewIfNeeded();
    await expect.poll(countedUp, { timeout: 6_000 }).toBe('1000+');
  });

  test('start at 0 in the HTML and on hydration, never flashing the final values', async ({
    page,
    request,
  }) => {
    // The prerendered page: 0 on screen, the final values for screen readers.
    const html = await (await request.get('/')).text();
    expect(html).toMatch(/data-counter="Projects Generated">0\+</);
    expect(html).toContain('<span class="sr-only">1000+</span>');
    await page.addInitScript(
      `document.addEventListener('DOMContentLoaded', ${recordFirstCounter})`,
    );
    await page.goto('/');
    await waitForApp(page);
    await expect(page.locator('[data-counter]').first()).toHaveText('0+');
    await page.locator('[data-counter]').first().scrollIntoViewIfNeeded();
    await expect(page.locator('[data-counter]').first()).toHaveText('1000+', { timeout: 6_000 });
    const seen = await page.evaluate(() => (window as unknown as { seen: string[] }).seen);
    const values = seen.map((text) => Number.parseInt(text, 10));
    // Only ever counting up: the final value appears once, at the end.
    expect(values.every((v, i) => i === 0 || v >= values[i - 1]!)).toBe(true);
    expect(values.filter((v) => v === 1000)).toHaveLength(1);
    await expect(page.locator('dd .sr-only')).toHaveText(['1000+', '500+', '200000+']);
  });

  test.describe('with reduced motion', () => {
    test.use({ reducedMotion: 'reduce' });
    test('show the final values at once', async ({ page }) => {
      await page.goto('/');
      await waitForApp(page);
      await expect(page.locator('[data-counter]')).toHaveText(['1000+', '500+', '200000+'], {
        timeout: 1_000,
      });
    });
  });
});

test.describe('examples', () => {
  test('the filter is a toggle group that shows each category', async ({ page }) => {
    await page.goto('/examples');
    const group = page.getByRole('group', { name: 'Filter examples by category' });
    const cards = page.getByRole('main').getByRole('article');
    await expect(group.getByRole('button', { name: 'All Examples' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(cards).toHaveCount(6);
    for (const [name, count] of [
      ['React', 2],
      ['Backend', 2],
      ['Full Stack', 1],
      ['AI/ML', 1],
      ['All Examples', 6],
    ] as const) {
      await group.getByRole('button', { name, exact: true }).click();
      await expect(group.getByRole('button', { name, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(cards).toHaveCount(count);
      await expect(page.getByText(`${count} example${count === 1 ? '' : 's'}`)).toBeVisible();
    }
    await group.getByRole('button', { name: 'AI/ML' }).click();
    await expect(cards.first()).toContainText('Support ticket sentiment');
    await expect(cards.first()).toContainText('Python');
  });

  test('Copy puts the code on the clipboard and says so', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/examples');
    const card = page.getByRole('article', { name: 'Cursor-paginated REST endpoint' });
    await card.getByRole('button', { name: /^Copy the code of/ }).click();
    await expect(page.getByText('Code copied to clipboard!')).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toContain("router.get('/users', async (req, res) => {");
    expect(copied).toBe(await card.locator('pre').innerText());
  });

  test('Try this prompt asks a visitor to sign in', async ({ page }) => {
    await page.goto('/examples');
    await page.getByRole('button', { name: 'Try this prompt' }).first().click();
    await expect(page.getByRole('dialog', { name: /Welcome Back|Create Account/ })).toBeVisible();
    await expect(page).toHaveURL(/\/examples$/);
  });

  test('Try this prompt opens the generator for a signed-in user', async ({ page, login }) => {
    await login();
    await page.goto('/examples');
    await page.getByRole('button', { name: 'Try this prompt' }).first().click();
    await expect(page).toHaveURL(/\/generator$/);
  });
});

test.describe('pricing', () => {
  test('shows three plans, Most Popular on Pro, the refund and five FAQ entries', async ({
    page,
  }) => {
    await page.goto('/pricing');
    const plans = page
      .getByRole('main')
      .getByRole('listitem')
      .filter({ has: page.locator('h2') });
    await expect(plans).toHaveCount(3);
    await expect(plans.nth(0)).toContainText('$0');
    await expect(plans.nth(1)).toContainText('$29');
    await expect(plans.nth(1)).toContainText('Most Popular');
    await expect(plans.nth(2)).toContainText('Custom');
    await expect(page.getByText(/30-day refund/).first()).toBeVisible();
    const faq = page.locator('details');
    await expect(faq).toHaveCount(5);
    await faq.first().locator('summary').click();
    await expect(faq.first()).toHaveAttribute('open', '');
  });

  test('a visitor choosing a plan gets the sign-in dialog', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page).toHaveURL(/\/pricing$/);
  });

  test('a signed-in user upgrades to Pro and lands on the dashboard', async ({ page, login }) => {
    await login();
    const token = await accessTokenOf(page);
    const before = await page.request.get('/api/plan', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await before.json()) as { plan: string }).plan).toBe('free');

    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Upgrade to Pro' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByText("You're on the Pro plan.")).toBeVisible();
    const after = await page.request.get('/api/plan', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await after.json()) as { plan: string }).plan).toBe('pro');

    await page.goto('/pricing');
    await expect(page.getByRole('button', { name: 'Your current plan' })).toBeVisible();
  });
});

test.describe('docs', () => {
  test('the search filters articles and says when nothing matches', async ({ page }) => {
    await page.goto('/docs');
    const search = page.getByRole('searchbox', { name: 'Search documentation' });
    const articles = page.getByRole('main').locator('details');
    await expect(search).toBeVisible();
    const total = await articles.count();
    expect(total).toBeGreaterThanOrEqual(8);
    await expect(page.getByRole('heading', { level: 2 })).toContainText([
      'Getting started',
      'Using the generator',
      'Projects and plans',
      'Self-hosting and configuration',
    ]);
    await expect(
      page.getByRole('navigation', { name: 'Popular docs' }).getByRole('link'),
    ).toHaveCount(4);
    await expect(page.getByRole('heading', { name: 'Quick start' })).toBeVisible();

    await search.fill('OLLAMA');
    await expect(articles).not.toHaveCount(total);
    const matches = await articles.count();
    expect(matches).toBeGreaterThan(0);
    for (let i = 0; i < matches; i++) await expect(articles.nth(i)).toContainText(/ollama/i);
    await expect(
      page.getByText(`${matches} article${matches === 1 ? '' : 's'} found`),
    ).toBeVisible();

    await search.fill('qwxzy-nothing');
    await expect(articles).toHaveCount(0);
    await expect(page.getByText('No articles match “qwxzy-nothing”.')).toBeVisible();
    await page.getByRole('button', { name: 'Clear search' }).click();
    await expect(articles).toHaveCount(total);
  });
});

test.describe('CTA tracking and analytics', () => {
  test('a CTA click is stored with the user and logged as cta_clicked', async ({ page, login }) => {
    const user = await login();
    const token = await accessTokenOf(page);
    const me = await page.request.get('/api/auth/me', {
      headers: { authorization: `Bearer ${token}` },
    });
    const userId = ((await me.json()) as { id: string }).id;

    const logged = page.waitForRequest(
      (req) => isAnalyticsLog(req) && eventsOf(req).some((e) => e.type === 'cta_clicked'),
    );
    await page.goto('/');
    await page.getByRole('button', { name: 'Start Building' }).click();
    await expect(page).toHaveURL(/\/generator$/);
    const event = eventsOf(await logged).find((e) => e.type === 'cta_clicked');
    expect(event).toMatchObject({ cta_name: 'Start Building', page: '/' });

    const admin = await adminToken(page.request);
    await expect
      .poll(async () => {
        const res = await page.request.get(
          `/api/db/${PROJECT}/rest/v1/cta_interactions?user_id=eq.${userId}`,
          { headers: { authorization: `Bearer ${admin}` } },
        );
        expect(res.status(), `admin listing for ${user.email}`).toBe(200);
        return ((await res.json()) as Array<{ cta_name: string; page: string }>).map(
          (r) => `${r.cta_name} @ ${r.page}`,
        );
      })
      .toContain('Start Building @ /');
  });

  test('page views are logged with pathname, screen width and utm fields', async ({ page }) => {
    const logged = page.waitForRequest(
      (req) => isAnalyticsLog(req) && eventsOf(req).some((e) => e.type === 'page_view'),
    );
    await page.goto('/pricing?utm_source=e2e&utm_campaign=launch');
    const request = await logged;
    const view = eventsOf(request).find((e) => e.type === 'page_view');
    expect(view).toMatchObject({
      pathname: '/pricing',
      screen_width: expect.any(Number),
      utm_source: 'e2e',
      utm_campaign: 'launch',
      session_id: expect.any(String),
    });
    expect((await request.response())?.status()).toBe(202);
  });

  test('a visitor who moves on before the SDK has loaded keeps both page views', async ({
    page,
  }) => {
    const views: Array<Record<string, unknown>> = [];
    page.on('request', (req) => {
      if (isAnalyticsLog(req)) views.push(...eventsOf(req).filter((e) => e.type === 'page_view'));
    });
    // The SDK's chunk arrives only after the visitor has moved on, as on a slow network.
    const sdk = await holdSdkChunk(page);
    await page.goto('/?utm_source=quick');
    // Once the app has taken the page over, left at once by the keyboard, which starts the load.
    await expect(page.locator('#root')).not.toHaveAttribute('inert');
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Pricing' })
      .focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveTitle(/^Pricing/);
    expect(sdk.held()).toBe(1);
    sdk.release();
    await expect.poll(() => views.length, { timeout: 15_000 }).toBe(2);
    expect(views[0]).toMatchObject({ pathname: '/', utm_source: 'quick' });
    expect(views[1]).toMatchObject({ pathname: '/pricing' });
    expect(views[1]).not.toHaveProperty('utm_source');
  });

  test.describe('with Do Not Track', () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript(() => {
        Object.defineProperty(Navigator.prototype, 'doNotTrack', { get: () => '1' });
      });
    });

    test('nothing is sent: no page views, no CTA records, not even on page hide', async ({
      page,
    }) => {
      const sent: string[] = [];
      page.on('request', (req) => {
        if (isAnalyticsLog(req) || req.url().includes('/rest/v1/cta_interactions'))
          sent.push(`${req.method()} ${req.url()}`);
      });
      // The page's timers run on a clock the test moves on: the flush interval passes at once.
      await page.clock.install();
      await page.goto('/');
      await page.getByRole('button', { name: 'Start Building' }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await page.keyboard.press('Escape');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Docs' })
        .click();
      await expect(page).toHaveTitle(/^Documentation/);
      // Longer than the 3 s flush, then hide the page.
      await page.clock.runFor(3_500);
      await page.goto('about:blank');
      expect(sent).toEqual([]);
    });
  });
});
