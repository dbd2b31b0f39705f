/**
 * Shared Playwright fixtures (Epic Stack style): every test makes its own user.
 *
 *   test('…', async ({ page, login }) => {
 *     const user = await login();          // signed in, on /
 *     await page.goto('/dashboard');
 *   });
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { test as base } from './fixtures/screens-opened.ts';
import { randomUUID } from 'node:crypto';

export interface TestUser {
  email: string;
  password: string;
}

/** A fresh, unique address per call so tests never share data. */
export function uniqueEmail(prefix = 'e2e'): string {
  return `${prefix}-${Date.now().toString(36)}-${randomUUID().slice(0, 8)}@example.test`;
}

/** A user credential pair that is not yet registered. */
export function newUser(): TestUser {
  return { email: uniqueEmail(), password: `Pw-${randomUUID().slice(0, 12)}` };
}

/** Registers a user through the API (POST /api/auth/signup → 201). */
export async function signUpViaApi(
  request: APIRequestContext,
  user: TestUser = newUser(),
): Promise<TestUser> {
  const res = await request.post('/api/auth/signup', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(201);
  return user;
}

/**
 * Signs `user` in without the UI: tokens from POST /api/auth/signin/email are
 * handed to the app through the URL (SPEC §4.1 URL hand-off) of the page `to` (the home page
 * unless said), which opens signed in; the SDK stores them and strips them from the address bar.
 */
export async function loginViaApi(page: Page, user: TestUser, to = '/'): Promise<void> {
  const res = await page.request.post('/api/auth/signin/email', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as Record<string, unknown>;
  const params = new URLSearchParams();
  for (const key of [
    'access_token',
    'refresh_token',
    'expires_in',
    'refresh_expires_in',
    'issued_at',
  ]) {
    if (body[key] !== undefined) params.set(key, String(body[key]));
  }
  await page.goto(`${to}?${params.toString()}`);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(page).not.toHaveURL(/access_token/);
}

/**
 * Waits until the app has taken over a prerendered page (apps/web/scripts/prerender.mjs): until
 * then the HTML is on screen but `inert`, so nothing can be focused or clicked yet.
 */
export async function waitForApp(page: Page): Promise<void> {
  await expect(page.locator('#root')).not.toHaveAttribute('inert');
}

/**
 * Opens /generator and waits for its editor: the first paint of a lazily loaded route, then
 * Monaco attached (not visible: below 1024 px the editor waits behind the Code tab).
 */
export async function openGenerator(page: Page): Promise<void> {
  await page.goto('/generator');
  await waitForGenerator(page);
}

/**
 * Waits for /generator, once the page is there (`login(undefined, '/generator')` opens it
 * signed in): its heading, then Monaco attached.
 */
export async function waitForGenerator(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'AI Code Generator', level: 1 })).toBeVisible({
    timeout: 15_000,
  });
  await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 15_000 });
}

/** Sends a prompt from the composer; on a phone the composer is on the Chat tab. */
export async function sendPrompt(page: Page, text: string): Promise<void> {
  const chatTab = page.getByRole('tab', { name: /^Chat/ });
  if (await chatTab.isVisible()) await chatTab.click();
  const box = page.getByRole('textbox', { name: 'Describe what you want to build' });
  await box.fill(text);
  await box.press('Enter');
}

/**
 * Waits until the generator can take the next prompt (includeHidden: on a phone the composer is
 * behind the Code tab once an answer is done).
 */
export async function waitIdle(page: Page): Promise<void> {
  await expect(
    page.getByRole('button', { name: 'Generate Code', includeHidden: true }),
  ).toBeEnabled({ timeout: 20_000 });
}

/**
 * An edit of existing code ends in the review of its changes (docs/decisions/022): accepts all
 * of it and waits for the review to close; given `code`, expects the editor to hold it then. By
 * keyboard: at 390 px a toast or the sticky header can sit over the review's toolbar as a
 * pointer click lands, and such a click was seen to focus the button without clicking it.
 */
export async function acceptReview(page: Page, code?: string | RegExp): Promise<void> {
  const review = page.getByTestId('review-panel');
  await review.getByRole('button', { name: 'Accept all' }).press('Enter');
  await expect(review).toHaveCount(0);
  if (code !== undefined) {
    await expect(page.getByTestId('editor-panel')).toHaveAttribute('data-code', code);
  }
}

/**
 * Opens the auth dialog's email form from whatever opener is on screen. The test server offers
 * no social sign-in, so the dialog opens on the email form itself.
 */
export async function openEmailForm(page: Page, opener: () => Promise<void>): Promise<void> {
  await opener();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toBeFocused();
}

/** Fills and submits the dialog's email form. */
export async function submitEmailForm(
  page: Page,
  user: TestUser,
  button: 'Sign In' | 'Sign Up',
): Promise<void> {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: button, exact: true }).click();
}

interface Fixtures {
  /**
   * Creates a fresh user (or uses `user`) and signs the page in; resolves on `to` (default /)
   * signed in, one page load.
   */
  login: (user?: TestUser, to?: string) => Promise<TestUser>;
  /** `login(user, '/generator')`, then waits for the generator (waitForGenerator). */
  loginToGenerator: (user?: TestUser) => Promise<TestUser>;
  /** Automatic: fails the test on an uncaught page error or a Content-Security-Policy violation. */
  pageErrors: void;
}

/** Must match ADMIN in e2e/start-server.mjs, which makes it an admin (`npm run admin -- grant`). */
export const ADMIN: TestUser = {
  email: 'e2e-admin@example.test',
  password: 'Admin-e2e-password-1',
};

/** A user's id and access token, from signing in through the API. */
export interface ApiSession {
  id: string;
  token: string;
}

/** Signs a user in through the API (no browser) and returns its id and access token. */
export async function signIn(request: APIRequestContext, user: TestUser): Promise<ApiSession> {
  const res = await request.post('/api/auth/signin/email', {
    data: { email: user.email, password: user.password },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { user: { id: string }; access_token: string };
  return { id: body.user.id, token: body.access_token };
}

/** A user's meters this month, as GET /api/plan reports them to that user. */
export async function usageOf(
  request: APIRequestContext,
  token: string,
): Promise<{ generationsUsed: number; editsUsed: number }> {
  const res = await request.get('/api/plan', { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { usage: { generationsUsed: number; editsUsed: number } }).usage;
}

/** Sets a user's monthly usage counters through the admin SQL endpoint. */
export async function setUsage(
  request: APIRequestContext,
  userId: string,
  usage: { generations: number; edits: number },
): Promise<void> {
  const signup = await request.post('/api/auth/signup', { data: ADMIN });
  expect([201, 409], await signup.text()).toContain(signup.status());
  const admin = await signIn(request, ADMIN);
  const res = await request.post('/api/db/codewright/sql', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      query:
        'INSERT INTO user_plans (user_id, generations_used, edits_used, last_reset_date) ' +
        'VALUES ($1, $2, $3, now()) ON CONFLICT (user_id) DO UPDATE SET ' +
        'generations_used = EXCLUDED.generations_used, edits_used = EXCLUDED.edits_used, ' +
        'last_reset_date = EXCLUDED.last_reset_date',
      params: [userId, usage.generations, usage.edits],
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

export const test = base.extend<Fixtures>({
  pageErrors: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      page.on('console', (msg) => {
        if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) {
          problems.push(`CSP: ${msg.text()}`);
        }
      });
      await use();
      expect(problems, 'the page reported errors').toEqual([]);
    },
    { auto: true },
  ],
  login: async ({ page }, use) => {
    await use(async (user, to) => {
      const account = user ?? (await signUpViaApi(page.request));
      await loginViaApi(page, account, to);
      return account;
    });
  },
  loginToGenerator: async ({ page, login }, use) => {
    await use(async (user) => {
      const account = await login(user, '/generator');
      await waitForGenerator(page);
      return account;
    });
  },
});

/** A key for a [[hold:key]] answer, unique to this call. */
export function holdKey(): string {
  return `h${randomUUID().slice(0, 8)}`;
}

/**
 * Lets a [[hold:key]] answer of the scripted model (fixtures/model-server.mjs, on E2E_PORT + 5)
 * stream its second half. A test holds an answer to see its streaming state on a machine of
 * any speed, instead of racing a chunk delay.
 */
export async function releaseHold(request: APIRequestContext, key: string): Promise<void> {
  const port = Number(process.env.E2E_PORT ?? 3210) + 5;
  const res = await request.post(`http://127.0.0.1:${port}/__release/${key}`);
  expect(res.status()).toBe(200);
}

export { expect };

/**
 * Holds the SDK's chunk back, as a slow network would, until `release()`; `held()` says how
 * many requests for it are waiting or were let through.
 */
export async function holdSdkChunk(
  page: Page,
): Promise<{ release: () => void; held: () => number }> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await page.route(/\/assets\/sdk-[^/]*\.js$/, async (route) => {
    held += 1;
    await released;
    await route.continue();
  });
  return { release, held: () => held };
}
