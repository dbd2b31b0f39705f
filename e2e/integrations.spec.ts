/**
 * The Settings screen's Integrations group (SPEC §6 custom integrations, Enterprise): an owner on
 * Enterprise makes an API key that is shown once, copies it, calls the API with it, sees it
 * listed without its secret and revokes it, after which the same call is refused; on Pro the card
 * is locked and opens the upgrade dialog. axe and screenshots at 1280 and 390 px
 * (e2e/output/screenshots/integrations-*.png).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { CUSTOM_INTEGRATIONS_FEATURE, type PlanName } from '@codewright/contract';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, signIn, signUpViaApi, test, type TestUser } from './fixtures.ts';

const SHOTS = 'e2e/output/screenshots';
const PROJECTS = '/api/db/codewright/rest/v1/projects';

/** A new user on `plan`, signed in on /settings with the Integrations group loaded. */
async function onSettings(
  page: Page,
  login: (user?: TestUser, to?: string) => Promise<TestUser>,
  plan: PlanName,
) {
  const user = await signUpViaApi(page.request);
  const { token } = await signIn(page.request, user);
  const res = await page.request.post('/api/plan/upgrade', {
    headers: { authorization: `Bearer ${token}` },
    data: { plan },
  });
  expect(res.status(), await res.text()).toBe(200);
  await login(user, '/settings');
  const section = page.getByRole('region', { name: 'Integrations' });
  await expect(section.getByRole('heading', { name: 'API keys' })).toBeVisible();
  return section;
}

async function projectsWith(request: APIRequestContext, key: string) {
  return request.get(PROJECTS, { headers: { authorization: `Bearer ${key}` } });
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

for (const width of [1280, 390]) {
  test.describe(`Integrations at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test('an Enterprise owner makes a key shown once, uses it, then revokes it', async ({
      page,
      login,
      context,
      request,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const section = await onSettings(page, login, 'enterprise');
      await expect(section.getByText(/^No API keys yet/)).toBeVisible();
      await noSidewaysScroll(page);
      await expectNoSeriousViolations(page, `Integrations, no keys, ${width} px`);

      await section.getByLabel('Name').fill('CI deploy');
      await section.getByLabel('Scope').selectOption({ label: 'Read and write' });
      await section.getByLabel('Expires after').selectOption({ label: '30 days' });
      await section.getByRole('button', { name: 'Create key' }).click();

      const dialog = page.getByRole('dialog', { name: 'Your new API key' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('It will not be shown again')).toBeVisible();
      const copy = dialog.getByRole('button', { name: 'Copy key' });
      await expect(copy).toBeFocused();
      const key = await dialog.getByLabel('API key').inputValue();
      expect(key).toMatch(/^cwk_[A-Za-z0-9_-]{43}$/);
      await expectNoSeriousViolations(page, `the new key dialog, ${width} px`);
      await page.screenshot({ path: `${SHOTS}/integrations-new-key-${width}.png` });

      await copy.click();
      await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect(dialog).toHaveCount(0);

      // Listed by its start, never its secret; the key works against the API as its user.
      const row = section.getByRole('list', { name: 'API keys' }).getByRole('listitem');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText('CI deploy');
      await expect(row).toContainText('Read and write');
      await expect(row).toContainText(`${key.slice(0, 12)}…`);
      await expect(row).toContainText('Never used');
      expect(await page.content()).not.toContain(key);
      expect((await projectsWith(request, key)).status()).toBe(200);
      await page.reload();
      await expect(row).toContainText(`${key.slice(0, 12)}…`);
      expect(await page.content()).not.toContain(key);
      await noSidewaysScroll(page);
      await expectNoSeriousViolations(page, `Integrations with a key, ${width} px`);
      await section.screenshot({ path: `${SHOTS}/integrations-list-${width}.png` });

      await row.getByRole('button', { name: /^Revoke CI deploy/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
      await expect(confirm.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await confirm.getByRole('button', { name: 'Revoke key' }).click();
      await expect(confirm).toHaveCount(0);
      await expect(section.getByText('is revoked: it no longer works.')).toBeVisible();
      await expect(row).toHaveCount(0);
      await expect(section.getByText(/^No API keys yet/)).toBeVisible();
      expect((await projectsWith(request, key)).status()).toBe(401);
    });

    test('on Pro the card is locked and opens the upgrade dialog', async ({ page, login }) => {
      const section = await onSettings(page, login, 'pro');
      await expect(section.getByTestId('integrations-locked')).toContainText(
        'this workspace is on the Pro plan',
      );
      await expect(section.getByRole('button', { name: 'Create key' })).toHaveCount(0);
      await section.screenshot({ path: `${SHOTS}/integrations-locked-card-${width}.png` });
      const unlock = section.getByRole('button', { name: 'Unlock API keys' });
      await unlock.click();
      const dialog = page.getByRole('dialog', { name: 'Upgrade to Enterprise' });
      await expect(dialog.getByText(CUSTOM_INTEGRATIONS_FEATURE, { exact: true })).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Upgrade to Enterprise' })).toBeVisible();
      await expectNoSeriousViolations(page, `the upgrade dialog of Integrations, ${width} px`);
      await page.screenshot({ path: `${SHOTS}/integrations-locked-${width}.png` });
      await dialog.getByRole('button', { name: 'Maybe Later' }).click();
      await expect(dialog).toHaveCount(0);
      await expect(unlock).toBeFocused();
      await noSidewaysScroll(page);
    });
  });
}
