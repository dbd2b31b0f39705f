/**
 * Editing together in Chromium (issue 47, docs/decisions/050), two or three members of a team in
 * their own browser contexts against the account server: what one types appears for the other,
 * typing at two places at once merges, a viewer sees it live but cannot type, a restart of the
 * server while both type loses nothing, and an AI edit accepted by one while the other types
 * elsewhere keeps both.
 */
import type { Page } from '@playwright/test';
import { withAccountServer } from './fixtures/account-server.ts';
import { acceptReview, expect, sendPrompt, waitIdle } from './fixtures.ts';
import {
  auth,
  joinAs,
  sharedEditor,
  signedInPage,
  teammatesInGenerator,
  verifiedAccount,
} from './team-helpers.ts';

const test = withAccountServer(Number(process.env.E2E_COEDIT_PORT ?? 3680));
test.describe.configure({ mode: 'serial' });
test.setTimeout(120_000);

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `e2e/output/screenshots/${name}.png`, fullPage: true });

const editorOf = (page: Page) => page.locator('.monaco-editor .view-lines').first();
/** The code as the page holds it (the editor panel's `data-code`). */
const codeOf = (page: Page) =>
  page.getByTestId('editor-panel').evaluate((el) => el.getAttribute('data-code') ?? '');

/** Types `text` at the start of line `line` (1-based) of the page's editor. */
async function typeAtLine(page: Page, line: number, text: string) {
  await editorOf(page).click();
  await page.keyboard.press('Control+Home');
  for (let i = 1; i < line; i += 1) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Home');
  await page.keyboard.type(text, { delay: 15 });
}

test('two teammates type in one file and see each other live, at two places at once; a viewer sees it and cannot type', async ({
  request,
  account,
  browser,
}) => {
  const code = 'const a = 1;\nconst b = 2;\nconst c = 3;\n';
  const team = await teammatesInGenerator(request, account, browser, { name: 'Together', code });
  const { ownerPage, memberPage, owner, wsId, projectId } = team;

  // What the owner types appears for the member.
  await typeAtLine(ownerPage, 1, '/* owner */ ');
  await expect(editorOf(memberPage)).toContainText('/* owner */ const a = 1;');

  // Both type at once, at two places: each sees both, and both hold the same text.
  await Promise.all([typeAtLine(ownerPage, 2, 'A'), typeAtLine(memberPage, 3, 'Z')]);
  const merged = '/* owner */ const a = 1;\nAconst b = 2;\nZconst c = 3;\n';
  for (const page of [ownerPage, memberPage])
    await expect.poll(() => codeOf(page), { timeout: 10_000 }).toBe(merged);

  // The member sees the owner's cursor in the owner's colour, with the owner's name on hover.
  const head = memberPage.locator('.yRemoteSelectionHead').first();
  await expect(head).toBeAttached();
  await head.hover();
  const label = await head.evaluate((el) => getComputedStyle(el, '::after').content);
  expect(label).toContain(owner.email.split('@')[0]!);
  // The file tree says who is in which file.
  await memberPage.getByTestId('files-toggle').click();
  await expect(
    memberPage
      .getByTestId('file-tree')
      .locator('[data-path="main.js"]')
      .getByTestId('file-presence'),
  ).toHaveAttribute('aria-label', `Here: ${owner.email.split('@')[0]}`);
  await shot(memberPage, 'generator-coedit-1280');
  await memberPage.getByTestId('files-toggle').click();
  await memberPage.setViewportSize({ width: 390, height: 844 });
  await memberPage.getByRole('tab', { name: /^Code/ }).click();
  await sharedEditor(memberPage);
  await shot(memberPage, 'generator-coedit-390');
  await memberPage.setViewportSize({ width: 1280, height: 800 });

  // Nothing to save by hand: after 5 s of quiet the file holds the text, as one version.
  await expect
    .poll(
      async () => {
        const res = await request.get(
          `/api/db/codewright/rest/v1/projects?id=eq.${projectId}&select=code`,
          { headers: auth(owner) },
        );
        return ((await res.json()) as { code: string }[])[0]?.code;
      },
      { timeout: 20_000 },
    )
    .toBe(merged);
  await expect(ownerPage.getByText('· unsaved')).toHaveCount(0);

  // A viewer sees the typing live but cannot type.
  const viewer = await verifiedAccount(request, account);
  await joinAs(request, account, owner, wsId, viewer, 'viewer');
  const viewerPage = await signedInPage(browser, account.url, viewer);
  await viewerPage.goto(`/generator/${projectId}`);
  await expect(editorOf(viewerPage)).toContainText('Aconst b = 2;', { timeout: 20_000 });
  await sharedEditor(viewerPage);
  await typeAtLine(ownerPage, 1, '1');
  await expect(editorOf(viewerPage)).toContainText('1/* owner */');
  await typeAtLine(viewerPage, 2, 'viewer typed');
  await expect(viewerPage.getByText(/You are a viewer in this workspace/).first()).toBeVisible();
  await expect(editorOf(ownerPage)).not.toContainText('viewer typed');
  expect(await codeOf(viewerPage)).not.toContain('viewer typed');
  for (const page of [ownerPage, memberPage, viewerPage]) await page.context().close();
});

test('the server stops while both type and comes back: both resync, with nothing lost', async ({
  request,
  account,
  browser,
}) => {
  test.setTimeout(180_000);
  const code = 'let top = 1;\nlet middle = 2;\nlet bottom = 3;\n';
  const { ownerPage, memberPage } = await teammatesInGenerator(request, account, browser, {
    name: 'Restart Together',
    code,
  });
  await typeAtLine(ownerPage, 1, 'o1 ');
  await expect(editorOf(memberPage)).toContainText('o1 let top');

  const restarting = account.restart({ downMs: 3_000 });
  // Typing on while the server is away: it stays in each member's document.
  await Promise.all([typeAtLine(ownerPage, 2, 'o2 '), typeAtLine(memberPage, 3, 'm3 ')]);
  await restarting;
  const merged = 'o1 let top = 1;\no2 let middle = 2;\nm3 let bottom = 3;\n';
  for (const page of [ownerPage, memberPage])
    await expect.poll(() => codeOf(page), { timeout: 45_000 }).toBe(merged);
  // And typing goes on together.
  await typeAtLine(memberPage, 1, 'm1 ');
  await expect(editorOf(ownerPage)).toContainText('m1 o1 let top');
  for (const page of [ownerPage, memberPage]) await page.context().close();
});

test('one accepts an AI edit while the other types elsewhere in the file: both changes stay, once', async ({
  request,
  account,
  browser,
}) => {
  const code = 'const first = 1;\nconst second = 2;\n';
  const { ownerPage, memberPage } = await teammatesInGenerator(request, account, browser, {
    name: 'Edit Together',
    code,
  });

  await sendPrompt(ownerPage, 'mark it');
  await expect(ownerPage.getByTestId('review-panel')).toBeVisible({ timeout: 20_000 });
  // The member types at the top while the owner's review is open, and on as it is accepted.
  await typeAtLine(memberPage, 1, '// member\n');
  await expect(editorOf(ownerPage)).toContainText('// member');
  const typing = typeAtLine(memberPage, 2, 'x');
  await acceptReview(ownerPage);
  await typing;
  await waitIdle(ownerPage);
  const merged = '// member\nxconst first = 1;\nconst second = 2;\n// edited: mark it';
  for (const page of [ownerPage, memberPage])
    await expect.poll(() => codeOf(page), { timeout: 10_000 }).toBe(merged);
  // The accepted edit is a version of its own in History.
  await ownerPage.getByTestId('editor-tab-history').click();
  await expect(ownerPage.getByTestId('history-panel')).toContainText('mark it', {
    timeout: 10_000,
  });
  for (const page of [ownerPage, memberPage]) await page.context().close();
});

test("a review open in one editor follows a teammate's typing, and closes, saying so, once that typing touches its change", async ({
  request,
  account,
  browser,
}) => {
  const code = 'const first = 1;\nconst second = 2;\n';
  const { ownerPage, memberPage } = await teammatesInGenerator(request, account, browser, {
    name: 'Review Together',
    code,
  });
  await sendPrompt(ownerPage, 'mark it');
  const review = ownerPage.getByTestId('review-panel');
  await expect(review).toBeVisible({ timeout: 20_000 });
  // The member changes line 2: the owner's review shows it, its change rebased onto it.
  await typeAtLine(memberPage, 2, '/* 2 */ ');
  await expect(review).toContainText('/* 2 */ const second = 2;');
  await expect(review).toContainText('// edited: mark it');
  await shot(ownerPage, 'generator-coedit-review-rebased-1280');
  // The member types on the line the answer changes: the review closes and says why.
  await typeAtLine(memberPage, 3, 'let third;');
  await expect(review).toHaveCount(0, { timeout: 10_000 });
  await expect(ownerPage.getByText(/touched lines edited meanwhile/)).toBeVisible();
  const typed = 'const first = 1;\n/* 2 */ const second = 2;\nlet third;';
  for (const page of [ownerPage, memberPage])
    await expect.poll(() => codeOf(page), { timeout: 10_000 }).toBe(typed);
  for (const page of [ownerPage, memberPage]) await page.context().close();
});
