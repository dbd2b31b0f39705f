/**
 * Set-ups of the team journeys (teams.spec.ts, coedit.spec.ts): verified accounts through the
 * account server's mail, a Pro owner's workspace with an editor, a project there, and teammates
 * each with it open in the generator.
 */
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import type { AccountServer } from './fixtures/account-server.ts';
import { expect, loginViaApi, newUser, type TestUser } from './fixtures.ts';

export interface Account extends TestUser {
  id: string;
  token: string;
}

/** Signs a user up, verifies the address through the mailed link and signs in over the API. */
export async function verifiedAccount(
  request: APIRequestContext,
  account: AccountServer,
): Promise<Account> {
  const user = newUser();
  expect((await request.post('/api/auth/signup', { data: user })).status()).toBe(201);
  const mail = await account.sink.waitForMail(user.email);
  const token = new URL(mail.links[0]!).searchParams.get('token')!;
  // Confirmed with its password, the registrant keeps it (DESIGN §3.16).
  expect(
    (
      await request.post('/api/auth/email/verify', {
        data: { token, password: user.password },
      })
    ).status(),
  ).toBe(200);
  const res = await request.post('/api/auth/signin/email', { data: user });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return { ...user, id: body.user.id, token: body.access_token };
}

export const auth = (a: Account) => ({ authorization: `Bearer ${a.token}` });

/** Moves `a` to the Pro plan over the API (a team's plan is its owner's). */
export async function upgradeToPro(request: APIRequestContext, a: Account): Promise<void> {
  const res = await request.post('/api/plan/upgrade', { headers: auth(a), data: { plan: 'pro' } });
  expect(res.status(), await res.text()).toBe(200);
}

export async function personalWorkspace(request: APIRequestContext, a: Account): Promise<string> {
  const res = await request.get('/api/workspaces', { headers: auth(a) });
  const { workspaces } = (await res.json()) as { workspaces: { id: string; personal: boolean }[] };
  return workspaces.find((w) => w.personal)!.id;
}

/** Invites over the API and accepts with the mailed token (for set-up; the UI flow is tested below). */
export async function joinAs(
  request: APIRequestContext,
  account: AccountServer,
  owner: Account,
  wsId: string,
  member: Account,
  role: string,
) {
  const inv = await request.post(`/api/workspaces/${wsId}/invitations`, {
    headers: auth(owner),
    data: { email: member.email, role },
  });
  expect(inv.status(), await inv.text()).toBe(201);
  // The 2nd mail: after the verification link.
  const mail = await account.sink.waitForMail(member.email, 2);
  const token = new URL(mail.links[0]!).searchParams.get('token')!;
  const ok = await request.post('/api/invitations/accept', {
    headers: auth(member),
    data: { token },
  });
  expect(ok.status(), await ok.text()).toBe(200);
}

/** A Pro owner with an editor who joined their workspace, and one project of the owner's there. */
export async function teamWithProject(
  request: APIRequestContext,
  account: AccountServer,
  project: { name: string; code: string },
) {
  const owner = await verifiedAccount(request, account);
  await upgradeToPro(request, owner);
  const wsId = await personalWorkspace(request, owner);
  const member = await verifiedAccount(request, account);
  await joinAs(request, account, owner, wsId, member, 'editor');
  const created = await request.post('/api/db/codewright/rest/v1/projects', {
    headers: auth(owner),
    data: { language: 'JavaScript', ...project },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = ((await created.json()) as { id: string }[])[0]!;
  return { owner, member, wsId, projectId: id };
}

/**
 * A team with one project (teamWithProject), owner and member each with it open in the generator,
 * its file shared between them.
 */
export async function teammatesInGenerator(
  request: APIRequestContext,
  account: AccountServer,
  browser: Browser,
  project: { name: string; code: string },
) {
  const team = await teamWithProject(request, account, project);
  const ownerPage = await signedInPage(browser, account.url, team.owner);
  const memberPage = await signedInPage(browser, account.url, team.member);
  for (const page of [ownerPage, memberPage]) {
    await page.goto(`/generator/${team.projectId}`);
    await expect(page.locator('.monaco-editor .view-lines').first()).toContainText(
      project.code.split('\n')[0]!,
      { timeout: 20_000 },
    );
    await sharedEditor(page);
  }
  return { ...team, ownerPage, memberPage };
}

export async function signedInPage(browser: Browser, baseURL: string, user: TestUser) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await loginViaApi(page, user);
  return page;
}

/**
 * Waits until the page's editor is bound to its shared document (editing together, decision
 * 050): until then it is read-only for a moment, and keys typed would not reach it.
 */
export async function sharedEditor(page: Page): Promise<void> {
  await expect(page.locator('[data-testid="code-editor"] style[data-remote-cursors]')).toHaveCount(
    1,
    { timeout: 20_000 },
  );
}
