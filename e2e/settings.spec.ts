/**
 * The Settings screen's Account group (docs/api.md § Account settings): display name, sessions
 * across two browsers, the data export download followed by deleting the account, after which
 * the old password signs in nowhere. Screenshots of the screen and of the delete confirmation at
 * 1280 and 390 px go to e2e/output/screenshots/.
 */
import type { Page } from '@playwright/test';
import { AUTH_ERROR_MESSAGES } from '@codewright/contract';
import {
  expect,
  loginViaApi,
  openEmailForm,
  signIn,
  submitEmailForm,
  test,
  type TestUser,
} from './fixtures.ts';

const SHOTS = 'e2e/output/screenshots';

async function openSettings(page: Page) {
  await page.getByRole('banner').getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sessions' })).toBeVisible();
}

test.describe('Settings at 1280 px', () => {
  test('signed out, /settings goes to sign-in', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/sign-in\?redirect=%2Fsettings$/);
  });

  test('changes the display name, which stays after a reload', async ({ page, login }) => {
    await login();
    await openSettings(page);
    await page.screenshot({ path: `${SHOTS}/settings-1280.png`, fullPage: true });
    const field = page.getByLabel('Display name');
    await field.fill('Ada Lovelace');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'display name is saved' }),
    ).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Display name')).toHaveValue('Ada Lovelace');
  });

  test('signs out the session of another browser', async ({ page, login, browser }) => {
    const user = await login();
    const other = await browser.newContext();
    const phone = await other.newPage();
    await loginViaApi(phone, user);

    await openSettings(page);
    const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
    await expect(sessions).toHaveCount(2);
    await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
    await page.getByRole('button', { name: /^Sign out .*signed in/ }).click();
    await expect(sessions).toHaveCount(1);
    await expect(page.getByText('This is your only session.')).toBeVisible();

    // The other browser is signed out at once: its next visit to a guarded page asks it to sign in.
    await phone.goto('/dashboard');
    await expect(phone).toHaveURL(/\/sign-in/);
    await other.close();
  });

  test('exports, then deletes, and can no longer sign in', async ({ page, login }) => {
    const user = await login();
    const { token } = await signIn(page.request, user);
    const created = await page.request.post('/api/db/codewright/rest/v1/projects', {
      headers: { authorization: `Bearer ${token}` },
      data: { name: 'Exported Project', language: 'JavaScript', code: 'console.log(42)' },
    });
    expect(created.status()).toBe(201);

    await openSettings(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^codewright-export-\d{4}-\d{2}-\d{2}\.zip$/);
    const bytes = await readAll(await file.createReadStream());
    // A zip starts with a local file header, and its directory names every file in clear.
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    expect(bytes.toString('latin1')).toContain('projects/exported-project-');
    expect(bytes.toString('latin1')).toContain('manifest.json');
    await expect(page.getByText('Your export is downloading.')).toBeVisible();

    await deleteWithPassword(page, user, 1280);
  });
});

test.describe('Settings at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('opens from the menu, fits the width, and deletes the account', async ({ page, login }) => {
    const user = await login();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('navigation', { name: 'Mobile' })
      .getByRole('link', { name: 'Settings' })
      .click();
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Sessions' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await page.screenshot({ path: `${SHOTS}/settings-390.png`, fullPage: true });
    await page.getByLabel('Display name').fill('Small Screen');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByText('Your display name is saved.')).toBeVisible();
    await deleteWithPassword(page, user, 390);
  });
});

/**
 * Wrong password first (the dialog says so and nothing goes), then the right one; afterwards
 * the old password signs in nowhere, and the email can sign up again.
 */
async function deleteWithPassword(page: Page, user: TestUser, width: number) {
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Your password')).toBeFocused();
  await page.screenshot({ path: `${SHOTS}/settings-delete-${width}.png` });

  await dialog.getByLabel('Your password').fill('not the password');
  await dialog.getByRole('button', { name: 'Delete my account forever' }).click();
  await expect(dialog.getByRole('alert')).toHaveText(/password is not correct/);
  await expect(dialog.getByLabel('Your password')).toBeFocused();

  await dialog.getByLabel('Your password').fill(user.password);
  await dialog.getByRole('button', { name: 'Delete my account forever' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText('Your account has been deleted.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Get Started' })).toBeVisible();
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/sign-in/);

  // The old password opens nothing: the API refuses it, and so does the sign-in page.
  const old = await page.request.post('/api/auth/signin/email', {
    data: { email: user.email, password: user.password },
  });
  expect(old.status(), await old.text()).toBe(401);
  await openEmailForm(page, () =>
    page.getByRole('button', { name: 'Continue to sign in' }).click(),
  );
  await submitEmailForm(page, user, 'Sign In');
  await expect(
    page
      .locator('[data-sonner-toast]')
      .filter({ hasText: AUTH_ERROR_MESSAGES.INVALID_CREDENTIALS }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/sign-in/);

  const again = await page.request.post('/api/auth/signup', {
    data: { email: user.email, password: 'a brand new password' },
  });
  expect(again.status(), await again.text()).toBe(201);
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
