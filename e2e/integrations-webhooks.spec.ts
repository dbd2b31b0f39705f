/**
 * Webhooks in the Settings screen's Integrations group (Enterprise; docs/api.md § Webhooks): an
 * owner adds a webhook for "Project created" pointing at a receiver this test starts, copies the
 * secret shown once, makes a project, and sees the delivery succeed in the log; the receiver got
 * it signed with that secret. A failing receiver is logged as failed and sent again once mended;
 * the secret is rotated and the webhook deleted. Runs on a server of its own whose allow list
 * lets it reach 127.0.0.1 (fixtures/webhooks-server.ts). axe and screenshots at 1280 and 390 px
 * (e2e/output/screenshots/integrations-webhooks-*.png).
 */
import { createHmac } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, signIn, signUpViaApi } from './fixtures.ts';
import { test, type Received } from './fixtures/webhooks-server.ts';

const SHOTS = 'e2e/output/screenshots';

/** A receiver's check (Standard Webhooks), written apart from the server's signing code. */
function signedWith(secret: string, delivery: Received): boolean {
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const signed = `${String(delivery.headers['webhook-id'])}.${String(delivery.headers['webhook-timestamp'])}.${delivery.body}`;
  const expected = `v1,${createHmac('sha256', key).update(signed).digest('base64')}`;
  return String(delivery.headers['webhook-signature']).split(' ').includes(expected);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
}

/** A screenshot of the whole card, without the sticky site header drawn over its top. */
async function shootWhole(card: Locator, path: string) {
  await card.screenshot({ path, style: 'header.sticky { visibility: hidden !important; }' });
}

/** Adds a webhook through the form; answers the secret the dialog shows, after copying it. */
async function addWebhook(page: Page, card: Locator, url: string, shot?: string) {
  await card.getByLabel('Endpoint URL').fill(url);
  await card.getByRole('checkbox', { name: /Project created/ }).check();
  await card.getByRole('button', { name: 'Add webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Your webhook’s signing secret' });
  await expect(dialog.getByText('It will not be shown again')).toBeVisible();
  const copy = dialog.getByRole('button', { name: 'Copy secret' });
  await expect(copy).toBeFocused();
  const secret = await dialog.getByLabel('Signing secret').inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
  if (shot) {
    await expectNoSeriousViolations(page, `the webhook secret dialog, ${shot}`);
    await page.screenshot({ path: `${SHOTS}/integrations-webhooks-secret-${shot}.png` });
  }
  await copy.click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toHaveCount(0);
  return secret;
}

for (const width of [1280, 390]) {
  test.describe(`Webhooks at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 390 ? 844 : 800 } });

    test('an Enterprise owner adds a webhook, sees its deliveries, rotates and deletes it', async ({
      page,
      login,
      context,
      receiver,
    }) => {
      // Real deliveries through a second server: a success, a receiver failing twice, a resend.
      // About 15 s alone; twice that beside another file's server on 2 cores.
      test.setTimeout(60_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      const user = await signUpViaApi(page.request);
      const { token } = await signIn(page.request, user);
      const auth = { authorization: `Bearer ${token}` };
      const upgraded = await page.request.post('/api/plan/upgrade', {
        headers: auth,
        data: { plan: 'enterprise' },
      });
      expect(upgraded.status(), await upgraded.text()).toBe(200);
      await login(user, '/settings');
      const card = page.getByRole('region', { name: 'Webhooks' });
      await expect(card.getByText(/^No webhooks yet/)).toBeVisible();
      await expect(card.getByRole('button', { name: 'Add webhook' })).toBeDisabled();

      const secret = await addWebhook(page, card, receiver.url('/hooks'), `${width}`);
      const row = card.getByRole('list', { name: 'Webhooks' }).locator('> li');
      await expect(row).toHaveCount(1);
      await expect(row).toContainText(receiver.url('/hooks'));
      await expect(row.getByLabel('Events')).toHaveText('Project created');
      expect(await page.content()).not.toContain(secret);

      const made = await page.request.post('/api/db/codewright/rest/v1/projects', {
        headers: auth,
        data: { name: 'Hooked', language: 'JavaScript', code: 'export const x = 1;' },
      });
      expect(made.status(), await made.text()).toBe(201);
      await expect.poll(() => receiver.at('/hooks').length).toBe(1);
      const [got] = receiver.at('/hooks');
      expect(JSON.parse(got!.body)).toMatchObject({ type: 'project.created' });
      expect(signedWith(secret, got!)).toBe(true);

      const toggle = row.getByRole('button', { name: 'Deliveries' });
      await toggle.click();
      await expect(toggle).toHaveAttribute('aria-expanded', 'true');
      const log = row.getByRole('list', { name: 'Deliveries' }).getByRole('listitem');
      // The log reads itself again while a delivery is pending; Refresh reads it now.
      await expect(async () => {
        await row.getByRole('button', { name: 'Refresh' }).click();
        await expect(log.first()).toContainText('Succeeded', { timeout: 1000 });
      }).toPass({ timeout: 10_000 });
      await expect(log).toHaveCount(1);
      await expect(log.first()).toContainText('Project created');
      await expect(log.first()).toContainText('HTTP 200');
      await expect(log.first()).toContainText('1 attempt');

      // A receiver that answers 500: two tries, then Failed; once mended, Send again succeeds.
      receiver.answerWith(() => 500);
      await page.request.post('/api/db/codewright/rest/v1/projects', {
        headers: auth,
        data: { name: 'Broken', language: 'JavaScript', code: '' },
      });
      await expect(async () => {
        await row.getByRole('button', { name: 'Refresh' }).click();
        await expect(log.first()).toContainText('Failed', { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await expect(log.first()).toContainText('HTTP 500');
      await expect(log.first()).toContainText('2 attempts');
      await expect(log.first()).toContainText('The receiver answered 500.');
      await noSidewaysScroll(page);
      await expectNoSeriousViolations(page, `Webhooks with a delivery log, ${width} px`);
      await shootWhole(card, `${SHOTS}/integrations-webhooks-card-${width}.png`);

      receiver.answerWith(() => 200);
      await log
        .first()
        .getByRole('button', { name: /^Send again/ })
        .click();
      await expect(card.getByText('Sent again: the new delivery is listed first.')).toBeVisible();
      await expect(log).toHaveCount(3);
      await expect(async () => {
        await row.getByRole('button', { name: 'Refresh' }).click();
        await expect(log.first()).toContainText('Succeeded', { timeout: 1000 });
      }).toPass({ timeout: 10_000 });

      // Rotate: a new secret shown once; the old one still signs for 24 hours.
      await row.getByRole('button', { name: 'Rotate secret' }).click();
      const confirmRotate = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
      await expect(confirmRotate.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await confirmRotate.getByRole('button', { name: 'Rotate secret' }).click();
      const rotated = page.getByRole('dialog', { name: 'Your new signing secret' });
      await expect(rotated).toContainText('keeps working for 24 hours');
      const fresh = await rotated.getByLabel('Signing secret').inputValue();
      expect(fresh).not.toBe(secret);
      await expect(rotated.getByRole('button', { name: 'Copy secret' })).toBeFocused();
      await rotated.getByRole('button', { name: 'Done' }).click();
      await expect(row).toContainText('the previous one also signs until');

      await row.getByRole('button', { name: /^Delete the webhook/ }).click();
      const confirmDelete = page.getByRole('dialog', { name: 'Delete this webhook?' });
      await confirmDelete.getByRole('button', { name: 'Delete webhook' }).click();
      await expect(confirmDelete).toHaveCount(0);
      await expect(card.getByText('is deleted, with its delivery log.')).toBeVisible();
      await expect(card.getByText(/^No webhooks yet/)).toBeVisible();
    });
  });
}

test('a receiver on a private address the server does not allow is refused with its reason', async ({
  page,
  login,
}) => {
  const user = await signUpViaApi(page.request);
  const { token } = await signIn(page.request, user);
  await page.request.post('/api/plan/upgrade', {
    headers: { authorization: `Bearer ${token}` },
    data: { plan: 'enterprise' },
  });
  await login(user, '/settings');
  const card = page.getByRole('region', { name: 'Webhooks' });
  await card.getByLabel('Endpoint URL').fill('http://10.0.0.1/hooks');
  await card.getByRole('checkbox', { name: /Member joined/ }).check();
  await card.getByRole('button', { name: 'Add webhook' }).click();
  await expect(card.getByRole('alert')).toContainText('10.0.0.1 is not a public address');
  await expect(card.getByLabel('Endpoint URL')).toHaveValue('http://10.0.0.1/hooks');
});
