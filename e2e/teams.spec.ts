/**
 * Teams and sharing in Chromium (docs/decisions/025–027), against the account server (real SMTP
 * sink, verification on): an owner invites by email, the invitee accepts through the mailed
 * link, sees the team's project and edits it; a viewer cannot; a signed-out visitor opens a
 * public share link and copies the code; a private link shows "not found"; the owner reads,
 * copies and regenerates the link from the dashboard card's "Share link" dialog.
 * (Over 300 lines: the team journey — invite, accept, roles, share links, a member's plan — shares
 * the account server fixture and the set-ups of team-helpers.ts.)
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { FREE_PUBLIC_NOTICE, PRIVATE_NOTICE, PUBLIC_NOTICE } from '@codewright/contract';
import { expectNoSeriousViolations } from './axe.ts';
import { withAccountServer } from './fixtures/account-server.ts';
import {
  auth,
  joinAs,
  personalWorkspace,
  sharedEditor,
  signedInPage,
  teammatesInGenerator,
  teamWithProject,
  upgradeToPro,
  verifiedAccount,
  type Account,
} from './team-helpers.ts';
import {
  expect,
  loginViaApi,
  newUser,
  sendPrompt,
  submitEmailForm,
  usageOf,
  waitIdle,
} from './fixtures.ts';

const test = withAccountServer(Number(process.env.E2E_TEAMS_PORT ?? 3660));
test.describe.configure({ mode: 'serial' });
// Several accounts, mails and pages per test.
test.setTimeout(120_000);

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `e2e/output/screenshots/${name}.png`, fullPage: true });

test('an owner invites by email; the invitee accepts, sees the team project and edits it; a viewer cannot', async ({
  page,
  request,
  account,
  browser,
}) => {
  const owner = await verifiedAccount(request, account);
  await upgradeToPro(request, owner);
  const wsId = await personalWorkspace(request, owner);
  const made = await request.post('/api/db/codewright/rest/v1/projects', {
    headers: auth(owner),
    data: { name: 'Team App', language: 'JavaScript', code: 'const team = 1;' },
  });
  const project = ((await made.json()) as { id: string }[])[0]!;
  // Its chat ends in an answer: the generator offers follow-up suggestions under it.
  for (const [i, message] of [
    { role: 'user', content: 'a team constant' },
    { role: 'assistant', content: 'Here it is.', code_snapshot: 'const team = 1;' },
  ].entries()) {
    const stored = await request.post('/api/db/codewright/rest/v1/chat_messages', {
      headers: auth(owner),
      data: {
        project_id: project.id,
        user_id: owner.id,
        created_at: new Date(Date.now() - 60_000 + i * 1_000).toISOString(),
        ...message,
      },
    });
    expect(stored.status()).toBe(201);
  }
  const invitee = await verifiedAccount(request, account);

  // The owner invites from Settings → Workspace.
  await loginViaApi(page, owner);
  await page.goto('/settings');
  const invite = page.getByRole('region', { name: 'Invite people' });
  await invite.getByLabel('Email').fill(invitee.email);
  await invite.getByLabel('Role').selectOption('editor');
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(invite.getByText(`Invitation sent to ${invitee.email}`)).toBeVisible();
  await expect(invite.getByRole('list', { name: 'Open invitations' })).toContainText(invitee.email);
  await shot(page, 'teams-settings-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'teams-settings-390');

  // The mail arrives at the SMTP sink (the 2nd: after the verification link); the
  // invitee signs in and opens its link.
  const mail = await account.sink.waitForMail(invitee.email, 2);
  const link = new URL(mail.links[0]!);
  expect(link.pathname).toBe('/invitation');
  const other = await signedInPage(browser, account.url, invitee);
  await other.goto(`${link.pathname}${link.search}`);
  await expect(other.getByRole('heading', { name: /You joined/ })).toBeVisible();
  await other.getByRole('link', { name: 'Open the workspace' }).click();
  const card = other.getByRole('article', { name: 'Team App' });
  await expect(card).toBeVisible();
  await expect(card.getByTestId('project-visibility')).toHaveText(PRIVATE_NOTICE);
  await expect(other.getByLabel('Workspace')).toBeVisible();
  await shot(other, 'teams-switcher-1280');
  await other.setViewportSize({ width: 390, height: 844 });
  await shot(other, 'teams-switcher-390');
  await other.setViewportSize({ width: 1280, height: 800 });

  // An editor may share it (docs/decisions/027): the card offers its share link.
  await expect(card.getByRole('button', { name: 'Share link for Team App' })).toBeVisible();

  // … and edits it in the generator; the save reaches the team's project.
  await card.getByRole('button', { name: 'Open Project' }).click();
  const editor = other.locator('.monaco-editor .view-lines').first();
  await expect(editor).toContainText('const team = 1;', { timeout: 20_000 });
  // An editor may use the suggestions.
  await expect(other.getByRole('group', { name: 'Suggested follow-ups' })).toBeVisible();
  await editor.click();
  await other.keyboard.press('Control+End');
  await other.keyboard.type('\n// edited by the team');
  await expect(editor).toContainText('edited by the team');
  await other.keyboard.press('Control+s');
  await expect
    .poll(
      async () => {
        const res = await request.get(`/api/db/codewright/rest/v1/projects?id=eq.${project.id}`, {
          headers: auth(owner),
        });
        return ((await res.json()) as { code: string; updated_by: string }[])[0];
      },
      { timeout: 20_000 },
    )
    .toMatchObject({ code: expect.stringContaining('edited by the team'), updated_by: invitee.id });

  // A viewer sees it read-only: no delete, no share link, no composer, no save.
  const viewer = await verifiedAccount(request, account);
  await joinAs(request, account, owner, wsId, viewer, 'viewer');
  const third = await signedInPage(browser, account.url, viewer);
  await third.goto('/dashboard');
  const switcher = third.getByLabel('Workspace');
  const team = await switcher.locator('option', { hasText: '(viewer)' }).textContent();
  await switcher.selectOption({ label: team! });
  const viewerCard = third.getByRole('article', { name: 'Team App' });
  await expect(viewerCard).toBeVisible();
  await expect(viewerCard.getByRole('button', { name: /Delete project/ })).toHaveCount(0);
  await expect(viewerCard.getByRole('button', { name: /Share link/ })).toHaveCount(0);
  await viewerCard.getByRole('button', { name: 'Open Project' }).click();
  // The role arrives after the generator's own loads (a busy machine takes seconds).
  await expect(third.getByTestId('viewer-notice')).toBeVisible({ timeout: 20_000 });
  await expect(third.locator('[aria-labelledby="assistant-title"]')).toBeHidden();
  // The chat is there, but no suggestions a viewer could not send.
  await expect(third.getByRole('log', { name: 'Chat History' })).toContainText('a team constant');
  await expect(third.getByRole('group', { name: 'Suggested follow-ups' })).toHaveCount(0);
  // The project's address opens it for a member too: a reload keeps it, read-only as before.
  await expect(third).toHaveURL(/\/generator\/proj_[\w-]+$/);
  await third.reload();
  await expect(third.getByRole('log', { name: 'Chat History' })).toContainText('a team constant', {
    timeout: 15_000,
  });
  await expect(third.getByTestId('viewer-notice')).toBeVisible({ timeout: 20_000 });
  // The editor is read-only too: what a viewer types never reaches the code.
  const lines = third.locator('.monaco-editor .view-lines').first();
  await expect(lines).toBeVisible();
  await lines.click();
  await third.keyboard.type('typed by a viewer');
  await expect(third.locator('.monaco-editor').first()).toContainText('read-only');
  await expect(lines).not.toContainText('typed by a viewer');
});

test('a signed-out invitee sees who invites to which workspace as which role, then signs in and joins; a dead link says to ask for a new one', async ({
  page,
  request,
  account,
}) => {
  const owner = await verifiedAccount(request, account);
  await upgradeToPro(request, owner);
  const named = await request.patch('/api/auth/me', {
    headers: auth(owner),
    data: { displayName: 'Alex Kim' },
  });
  expect(named.status(), await named.text()).toBe(200);
  const list = await request.get('/api/workspaces', { headers: auth(owner) });
  const { workspaces } = (await list.json()) as {
    workspaces: { id: string; name: string; personal: boolean }[];
  };
  const workspace = workspaces.find((w) => w.personal)!;
  const invitee = await verifiedAccount(request, account);
  const inv = await request.post(`/api/workspaces/${workspace.id}/invitations`, {
    headers: auth(owner),
    data: { email: invitee.email, role: 'editor' },
  });
  expect(inv.status(), await inv.text()).toBe(201);
  // The 2nd mail: after the verification link.
  const mail = await account.sink.waitForMail(invitee.email, 2);
  const link = new URL(mail.links[0]!);
  const path = `${link.pathname}${link.search}`;

  // Signed out, the link names the inviter, the workspace and the role above "Sign in to accept".
  await page.goto(path);
  await expect(
    page.getByRole('heading', { level: 1, name: `Join ${workspace.name}` }),
  ).toBeVisible();
  await expect(page.getByTestId('invitation-summary')).toHaveText(
    `Alex Kim invited you to join ${workspace.name} as an editor.`,
  );
  const signIn = page.getByRole('link', { name: 'Sign in to accept' });
  await expect(signIn).toBeVisible();
  await expectNoSeriousViolations(page, '/invitation signed out (1280)');
  await shot(page, 'invitation-signed-out-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(signIn).toBeInViewport();
  await expectNoSeriousViolations(page, '/invitation signed out (390)');
  await shot(page, 'invitation-signed-out-390');
  await page.setViewportSize({ width: 1280, height: 800 });

  // Offline, the next link's invitation cannot load: a message and "Try again", which (back
  // online) shows the answer and moves focus to its heading. Signing in is still offered.
  await page.context().setOffline(true);
  await page.evaluate(
    (to) => {
      history.pushState(null, '', to);
      dispatchEvent(new PopStateEvent('popstate'));
    },
    `/invitation?token=${'A'.repeat(43)}`,
  );
  await expect(
    page.getByRole('heading', { level: 1, name: 'The invitation could not be loaded' }),
  ).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('alert')).toContainText(/network|connection/i);
  await expect(page.getByRole('link', { name: 'Sign in to accept' })).toBeVisible();
  await expectNoSeriousViolations(page, '/invitation offline (1280)');
  await shot(page, 'invitation-offline-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'invitation-offline-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.context().setOffline(false);
  await page.getByRole('button', { name: 'Try again' }).click();
  const dead = page.getByRole('heading', { level: 1, name: 'This invitation is no longer valid' });
  await expect(dead).toBeFocused();
  await page.goto(path);

  // Signing in comes back to the link, and the invitation is accepted as before.
  await signIn.click();
  await expect(page).toHaveURL(/\/sign-in\?redirect=/);
  await page.getByRole('button', { name: 'Continue to sign in' }).click();
  // The account server offers social sign-in: the dialog opens on its social step.
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with Email' }).click();
  await submitEmailForm(page, invitee, 'Sign In');
  await expect(
    page.getByRole('heading', { level: 1, name: `You joined ${workspace.name}` }),
  ).toBeVisible();
  await expect(page.getByText('You are an editor in this workspace.')).toBeVisible();

  // Used, the link is dead: signed out it says so and what to do next.
  await page.context().clearCookies();
  await page.evaluate(() => localStorage.clear());
  await page.goto(path);
  await expect(
    page.getByRole('heading', { level: 1, name: 'This invitation is no longer valid' }),
  ).toBeVisible();
  await expect(
    page.getByText('Ask the person who invited you to send a new invitation.'),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign in to accept' })).toHaveCount(0);
  await expectNoSeriousViolations(page, '/invitation dead link (1280)');
  await shot(page, 'invitation-invalid-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSeriousViolations(page, '/invitation dead link (390)');
  await shot(page, 'invitation-invalid-390');
});

test('a signed-out visitor opens a public share link, copies the code and reads its files; a signed-in one opens a copy with every file; a private link is not found', async ({
  browser,
  request,
  account,
}) => {
  const owner = await verifiedAccount(request, account);
  const made = await request.post('/api/db/codewright/rest/v1/projects', {
    headers: auth(owner),
    data: {
      name: 'Shared Counter',
      language: 'JavaScript',
      code: 'export const count = 42;',
      description: 'A tiny counter.',
    },
  });
  const project = (
    (await made.json()) as { id: string; share_token: string; visibility: string }[]
  )[0]!;
  expect(project.visibility).toBe('public'); // Free
  const helper = await request.post('/api/db/codewright/rest/v1/project_files', {
    headers: auth(owner),
    data: { project_id: project.id, path: 'lib/format.js', content: 'export const fmt = String;' },
  });
  expect(helper.status(), await helper.text()).toBe(201);
  const visitor = await browser.newContext({
    baseURL: account.url,
    viewport: { width: 1280, height: 800 },
  });
  await visitor.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: account.url });
  const page = await visitor.newPage();
  await page.goto(`/share?t=${project.share_token}`);
  await expect(page.getByRole('heading', { name: 'Shared Counter' })).toBeVisible();
  await expect(page.getByText('A tiny counter.')).toBeVisible();
  await expect(page.getByTestId('shared-code')).toContainText('export const count = 42;');
  await expect(page.getByRole('button', { name: 'Open in generator' })).toBeVisible();
  await page.getByRole('button', { name: /Copy/ }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    'export const count = 42;',
  );
  // The project's tree: the main file first, then its other files.
  const tree = page.getByRole('navigation', { name: 'Files' });
  await expect(tree.getByRole('button')).toHaveText(['main.js(main)', 'lib/format.js']);
  await tree.getByRole('button', { name: 'lib/format.js' }).click();
  await expect(page.getByTestId('shared-code')).toContainText('export const fmt = String;');
  await expect(tree.getByRole('button', { name: 'lib/format.js' })).toHaveAttribute(
    'aria-current',
    'true',
  );
  await shot(page, 'teams-share-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'teams-share-390');

  // A signed-in visitor opens a copy in the generator: the code and every file come along.
  const other = await verifiedAccount(request, account);
  const otherPage = await signedInPage(browser, account.url, other);
  await otherPage.goto(`/share?t=${project.share_token}`);
  await otherPage.getByRole('button', { name: 'Open in generator' }).click();
  await expect(otherPage.locator('.monaco-editor .view-lines').first()).toContainText(
    'export const count = 42;',
    { timeout: 20_000 },
  );
  const copyId = new URL(otherPage.url()).pathname.split('/').pop()!;
  const copied = await request.get(
    `/api/db/codewright/rest/v1/project_files?project_id=eq.${copyId}&order=path&select=path,content`,
    { headers: auth(other) },
  );
  expect(await copied.json()).toEqual([
    { path: 'lib/format.js', content: 'export const fmt = String;' },
    { path: 'main.js', content: 'export const count = 42;' },
  ]);
  await otherPage.context().close();

  // Private (after an upgrade): the same link is not found at once.
  await upgradeToPro(request, owner);
  const patch = await request.patch(`/api/db/codewright/rest/v1/projects?id=eq.${project.id}`, {
    headers: auth(owner),
    data: { visibility: 'private' },
  });
  expect(patch.status()).toBe(200);
  await page.reload();
  await expect(page.getByTestId('share-not-found')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Project not found' })).toBeVisible();
  expect(FREE_PUBLIC_NOTICE).toContain('Public');
});

test('the owner reads and copies the share link on the dashboard card; a signed-out visitor opens it; "New link" kills the old one', async ({
  browser,
  request,
  account,
}) => {
  const owner = await verifiedAccount(request, account);
  const code = 'export const shared = "from the card";';
  const made = await request.post('/api/db/codewright/rest/v1/projects', {
    headers: auth(owner),
    data: { name: 'Card Shared', language: 'JavaScript', code },
  });
  expect(made.status(), await made.text()).toBe(201);
  const project = ((await made.json()) as { share_token: string }[])[0]!;

  const context = await browser.newContext({
    baseURL: account.url,
    viewport: { width: 1280, height: 800 },
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: account.url });
  const page = await context.newPage();
  await loginViaApi(page, owner);
  await page.goto('/dashboard');
  const opener = page
    .getByRole('article', { name: 'Card Shared' })
    .getByRole('button', { name: 'Share link for Card Shared' });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Share link' });
  const link = dialog.getByLabel('Link');
  await expect(link).toBeFocused();
  const oldLink = await link.inputValue();
  expect(oldLink).toBe(`${account.url}/share?t=${project.share_token}`);
  await dialog.getByRole('button', { name: 'Copy link' }).click();
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(oldLink);
  await page.screenshot({ path: 'e2e/output/screenshots/share-link-dialog-1280.png' });

  // A second browser, never signed in, opens the copied link.
  const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const outside = await visitor.newPage();
  await outside.goto(oldLink);
  await expect(outside.getByRole('heading', { name: 'Card Shared' })).toBeVisible();
  await expect(outside.getByTestId('shared-code')).toContainText(code);

  // "New link" asks first, with focus on the safe answer; Keep leaves the link as it was.
  await dialog.getByRole('button', { name: 'New link' }).click();
  await expect(dialog.getByRole('button', { name: 'Keep this link' })).toBeFocused();
  await expect(dialog).toContainText('The current link stops working at once');
  await page.screenshot({ path: 'e2e/output/screenshots/share-link-confirm-1280.png' });
  await dialog.getByRole('button', { name: 'Keep this link' }).click();
  // The same link, so the Copy button still says it was copied.
  await expect(dialog.getByRole('button', { name: 'Copied' })).toBeFocused();
  await expect(link).toHaveValue(oldLink);

  await dialog.getByRole('button', { name: 'New link' }).click();
  await dialog.getByRole('button', { name: 'Make a new link' }).click();
  await expect(dialog.getByText('New link made. The old link no longer works.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Copy link' })).toBeFocused();
  const newLink = await link.inputValue();
  expect(newLink).not.toBe(oldLink);
  expect(newLink.startsWith(`${account.url}/share?t=`)).toBe(true);

  const oldToken = new URL(oldLink).searchParams.get('t')!;
  const newToken = new URL(newLink).searchParams.get('t')!;
  expect((await request.get(`/api/share/codewright?t=${oldToken}`)).status()).toBe(404);
  expect((await request.get(`/api/share/codewright?t=${newToken}`)).status()).toBe(200);
  await outside.reload();
  await expect(outside.getByTestId('share-not-found')).toBeVisible();
  await outside.goto(newLink);
  await expect(outside.getByRole('heading', { name: 'Card Shared' })).toBeVisible();
  await expect(outside.getByTestId('shared-code')).toContainText(code);
  await visitor.close();

  // Escape closes it and gives focus back to the card's button; opened again, it shows the new link.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await page.setViewportSize({ width: 390, height: 844 });
  await opener.click();
  await expect(link).toHaveValue(newLink);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBe(0);
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: 'e2e/output/screenshots/share-link-dialog-390.png' });
  await dialog.getByRole('button', { name: 'New link' }).click();
  await expect(dialog.getByRole('button', { name: 'Make a new link' })).toBeInViewport();
  await page.screenshot({ path: 'e2e/output/screenshots/share-link-confirm-390.png' });
  await dialog.getByRole('button', { name: 'Keep this link' }).click();
  await page.keyboard.press('Escape');
  await shot(page, 'share-link-card-390');
  await context.close();
});

interface MemberRow {
  userId: string;
  email: string;
  displayName: string | null;
}

/** Workspaces of an account, as the API lists them. */
async function workspacesOf(request: APIRequestContext, a: Account) {
  const res = await request.get('/api/workspaces', { headers: auth(a) });
  return ((await res.json()) as { workspaces: { id: string; name: string; personal: boolean }[] })
    .workspaces;
}

/** Opens the generator on a new project with code loaded from a file (no AI call needed). */
async function generatorWithCode(page: Page, code: string) {
  await page.goto('/generator');
  await page.getByTestId('upload-input').setInputFiles({
    name: 'app.js',
    mimeType: 'text/javascript',
    buffer: Buffer.from(code),
  });
  await expect(page.locator('.monaco-editor .view-lines').first()).toContainText(code, {
    timeout: 20_000,
  });
}

test("a member's dashboard shows the team's plan and whose it is; new projects save into the chosen workspace, with a visibility choice on Pro", async ({
  request,
  account,
  browser,
}) => {
  const owner = await verifiedAccount(request, account);
  await upgradeToPro(request, owner);
  const wsId = await personalWorkspace(request, owner);
  const teamName = (await workspacesOf(request, owner)).find((w) => w.id === wsId)!.name;
  const editor = await verifiedAccount(request, account);
  const viewer = await verifiedAccount(request, account);
  await joinAs(request, account, owner, wsId, editor, 'editor');
  await joinAs(request, account, owner, wsId, viewer, 'viewer');
  await request.post('/api/db/codewright/rest/v1/projects', {
    headers: auth(owner),
    data: { name: 'Team Base', language: 'JavaScript', code: 'const base = 1;' },
  });

  // The editor picks the team on the dashboard: the cards show the owner's Pro plan, and say so.
  const page = await signedInPage(browser, account.url, editor);
  await page.goto('/dashboard');
  await page.getByLabel('Workspace').selectOption(wsId);
  await expect(page.getByRole('article', { name: 'Team Base' })).toBeVisible();
  await expect(page.locator('[data-plan]')).toHaveAttribute('data-plan', 'pro');
  const note = page.getByTestId('workspace-plan-note');
  const members = await request.get(`/api/workspaces/${wsId}/members`, { headers: auth(owner) });
  const ownerRow = ((await members.json()) as { members: MemberRow[] }).members.find(
    (m) => m.userId === owner.id,
  )!;
  const ownerName = ownerRow.displayName || ownerRow.email;
  await expect(note).toContainText(`${teamName} runs on ${ownerName}'s Pro plan`);
  await expect(note).toContainText('your work here counts against it');
  const usage = page.getByRole('region', { name: 'Plan and usage this month' });
  await expect(usage.getByText("Unlimited on the workspace's plan")).toHaveCount(3);
  await expect(usage.getByText('Unlimited on your plan')).toHaveCount(0);
  await shot(page, 'teams-dashboard-team-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'teams-dashboard-team-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  // Back in their own (Free) workspace the cards are their own again.
  const own = (await workspacesOf(request, editor)).find((w) => w.personal)!;
  await page.getByLabel('Workspace').selectOption(own.id);
  await expect(page.locator('[data-plan]')).toHaveAttribute('data-plan', 'free');
  await expect(page.getByTestId('workspace-plan-note')).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Plan and usage this month' }).getByText(/Unlimited on/),
  ).toHaveCount(0);
  await page.getByLabel('Workspace').selectOption(wsId);
  await expect(page.locator('[data-plan]')).toHaveAttribute('data-plan', 'pro');

  // A new project from the generator goes to the team, private unless chosen otherwise.
  await generatorWithCode(page, 'const fromEditor = 1;');
  await page.getByRole('button', { name: 'Save Project' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save Project' });
  await expect(dialog.getByTestId('save-workspace')).toContainText(`Saves to ${teamName} (editor)`);
  const visibility = dialog.getByRole('group', { name: 'Who can see it' });
  await expect(visibility.getByRole('radio', { name: /Private/ })).toBeChecked();
  await expect(visibility).toContainText(PRIVATE_NOTICE);
  await expect(visibility).toContainText(PUBLIC_NOTICE);
  await dialog.getByLabel('Project Name').fill('Editor Made');
  await shot(page, 'teams-save-dialog-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'teams-save-dialog-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await visibility.getByRole('radio', { name: /Public/ }).check();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(dialog).toBeHidden();
  const saved = await request.get('/api/db/codewright/rest/v1/projects?name=eq.Editor%20Made', {
    headers: auth(owner),
  });
  expect(await saved.json()).toEqual([
    expect.objectContaining({ workspace_id: wsId, visibility: 'public', user_id: editor.id }),
  ]);
  // The team's dashboard card says it plainly.
  await page.goto('/dashboard');
  const card = page.getByRole('article', { name: 'Editor Made' });
  await expect(card.getByTestId('project-visibility')).toHaveText(PUBLIC_NOTICE);

  // A viewer of the team may not create there: the dialog says the project goes to their own
  // (Free) workspace, and that it is public there.
  const third = await signedInPage(browser, account.url, viewer);
  await third.goto('/dashboard');
  await third.getByLabel('Workspace').selectOption(wsId);
  await expect(third.getByRole('article', { name: 'Team Base' })).toBeVisible();
  await generatorWithCode(third, 'const fromViewer = 1;');
  await third.getByRole('button', { name: 'Save Project' }).click();
  const viewerDialog = third.getByRole('dialog', { name: 'Save Project' });
  const viewerOwn = (await workspacesOf(request, viewer)).find((w) => w.personal)!;
  const where = viewerDialog.getByTestId('save-workspace');
  await expect(where).toContainText(`Saves to ${viewerOwn.name}`);
  await expect(where).toContainText(`You are a viewer in ${teamName}`);
  await expect(viewerDialog.getByTestId('project-visibility')).toHaveText(FREE_PUBLIC_NOTICE);
  await expect(viewerDialog.getByRole('radio')).toHaveCount(0);
  await viewerDialog.getByLabel('Project Name').fill('Viewer Own');
  await viewerDialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(viewerDialog).toBeHidden();
  const mine = await request.get('/api/db/codewright/rest/v1/projects?name=eq.Viewer%20Own', {
    headers: auth(viewer),
  });
  expect(await mine.json()).toEqual([
    expect.objectContaining({ workspace_id: viewerOwn.id, visibility: 'public' }),
  ]);
  await third.goto('/dashboard');
  await third.getByLabel('Workspace').selectOption(viewerOwn.id);
  await expect(
    third.getByRole('article', { name: 'Viewer Own' }).getByTestId('project-visibility'),
  ).toHaveText(FREE_PUBLIC_NOTICE);
});

test('inviting past the plan’s member limit opens the upgrade dialog', async ({
  page,
  request,
  account,
}) => {
  const owner = await verifiedAccount(request, account);
  await upgradeToPro(request, owner);
  const wsId = await personalWorkspace(request, owner);
  // Pro: the owner and four open invitations fill the five seats.
  for (let i = 0; i < 4; i++) {
    const res = await request.post(`/api/workspaces/${wsId}/invitations`, {
      headers: auth(owner),
      data: { email: newUser().email, role: 'viewer' },
    });
    expect(res.status()).toBe(201);
  }
  await loginViaApi(page, owner);
  await page.goto('/settings');
  const invite = page.getByRole('region', { name: 'Invite people' });
  await invite.getByLabel('Email').fill(newUser().email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  const dialog = page.getByRole('dialog', { name: 'Team Member Limit Reached' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The Pro plan allows up to 5 members');
  await expect(dialog).toContainText('Enterprise allows unlimited members');
  await expect(dialog.getByRole('button', { name: 'Upgrade to Enterprise' })).toBeVisible();
  await shot(page, 'teams-member-limit-1280');
  await dialog.getByRole('button', { name: 'Maybe Later' }).click();
  await expect(dialog).toBeHidden();
  await expect(invite).toContainText('as many members as your plan allows');
  // Upgrade goes to the pricing page.
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await page
    .getByRole('dialog', { name: 'Team Member Limit Reached' })
    .getByRole('button', { name: 'Upgrade to Enterprise' })
    .click();
  await expect(page).toHaveURL(/\/pricing$/);
});

test("a Free member's AI calls on a Pro team's project count against the owner: the generator shows the team's plan, History opens", async ({
  request,
  account,
  browser,
}) => {
  const { owner, member, wsId } = await teamWithProject(request, account, {
    name: 'Team Meter',
    code: 'const total = 1;\n',
  });
  const members = await request.get(`/api/workspaces/${wsId}/members`, { headers: auth(owner) });
  const ownerRow = ((await members.json()) as { members: MemberRow[] }).members.find(
    (m) => m.userId === owner.id,
  )!;
  const ownerName = ownerRow.displayName || ownerRow.email;
  const ownerBefore = await usageOf(request, owner.token);
  const memberBefore = await usageOf(request, member.token);

  // The member opens the team's project from the dashboard, as the dashboard does.
  const page = await signedInPage(browser, account.url, member);
  await page.goto('/dashboard');
  await page.getByLabel('Workspace').selectOption(wsId);
  // The workspaces cannot be read at first (the server is away for a moment): the generator
  // finds the team's plan once they can.
  let away = true;
  let refused = 0;
  await page.route(/\/api\/workspaces$/, async (route) => {
    if (!away) return route.continue();
    refused += 1;
    return route.abort();
  });
  await page
    .getByRole('article', { name: 'Team Meter' })
    .getByRole('button', { name: 'Open Project' })
    .click();
  const editor = page.locator('.monaco-editor .view-lines').first();
  await expect(editor).toContainText('const total = 1;', { timeout: 20_000 });
  await expect.poll(() => refused).toBeGreaterThan(0);
  away = false;

  // The meters are the workspace's (Pro, unlimited), and say whose plan it is.
  const note = page.getByTestId('generator-plan-note');
  await expect(note).toHaveText(`Your work here counts against ${ownerName}'s Pro plan.`);
  await expect(page.getByText("Unlimited on the workspace's plan")).toHaveCount(2);
  await expect(page.getByText(/ left this month$/)).toHaveCount(0);

  // History is the team plan's: it opens, no upgrade dialog.
  await page.getByTestId('editor-tab-history').click();
  await expect(page.getByTestId('history-panel')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Upgrade to Pro' })).toHaveCount(0);
  await page.getByTestId('editor-tab-code').click();

  // An edit counts on the owner's meter, not the member's.
  await sendPrompt(page, 'add a comment at the top');
  await waitIdle(page);
  await expect
    .poll(async () => (await usageOf(request, owner.token)).editsUsed, { timeout: 20_000 })
    .toBe(ownerBefore.editsUsed + 1);
  expect(await usageOf(request, member.token)).toEqual(memberBefore);
  await expect(page.getByText("Unlimited on the workspace's plan")).toHaveCount(2);

  await expectNoSeriousViolations(page, 'generator on a team project');
  await shot(page, 'generator-team-meter-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: /^Chat/ }).click();
  await expect(note).toBeVisible();
  await shot(page, 'generator-team-meter-390');
});

test('teammates on the same project see each other in the generator, viewing or editing, and who left', async ({
  request,
  account,
  browser,
}) => {
  const { ownerPage, memberPage } = await teammatesInGenerator(request, account, browser, {
    name: 'Live Team',
    code: 'const live = 1;\n',
  });
  // Each sees the other (initials in their colour), not themselves.
  const presence = (page: Page) => page.getByTestId('presence');
  await expect(presence(ownerPage)).toHaveAttribute('aria-label', /^Also here: .+ \(viewing\)$/);
  await expect(presence(ownerPage).getByRole('listitem')).toHaveCount(1);
  await expect(presence(memberPage).getByRole('listitem')).toHaveCount(1);

  // The member types: the owner sees them editing.
  await memberPage.locator('.monaco-editor .view-lines').first().click();
  await memberPage.keyboard.press('End');
  await memberPage.keyboard.type('// mine');
  await expect(presence(ownerPage)).toHaveAttribute('aria-label', /\(editing\)$/);
  await shot(ownerPage, 'generator-presence-1280');
  await ownerPage.setViewportSize({ width: 390, height: 844 });
  await expect(presence(ownerPage)).toBeVisible();
  await shot(ownerPage, 'generator-presence-390');

  // The member leaves: gone from the owner's header.
  await memberPage.context().close();
  await expect(presence(ownerPage)).toHaveCount(0, { timeout: 15_000 });
  await ownerPage.context().close();
});

test("a teammate's changes reach the other's dashboard, History and editor live", async ({
  request,
  account,
  browser,
}) => {
  const { owner, member, projectId } = await teamWithProject(request, account, {
    name: 'Live Board',
    code: 'const board = 1;\n',
  });
  const dashboard = await signedInPage(browser, account.url, owner);
  await dashboard.goto('/dashboard');
  await expect(dashboard.getByRole('article', { name: 'Live Board' })).toBeVisible();

  // The owner has the project open with History showing, and types in it: shared with the team.
  const ownerPage = await signedInPage(browser, account.url, owner);
  await ownerPage.goto(`/generator/${projectId}`);
  const ownerEditor = ownerPage.locator('.monaco-editor .view-lines').first();
  await expect(ownerEditor).toContainText('const board = 1;', { timeout: 20_000 });
  await ownerPage.getByTestId('editor-tab-history').click();
  const versions = ownerPage.getByTestId('history-panel').getByRole('listitem');
  await expect(versions).toHaveCount(1);
  await ownerPage.getByTestId('editor-tab-code').click();
  await sharedEditor(ownerPage);
  await ownerEditor.click();
  await ownerPage.keyboard.press('Control+End');
  await ownerPage.keyboard.type('// owner draft');
  await ownerPage.getByTestId('editor-tab-history').click();

  // The member opens it with the owner's typing in it, types a line and saves.
  const memberPage = await signedInPage(browser, account.url, member);
  await memberPage.goto(`/generator/${projectId}`);
  const memberEditor = memberPage.locator('.monaco-editor .view-lines').first();
  await expect(memberEditor).toContainText('// owner draft', { timeout: 20_000 });
  // After COEDIT_IDLE_WRITE_MS of quiet the owner's draft is written as a version of its own,
  // live in the owner's History; waiting for it keeps the count below exact on a slow machine.
  await expect(versions).toHaveCount(2, { timeout: 15_000 });
  await sharedEditor(memberPage);
  await memberEditor.click();
  await memberPage.keyboard.press('Control+End');
  await memberPage.keyboard.press('Enter');
  await memberPage.keyboard.type('const saved = 2;');
  await memberPage.keyboard.press('Control+s');
  await expect(memberPage.getByText('· unsaved')).toHaveCount(0);

  // The owner's dashboard says who changed it; their History has the new version; their editor
  // has the line already — nothing to reload, and nothing of theirs lost.
  await expect(
    dashboard.getByRole('article', { name: 'Live Board' }).getByTestId('changed-by'),
  ).toBeVisible();
  await expect(versions).toHaveCount(3);
  await ownerPage.getByTestId('editor-tab-code').click();
  await expect(ownerEditor).toContainText('const saved = 2;');
  await expect(ownerEditor).toContainText('// owner draft');
  await expect(ownerPage.getByText(/updated this project$/)).toHaveCount(0);
  await shot(ownerPage, 'generator-teammate-update-1280');

  // A project the member creates appears on the owner's dashboard; one deleted goes.
  const created = await request.post('/api/db/codewright/rest/v1/projects', {
    headers: auth(member),
    data: {
      name: 'Made Live',
      language: 'JavaScript',
      code: '1',
      workspace_id: await personalWorkspace(request, owner),
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  await expect(dashboard.getByRole('article', { name: 'Made Live' })).toBeVisible();
  const { id: madeId } = ((await created.json()) as { id: string }[])[0]!;
  const removed = await request.delete(`/api/db/codewright/rest/v1/projects?id=eq.${madeId}`, {
    headers: auth(owner),
  });
  expect(removed.status()).toBe(200);
  await expect(dashboard.getByRole('article', { name: 'Made Live' })).toHaveCount(0);
  await shot(dashboard, 'dashboard-live-1280');
  for (const page of [dashboard, ownerPage, memberPage]) await page.context().close();
});

test('when the server restarts, teammates see "Reconnecting…", then each other again, with no change missed', async ({
  request,
  account,
  browser,
}) => {
  test.setTimeout(180_000);
  const { member, projectId, ownerPage, memberPage } = await teammatesInGenerator(
    request,
    account,
    browser,
    { name: 'Restart Board', code: 'const up = 1;\n' },
  );
  for (const page of [ownerPage, memberPage])
    await expect(page.getByTestId('presence').getByRole('listitem')).toHaveCount(1);

  const restarting = account.restart({ downMs: 1_500 });
  for (const page of [ownerPage, memberPage])
    await expect(page.getByText('Reconnecting…')).toBeVisible({ timeout: 20_000 });
  await shot(ownerPage, 'generator-reconnecting-1280');
  await memberPage.setViewportSize({ width: 390, height: 844 });
  await expect(memberPage.getByText('Reconnecting…')).toBeVisible();
  await shot(memberPage, 'generator-reconnecting-390');
  await restarting;
  // The member saves at once, before the pages are back: the owner still hears of it.
  const saved = await request.patch(`/api/db/codewright/rest/v1/projects?id=eq.${projectId}`, {
    headers: auth(member),
    data: { code: 'const up = 2;\n' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  for (const page of [ownerPage, memberPage]) {
    // Shown while the connection is down or being made again; gone once the channel is back.
    await expect(page.getByText('Reconnecting…')).toHaveCount(0, { timeout: 40_000 });
    await expect(page.getByTestId('presence').getByRole('listitem')).toHaveCount(1, {
      timeout: 40_000,
    });
  }
  // The file they share merges the write: both pages have it, with no reload (the member's
  // editor is behind the phone's Chat tab, so the page's code is read).
  for (const page of [ownerPage, memberPage])
    await expect(page.getByTestId('editor-panel')).toHaveAttribute('data-code', 'const up = 2;\n');
  for (const page of [ownerPage, memberPage]) await page.context().close();
});
