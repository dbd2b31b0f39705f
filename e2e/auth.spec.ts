import type { Page } from '@playwright/test';
import { MESSAGES, AUTH_ERROR_MESSAGES } from '@codewright/contract';
import {
  expect,
  newUser,
  openEmailForm,
  signUpViaApi,
  submitEmailForm,
  test,
  waitForApp,
} from './fixtures.ts';

const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });

test.describe('auth dialog', () => {
  test('sign up, then sign in, lands on /generator and survives a reload', async ({ page }) => {
    const user = newUser();
    await page.goto('/');
    await openEmailForm(page, () => page.getByRole('button', { name: 'Start Building' }).click());
    const dialog = page.getByRole('dialog');
    await expect(dialog).toHaveAccessibleName('Welcome Back');

    await dialog.getByRole('button', { name: "Don't have an account? Sign up" }).click();
    await expect(dialog).toHaveAccessibleName('Create Account');
    await submitEmailForm(page, user, 'Sign Up');
    await expect(toast(page, MESSAGES.accountCreated)).toBeVisible();

    // Sign-up does not sign in: back in sign-in mode, still signed out.
    await expect(dialog).toHaveAccessibleName('Welcome Back');
    // The email is kept and the password field has focus, empty, for the sign-in.
    await expect(dialog.getByLabel('Email')).toHaveValue(user.email);
    await expect(dialog.getByLabel('Password')).toBeFocused();
    await expect(dialog.getByLabel('Password')).toHaveValue('');
    await expect(
      page.getByRole('banner').getByRole('button', { name: 'Get Started' }),
    ).toBeVisible();

    await submitEmailForm(page, user, 'Sign In');
    await expect(page).toHaveURL(/\/generator$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Code Generator' })).toBeVisible();
    await expect(page.getByText('Build with AI assistance')).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign Out' })).toBeVisible();

    await page.reload();
    await expect(page).toHaveURL(/\/generator$/);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Code Generator' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toBeVisible();
    // The session is this user's: the dashboard names who is signed in.
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByText(user.email)).toBeVisible();
  });

  test('with no social sign-in configured the dialog opens on the email form', async ({ page }) => {
    await page.goto('/');
    await waitForApp(page);
    await page.getByRole('button', { name: 'Start Building' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expect(dialog.getByLabel('Password')).toBeVisible();
    // No step whose only choice is email, and no way back to it.
    await expect(dialog.getByRole('button', { name: 'Continue with Email' })).toHaveCount(0);
    await expect(dialog.getByRole('button', { name: 'Back to other options' })).toHaveCount(0);
  });

  test('empty email or password shows the validation toast and sends nothing', async ({ page }) => {
    const signInCalls: string[] = [];
    page.on('request', (r) => r.url().includes('/api/auth/signin') && signInCalls.push(r.url()));
    await page.goto('/');
    await openEmailForm(page, () => page.getByRole('button', { name: 'Start Building' }).click());
    await page.getByRole('dialog').getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(toast(page, MESSAGES.enterEmailAndPassword)).toBeVisible();

    await page.getByRole('dialog').getByLabel('Email').fill('someone@example.test');
    await page.getByRole('dialog').getByRole('button', { name: 'Sign In', exact: true }).click();
    await expect(toast(page, MESSAGES.enterEmailAndPassword).first()).toBeVisible();
    await expect(
      page.getByRole('dialog').getByRole('button', { name: 'Sign In', exact: true }),
    ).toBeEnabled();
    expect(signInCalls).toEqual([]);
  });

  test('a wrong password shows the invalid-credentials message', async ({ page }) => {
    const user = await signUpViaApi(page.request);
    await page.goto('/');
    await openEmailForm(page, () => page.getByRole('button', { name: 'Start Building' }).click());
    await submitEmailForm(page, { ...user, password: 'not-the-password' }, 'Sign In');
    await expect(toast(page, AUTH_ERROR_MESSAGES.INVALID_CREDENTIALS)).toBeVisible();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('the header Sign In returns to /dashboard; Escape closes and focus returns', async ({
    page,
  }) => {
    const user = await signUpViaApi(page.request);
    await page.goto('/pricing');
    const signIn = page.getByRole('banner').getByRole('button', { name: 'Sign In' });
    await signIn.click();
    await expect(page.getByRole('dialog', { name: 'Welcome Back' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(signIn).toBeFocused();

    await openEmailForm(page, () => signIn.click());
    await submitEmailForm(page, user, 'Sign In');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Coding Workspace' })).toBeVisible();
  });

  test('Get Started opens the dialog in sign-up mode', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('banner').getByRole('button', { name: 'Get Started' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Account' })).toBeVisible();
  });
});

test.describe('guards and sign-in page', () => {
  for (const path of ['/dashboard', '/generator']) {
    test(`a visitor to ${path} is sent to /sign-in`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`/sign-in\\?redirect=${encodeURIComponent(path)}$`));
      await expect(
        page.getByRole('heading', { level: 1, name: 'Sign in to Codewright' }),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Terms of Service' }).first()).toBeVisible();
    });
  }

  test('signing in from /sign-in returns to the guarded page', async ({ page }) => {
    const user = await signUpViaApi(page.request);
    await page.goto('/generator');
    await expect(page).toHaveURL(/\/sign-in/);
    await openEmailForm(page, () =>
      page.getByRole('button', { name: 'Continue to sign in' }).click(),
    );
    await submitEmailForm(page, user, 'Sign In');
    await expect(page).toHaveURL(/\/generator$/);
    await expect(page.getByRole('heading', { level: 1, name: 'AI Code Generator' })).toBeVisible();
  });

  test('/sign-in without a redirect goes to /dashboard, and a signed-in user skips it', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/sign-in');
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Coding Workspace' })).toBeVisible();
  });
});

test.describe('signed in', () => {
  test('Sign Out goes to / and the header offers Sign In again', async ({ page, login }) => {
    await login();
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: 'Coding Workspace' })).toBeVisible();
    await page.getByRole('banner').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Dashboard' })).toHaveCount(0);

    // The session is really gone: a reload stays signed out and the guard applies.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fdashboard$/);
  });

  test('Start Building goes straight to /generator', async ({ page, login }) => {
    await login();
    await page.getByRole('button', { name: 'Start Building' }).click();
    await expect(page).toHaveURL(/\/generator$/);
  });
});

test.describe('header', () => {
  test('the active link is marked with aria-current', async ({ page }) => {
    await page.goto('/examples');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Examples' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await expect(nav.getByRole('link', { name: 'Pricing' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  test('the first Tab stop is a visible skip link to the main content', async ({ page }) => {
    await page.goto('/features');
    await waitForApp(page);
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    await expect(skip).toBeFocused();
    await expect(skip).toBeVisible();
    await page.keyboard.press('Enter');
    await expect(page.locator('main#main')).toBeFocused();
  });

  test('the mobile menu opens, shows the links and closes on navigation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Open menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();

    const menu = page.getByRole('navigation', { name: 'Mobile' });
    await expect(page.getByRole('button', { name: 'Close menu' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    for (const name of ['Features', 'Examples', 'Pricing', 'Docs']) {
      await expect(menu.getByRole('link', { name })).toBeVisible();
    }
    await menu.getByRole('link', { name: 'Pricing' }).click();
    await expect(page).toHaveURL(/\/pricing$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});
