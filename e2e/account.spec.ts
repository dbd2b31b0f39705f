/**
 * Account flows in Chromium against a second server with email verification
 * on, a real SMTP sink and local OAuth providers (fixtures/account-server.ts).
 */
import type { Page, Route } from '@playwright/test';
import { ACCOUNT_MESSAGES, AUTH_ERROR_MESSAGES, MESSAGES } from '@codewright/contract';
import { withAccountServer, type AccountServer } from './fixtures/account-server.ts';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, newUser, type TestUser } from './fixtures.ts';

const test = withAccountServer(Number(process.env.E2E_ACCOUNT_PORT ?? 3650));
test.describe.configure({ mode: 'serial' });

const stallingProvider = (route: Route) =>
  route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Choose an account…</p>' });
const toast = (page: Page, text: string) =>
  page.locator('[data-sonner-toast]').filter({ hasText: text });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `e2e/output/screenshots/${name}.png`, fullPage: false });

async function openDialog(page: Page, path = '/') {
  await page.goto(path);
  await page.getByRole('button', { name: 'Start Building' }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
}

async function emailForm(page: Page) {
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with Email' }).click();
  await expect(page.getByRole('dialog').getByLabel('Email')).toBeFocused();
}

async function signInWithForm(page: Page, user: TestUser) {
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Sign In', exact: true }).click();
}

/** Signs a user up and verifies them through the API + the mailed link (for flows that need an account). */
async function verifiedUser(page: Page, account: AccountServer): Promise<TestUser> {
  const user = newUser();
  const res = await page.request.post('/api/auth/signup', { data: user });
  expect(res.status()).toBe(201);
  const mail = await account.sink.waitForMail(user.email);
  const token = new URL(mail.links[0]!).searchParams.get('token')!;
  // Confirmed with the password it was registered with: the registrant keeps it (DESIGN §3.16).
  const verified = await page.request.post('/api/auth/email/verify', {
    data: { token, password: user.password },
  });
  expect(verified.status()).toBe(200);
  return user;
}

/** The verify page at 1280 and 390 px: a screenshot of each and axe on each. */
async function checkAtBothWidths(page: Page, name: string) {
  await shot(page, `${name}-1280`);
  await expectNoSeriousViolations(page, `${name} at 1280 px`);
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, `${name}-390`);
  await expectNoSeriousViolations(page, `${name} at 390 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

// Each test signs up or in through mails and providers and checks axe at two widths: beside a
// second test run one took 32 s.
test.setTimeout(60_000);

test('sign-up with verification on: the mailed link, confirmed with the password, keeps it, and sign-in works', async ({
  page,
  account,
}) => {
  const user = newUser();
  await openDialog(page);
  await emailForm(page);
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: "Don't have an account? Sign up" }).click();
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password').fill(user.password);
  await dialog.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expect(toast(page, MESSAGES.accountCreated)).toBeVisible();

  await signInWithForm(page, user);
  await expect(toast(page, AUTH_ERROR_MESSAGES.EMAIL_NOT_VERIFIED)).toBeVisible();

  const mail = await account.sink.waitForMail(user.email);
  expect(mail.subject).toBe('Verify your email for Codewright');
  await page.goto(mail.links[0]!);
  // Signed out, the page asks who registered the account (DESIGN §3.16).
  await expect(
    page.getByText('Someone signed up for Codewright with this email address.'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'I did not create this account' })).toBeVisible();
  await checkAtBothWidths(page, 'verify-email-choose');

  const proof = page.getByRole('form', { name: 'Verify with your password' });
  await proof.getByLabel('Password').fill('not-the-password-1');
  await proof.getByRole('button', { name: 'Verify my email' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: ACCOUNT_MESSAGES.wrongVerifyPassword }),
  ).toBeVisible();
  await proof.getByLabel('Password').fill(user.password);
  await proof.getByRole('button', { name: 'Verify my email' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.emailVerifiedKept }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/verify-email\?token=/);
  await checkAtBothWidths(page, 'verify-email-kept');

  // One click: the same password signs in.
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await emailForm(page);
  await signInWithForm(page, user);
  await expect(page).toHaveURL(/\/generator$/);

  // The same link a second time: a clear failure and a way to get a new one.
  await page.goto(mail.links[0]!);
  await expect(
    page.getByRole('alert').filter({ hasText: AUTH_ERROR_MESSAGES.VERIFICATION_FAILED }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send a new link' })).toBeVisible();
});

test('"I did not create this account": the squatter is out, the page lists what was removed, the owner chooses a password', async ({
  page,
  account,
}) => {
  const owner = newUser();
  // Someone else registered the owner's address first.
  const squatter = { email: owner.email, password: 'squatter-password-9' };
  expect((await page.request.post('/api/auth/signup', { data: squatter })).status()).toBe(201);
  const mail = await account.sink.waitForMail(owner.email);
  await page.goto(mail.links[0]!);
  await page.getByRole('button', { name: 'I did not create this account' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.emailVerifiedSetPassword }),
  ).toBeVisible();
  await expect(page.getByText('What the earlier registrant had set up was removed:')).toBeVisible();
  await checkAtBothWidths(page, 'verify-email-taken-over');
  // The squatter's password is gone.
  const refused = await page.request.post('/api/auth/signin/email', { data: squatter });
  expect(refused.status()).toBe(401);
  expect(((await refused.json()) as { error: { code: string } }).error.code).toBe(
    'PASSWORD_RESET_REQUIRED',
  );

  const choose = page.getByRole('form', { name: 'Choose a password' });
  await choose.getByLabel('Email').fill(owner.email);
  await choose.getByRole('button', { name: 'Email me a link to choose a password' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.resetSent }),
  ).toBeVisible();
  // The notice of the takeover is mailed once, then the reset link.
  const notice = await account.sink.waitForMail(owner.email, 2);
  expect(notice.subject).toBe('Your Codewright account is yours now');
  const reset = await account.sink.waitForMail(owner.email, 3);
  expect(reset.subject).toBe('Reset your Codewright password');
  await page.goto(reset.links[0]!);
  await page.getByLabel('New password', { exact: true }).fill(owner.password);
  await page.getByLabel('Confirm new password').fill(owner.password);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.passwordReset }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await emailForm(page);
  await signInWithForm(page, owner);
  await expect(page).toHaveURL(/\/generator$/);
});

test('forgot password: mailed link → new password → sign in', async ({ page, account }) => {
  const user = await verifiedUser(page, account);
  await openDialog(page);
  await emailForm(page);
  await page.getByRole('dialog').getByLabel('Email').fill(user.email);
  await page.getByRole('dialog').getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(dialog.getByLabel('Email')).toHaveValue(user.email);
  await shot(page, 'dialog-forgot-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'dialog-forgot-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expect(dialog.getByRole('status')).toContainText(ACCOUNT_MESSAGES.resetSent);

  const mail = await account.sink.waitForMail(user.email, 2);
  expect(mail.subject).toBe('Reset your Codewright password');
  await page.goto(mail.links[0]!);
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  const fresh = 'fresh-password-42';
  await page.getByLabel('New password', { exact: true }).fill(fresh);
  await page.getByLabel('Confirm new password').fill('something-else');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(toast(page, ACCOUNT_MESSAGES.passwordsDontMatch)).toBeVisible();
  await page.getByLabel('Confirm new password').fill(fresh);
  await shot(page, 'reset-password-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'reset-password-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: ACCOUNT_MESSAGES.passwordReset }),
  ).toBeVisible();
  // The token stayed in the address bar for the page (the SDK leaves `token` alone here).
  await expect(page).toHaveURL(/\/reset-password\?token=/);

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await emailForm(page);
  await signInWithForm(page, { ...user, password: user.password });
  await expect(toast(page, AUTH_ERROR_MESSAGES.INVALID_CREDENTIALS)).toBeVisible();
  await signInWithForm(page, { ...user, password: fresh });
  await expect(page).toHaveURL(/\/generator$/);
});

test('magic link: the mailed link signs in and the URL is cleaned', async ({ page, account }) => {
  const user = await verifiedUser(page, account);
  await openDialog(page);
  await emailForm(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Email me a sign-in link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In With Email' });
  await shot(page, 'dialog-magic-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'dialog-magic-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(dialog.getByRole('status')).toContainText(ACCOUNT_MESSAGES.magicSent);

  const mail = await account.sink.waitForMail(user.email, 2);
  const link = mail.links[0]!;
  expect(link).toContain('magic_token=');
  await page.goto(link);
  await expect(page).toHaveURL(/\/generator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Code Generator' })).toBeVisible();
  expect(page.url()).not.toContain('magic_token');
  // Signed in as the mailed user: the dashboard names them.
  await page.goto('/dashboard');
  await expect(page.getByText(user.email)).toBeVisible();

  // Used once: a second visit signs nobody in and says why.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await expect(toast(page, AUTH_ERROR_MESSAGES.VERIFICATION_FAILED)).toBeVisible();
});

test('Google popup flow signs in end to end', async ({ page, account }) => {
  const email = newUser().email;
  account.google.setProfile({ email, emailVerified: true, name: 'Grace Popup' });
  await openDialog(page);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await popup.waitForEvent('close');
  await expect(page).toHaveURL(/\/generator$/);
  await expect(page.getByRole('heading', { level: 1, name: 'AI Code Generator' })).toBeVisible();
  // Signed in as the provider's verified email: the dashboard names it.
  await page.goto('/dashboard');
  await expect(page.getByText(email)).toBeVisible();
});

test('closing the popup shows the canceled message', async ({ page, context }) => {
  // A provider page that never finishes: the popup stays open until we close it.
  await context.route('**/api/auth/oauth/*/start?**', stallingProvider);
  await openDialog(page);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with GitHub' }).click();
  const popup = await popupPromise;
  await popup.close();
  await expect(toast(page, AUTH_ERROR_MESSAGES.POPUP_CANCELED)).toBeVisible();
  await expect(
    page.getByRole('dialog').getByRole('button', { name: 'Continue with GitHub' }),
  ).toBeEnabled();
});

test('a popup left open times out after 30 s with the time-out message', async ({
  page,
  context,
}) => {
  await context.route('**/api/auth/oauth/*/start?**', stallingProvider);
  await page.clock.install();
  await openDialog(page);
  const popupPromise = page.waitForEvent('popup');
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupPromise;
  await page.clock.runFor(31_000);
  await expect(toast(page, AUTH_ERROR_MESSAGES.AUTH_TIMEOUT)).toBeVisible();
  await expect.poll(() => popup.isClosed()).toBe(true);
});
