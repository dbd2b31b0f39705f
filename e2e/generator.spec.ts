/**
 * The generator (SPEC §2.12, §4.4, §5, §8.2) against the scripted TEST model
 * (e2e/fixtures/model-server.mjs; rules in e2e/README.md): a request without current code
 * answers `// <request>` + `function main() { return '<request>'; }` in a fenced block; with
 * current code it returns that code plus `// edited: <request>`.
 * (Over 300 lines: the generator's main journeys — generate, edit, upload, limits, Stop, save and
 * reopen — share the locators and review helpers below; users come from fixtures.ts.)
 */
import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { FREE_PUBLIC_NOTICE, MESSAGES, PLAN_LIMITS, fileLoadedMessage } from '@codewright/contract';
import {
  acceptReview,
  expect,
  holdKey,
  loginViaApi,
  releaseHold,
  sendPrompt,
  setUsage,
  signIn,
  signUpViaApi,
  test,
  usageOf,
  waitIdle,
} from './fixtures.ts';
import { expectNoSeriousViolations } from './axe.ts';

const FREE = PLAN_LIMITS.free;
// A 1×1 transparent PNG: the server detects the type from these bytes.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

/** /generator/<id>: a saved project's address (decision 040); an id's random part may hold '-'. */
const PROJECT_ADDRESS = /\/generator\/proj_[\w-]+$/;

const promptBox = (page: Page) =>
  page.getByRole('textbox', { name: 'Describe what you want to build' });
const editorPanel = (page: Page) => page.getByTestId('editor-panel');
const chat = (page: Page) => page.getByRole('log', { name: 'Chat History' });
const assistantMessages = (page: Page) =>
  chat(page).getByRole('article', { name: 'AI Assistant message' });
const userMessages = (page: Page) => chat(page).getByRole('article', { name: 'You message' });

function meter(page: Page, label: string): Locator {
  return page.locator('[data-usage-state]').filter({ hasText: label });
}

async function expectCode(page: Page, expected: string | RegExp) {
  await expect(editorPanel(page)).toHaveAttribute('data-code', expected);
}

/** Full-page shots of the screen; dialogs are shot in the viewport, where the modal sits. */
async function shot(page: Page, name: string) {
  const fullPage = !/dialog/.test(name);
  await page.screenshot({ path: `e2e/output/screenshots/generator-${name}.png`, fullPage });
}

test.describe('generator', () => {
  test('a new user generates with streaming, edits, rolls back, copies, downloads, saves and reopens', async ({
    page,
    context,
    loginToGenerator,
  }) => {
    // A long flow (three answers, a review, a save and a reopen, the preview beside it).
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await loginToGenerator();
    await expect(page.getByText('Build with AI assistance')).toBeVisible();
    await expect(chat(page).getByText(MESSAGES.chatEmpty)).toBeVisible();
    await expect(page.getByText(MESSAGES.promptHint)).toBeVisible();
    await expect(page.getByLabel('Language')).toHaveValue('JavaScript');
    await expect(meter(page, 'Code Generations')).toContainText(`0 / ${FREE.generationsPerMonth}`);
    await expect(meter(page, 'Code Edits')).toContainText(`0 / ${FREE.editsPerMonth}`);
    await expect(page.getByRole('button', { name: 'Save Project' })).toBeDisabled();
    await shot(page, 'empty-1280');

    // Shift+Enter is a new line, not a send.
    await promptBox(page).fill('a greeting function');
    await promptBox(page).press('Shift+Enter');
    await expect(promptBox(page)).toHaveValue('a greeting function\n');
    await expect(userMessages(page)).toHaveCount(0);

    // Generate: the answer streams in word by word before it completes.
    // Held halfway (before the code's return line) until the checks of the streaming state are done.
    const hold = holdKey();
    await sendPrompt(page, `a greeting function [[hold:${hold}]]`);
    const streaming = assistantMessages(page).first();
    // A partial answer is on screen while the rest is still coming.
    await expect(streaming).toContainText('Here is the JavaScript code');
    await expect(streaming).toHaveAttribute('data-streaming', 'true');
    await expect(streaming).not.toContainText("return 'a greeting function'");
    await expect(page.getByRole('button', { name: 'Generating...' })).toBeDisabled();
    await expect(promptBox(page)).toBeDisabled();
    await expect(promptBox(page)).toHaveValue('');
    await expect(userMessages(page).first()).toContainText('a greeting function');
    await expect(userMessages(page).first()).toContainText('You');
    await releaseHold(page.request, hold);
    await waitIdle(page);
    await expect(page.getByText(MESSAGES.codeGenerated)).toBeVisible();
    await expectCode(
      page,
      /^\/\/ a greeting function\nfunction main\(\) \{\n {2}return 'a greeting function';\n\}$/,
    );
    // Monaco shows it too.
    await expect(page.locator('.view-lines')).toContainText("return 'a greeting function';");
    await expect(meter(page, 'Code Generations')).toContainText(`1 / ${FREE.generationsPerMonth}`);
    await expect(page.getByRole('button', { name: 'Save Project' })).toBeEnabled();

    // Edit by prompt: the current code goes along; the change is reviewed, then applied; the
    // Edits meter moves.
    await sendPrompt(page, 'add logging');
    await waitIdle(page);
    await acceptReview(page);
    await expectCode(page, /return 'a greeting function';\n\}\n\/\/ edited: add logging$/);
    await expect(meter(page, 'Code Edits')).toContainText(`1 / ${FREE.editsPerMonth}`);
    await expect(meter(page, 'Code Generations')).toContainText(`1 / ${FREE.generationsPerMonth}`);
    await expect(assistantMessages(page)).toHaveCount(2);

    // Rollback to the first answer.
    await assistantMessages(page)
      .first()
      .getByRole('button', { name: /Rollback/ })
      .click();
    await expect(page.getByText(MESSAGES.rolledBack)).toBeVisible();
    await expectCode(page, /^\/\/ a greeting function\n[\s\S]*\}$/);
    await expect(editorPanel(page)).not.toHaveAttribute('data-code', /edited/);

    // Copy: the clipboard holds the code; a check mark for a moment.
    await page.getByRole('button', { name: 'Copy code' }).click();
    await expect(page.getByText(MESSAGES.codeCopied)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toBe(await editorPanel(page).getAttribute('data-code'));
    await expect(page.getByRole('button', { name: 'Copy code' })).toBeVisible({ timeout: 4_000 });

    // Download: code.js with the editor's contents.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download code' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('code.js');
    expect(await readFile((await download.path())!, 'utf8')).toBe(copied);
    await expect(page.getByText(MESSAGES.codeDownloaded)).toBeVisible();
    await shot(page, 'chat-code-1280');

    // Save: the dialog shows language and line count; the name is required.
    await page.getByRole('button', { name: 'Save Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Project' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel('Language')).toHaveValue('JavaScript');
    await expect(dialog.getByLabel('Lines of Code')).toHaveValue('4');
    await expect(dialog.getByLabel('Project Name')).toHaveAttribute('placeholder', /Todo App/);
    await expect(dialog.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
    // Free: it says plainly that the project is public (SPEC §2.7), and where it goes.
    await expect(dialog.getByTestId('project-visibility')).toHaveText(FREE_PUBLIC_NOTICE);
    await expect(dialog.getByTestId('save-workspace')).toContainText('Saves to');
    await dialog.getByLabel('Project Name').fill('Greeter');
    await shot(page, 'save-dialog-1280');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(MESSAGES.projectSaved)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Update', exact: true })).toBeVisible();
    // Saved, the project has its own address.
    await expect(page).toHaveURL(PROJECT_ADDRESS);
    const address = new URL(page.url()).pathname;

    // A later save updates the same project.
    await page.getByLabel('Language').selectOption('TypeScript');
    await expect(page.getByTestId('editor-language')).toHaveText('TypeScript');
    // Toasts sit over the header's corner (and pause while hovered): use the keyboard here.
    await page.getByRole('button', { name: 'Update', exact: true }).press('Enter');
    const update = page.getByRole('dialog', { name: 'Update Project' });
    await expect(update.getByLabel('Project Name')).toHaveValue('Greeter');
    await update.getByRole('button', { name: 'Update', exact: true }).click();
    await expect(page.getByText(MESSAGES.projectUpdated)).toBeVisible();

    // Reopen from the dashboard: code, language and the whole chat, with working Rollback.
    await page.getByRole('link', { name: 'Dashboard' }).last().click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const card = page.getByRole('article', { name: 'Greeter' });
    await expect(card).toHaveCount(1);
    await card.getByRole('button', { name: 'Open Project' }).click();
    await expect(page).toHaveURL(address);
    await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByLabel('Language')).toHaveValue('TypeScript');
    await expect(page.getByRole('button', { name: 'Update', exact: true })).toBeVisible();
    await expectCode(page, /^\/\/ a greeting function\n[\s\S]*\}$/);
    await expect(userMessages(page)).toHaveCount(2);
    await expect(assistantMessages(page)).toHaveCount(2);
    await expect(userMessages(page).nth(0)).toContainText('a greeting function');
    await expect(userMessages(page).nth(1)).toContainText('add logging');
    await assistantMessages(page)
      .nth(1)
      .getByRole('button', { name: /Rollback/ })
      .click();
    await expectCode(page, /\/\/ edited: add logging$/);
  });

  test('upload: a .py file fills the editor, an image goes to storage and into the prompt, others are refused', async ({
    page,
    loginToGenerator,
  }) => {
    // Uploads of three kinds, each read and checked by the server: three times the default.
    test.slow();
    await loginToGenerator();
    const input = page.getByTestId('upload-input');

    await input.setInputFiles({
      name: 'hello.py',
      mimeType: 'text/x-python',
      buffer: Buffer.from('print("hi")\n'),
    });
    await expect(page.getByText(fileLoadedMessage('hello.py'))).toBeVisible();
    await expectCode(page, 'print("hi")\n');
    await expect(page.locator('.view-lines')).toContainText('print("hi")');

    await input.setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByText(MESSAGES.imageUploaded)).toBeVisible();
    await expect(promptBox(page)).toHaveValue(/Analyze this image.*\/uploads\/[^/]+\/\d+\.png/);

    // PDFs and Markdown become context chips (generator-context.spec.ts); anything else is refused.
    await input.setInputFiles({
      name: 'notes.zip',
      mimeType: 'application/zip',
      buffer: Buffer.from('PK\u0003\u0004'),
    });
    await expect(page.getByText(MESSAGES.uploadCodeOrImage)).toBeVisible();

    await input.setInputFiles({
      name: 'big.js',
      mimeType: 'text/javascript',
      buffer: Buffer.alloc(5 * 1024 * 1024 + 1, 97),
    });
    await expect(page.getByText(MESSAGES.fileTooLarge)).toBeVisible();
    await expectCode(page, 'print("hi")\n');
  });

  test('limit reached: the spec message and Upgrade to Continue before any call; an edit has its own limit', async ({
    page,
    loginToGenerator,
  }) => {
    // At the limits before the generator opens: set over the API, then signed in onto it.
    const user = await signUpViaApi(page.request);
    const session = await signIn(page.request, user);
    await setUsage(page.request, session.id, {
      generations: FREE.generationsPerMonth,
      edits: FREE.editsPerMonth,
    });
    await loginToGenerator(user);
    await expect(meter(page, 'Code Generations')).toContainText(
      `${FREE.generationsPerMonth} / ${FREE.generationsPerMonth}`,
    );

    await sendPrompt(page, 'a todo list');
    await expect(page.getByText(MESSAGES.generationLimit).first()).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Continue' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(MESSAGES.upgradeFeature);
    await expect(userMessages(page)).toHaveCount(0);
    await expect(promptBox(page)).toHaveValue('a todo list');
    await shot(page, 'upgrade-dialog-1280');
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(dialog).toBeHidden();

    // With code in the editor the send is an edit: the edit limit speaks.
    await page.getByTestId('upload-input').setInputFiles({
      name: 'a.js',
      mimeType: 'text/javascript',
      buffer: Buffer.from('let a = 1;'),
    });
    await expectCode(page, 'let a = 1;');
    await sendPrompt(page, 'rename a');
    await expect(page.getByText(MESSAGES.editLimit).first()).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Upgrade to Continue' })).toContainText(
      MESSAGES.editLimit,
    );
    const usage = await usageOf(page.request, session.token);
    expect(usage).toMatchObject({
      generationsUsed: FREE.generationsPerMonth,
      editsUsed: FREE.editsPerMonth,
    });
  });

  test('Stop before the first token keeps the editor and spends nothing; a provider error keeps the user message', async ({
    page,
    loginToGenerator,
  }) => {
    const user = await loginToGenerator();
    const session = await signIn(page.request, user);

    await sendPrompt(page, 'something slow [[hang]]');
    const stop = page.getByRole('button', { name: 'Stop generating' });
    await expect(stop).toBeVisible();
    await expect(page.getByTestId('upload-input')).toBeAttached();
    await expect(page.getByRole('button', { name: /^Upload a code file/ })).toBeDisabled();
    await stop.click();
    await waitIdle(page);
    await expect(stop).toBeHidden();
    await expectCode(page, '');
    await expect(userMessages(page)).toHaveCount(1);
    await expect
      .poll(async () => (await usageOf(page.request, session.token)).generationsUsed)
      .toBe(0);

    await sendPrompt(page, 'broken [[error:500]]');
    await expect(page.getByText(MESSAGES.generateFailed)).toBeVisible();
    await waitIdle(page);
    await expect(userMessages(page)).toHaveCount(2);
    await expect(userMessages(page).nth(1)).toContainText('broken');
    await expectCode(page, '');
    await expect
      .poll(async () => (await usageOf(page.request, session.token)).generationsUsed)
      .toBe(0);
  });

  test('Stop mid-answer keeps the partial text, marked as stopped, and leaves the editor alone', async ({
    page,
    loginToGenerator,
  }) => {
    await loginToGenerator();
    // Held after its first words, before any code, until Stop.
    await sendPrompt(page, `a long answer [[hold:${holdKey()}]] [[hold-after:3]]`);
    const answer = assistantMessages(page).first();
    await expect(answer).toContainText('Here is');
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await waitIdle(page);
    await expect(answer).toHaveAttribute('data-stopped', 'true');
    // Text was delivered, so it counted (docs/api.md, Stop), and the note says so.
    await expect(answer).toContainText(
      'Stopped before any code — the editor is unchanged (this counted toward your usage)',
    );
    await expect(answer.getByRole('button', { name: /Rollback/ })).toHaveCount(0);
    await expectCode(page, '');
  });

  test('Save with empty code is refused with the spec text', async ({ page, loginToGenerator }) => {
    await loginToGenerator();
    await page.getByRole('button', { name: 'Save Project' }).click({ force: true });
    await expect(page.getByText(MESSAGES.generateFirst)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('a saved project keeps its address and downloads whole as a .zip: reload and Back open it; another account and a made-up id get Project not found', async ({
    page,
    browser,
    loginToGenerator,
  }) => {
    // Two accounts, a save, two reloads and a Back: twice a usual test.
    test.setTimeout(60_000);
    const user = await loginToGenerator();
    await sendPrompt(page, 'an address book');
    await waitIdle(page);
    await page.getByRole('button', { name: 'Save Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Project' });
    await dialog.getByLabel('Project Name').fill('Addresses');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText(MESSAGES.projectSaved)).toBeVisible();
    // Saving moved the page to the project's address without reloading it: the chat is there.
    await expect(page).toHaveURL(PROJECT_ADDRESS);
    const address = new URL(page.url()).pathname;
    await expect(userMessages(page)).toHaveCount(1);

    // A saved project downloads whole, every file at its path, as a .zip.
    const projectId = address.split('/').pop()!;
    const added = await page.request.post('/api/db/codewright/rest/v1/project_files', {
      headers: { authorization: `Bearer ${(await signIn(page.request, user)).token}` },
      data: { project_id: projectId, path: 'lib/contacts.json', content: '[]' },
    });
    expect(added.status(), await added.text()).toBe(201);
    const zipping = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download project (.zip)' }).click();
    const zipped = await zipping;
    expect(zipped.suggestedFilename()).toBe(`${projectId}.zip`);
    const archive = await readFile((await zipped.path())!);
    expect(archive.subarray(0, 2).toString()).toBe('PK');
    // Entry names are stored as they are: both files are in it.
    expect(archive.includes('main.js')).toBe(true);
    expect(archive.includes('lib/contacts.json')).toBe(true);
    await expect(page.getByText('Project downloaded as a .zip')).toBeVisible();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('tab', { name: /^Code/ }).click();
    // Every tool fits the phone's editor header, none cut off.
    await expect(page.getByRole('button', { name: 'Download project (.zip)' })).toBeInViewport({
      ratio: 1,
    });
    await shot(page, 'saved-code-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // Reload: the same project, from the server (name, code and chat).
    await page.reload();
    await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 15_000 });
    await expect(page).toHaveURL(address);
    await expect(page.getByTestId('generator')).toContainText('Addresses');
    await expectCode(page, /^\/\/ an address book\n/);
    await expect(userMessages(page)).toHaveCount(1);
    await expect(page.getByRole('button', { name: 'Update', exact: true })).toBeVisible();

    // To the dashboard and Back: the project again, not a blank generator.
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goBack();
    await expect(page).toHaveURL(address);
    await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 15_000 });
    await expectCode(page, /^\/\/ an address book\n/);
    await expect(userMessages(page)).toHaveCount(1);

    // A made-up id: the not-found state, with a way on; focus can reach it by keyboard.
    await page.goto('/generator/proj_0_nothere');
    await expect(page.getByRole('heading', { name: 'Project not found', level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(/Project not found/);
    await page.goto('/generator/not-a-project');
    await expect(page.getByRole('heading', { name: 'Project not found', level: 1 })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // Another account, even with the link: not found, and nothing of the project shows.
    const other = await browser.newContext({ baseURL: test.info().project.use.baseURL });
    const stranger = await other.newPage();
    await loginViaApi(stranger, await signUpViaApi(stranger.request));
    await stranger.goto(address);
    await expect(
      stranger.getByRole('heading', { name: 'Project not found', level: 1 }),
    ).toBeVisible();
    await expect(stranger.getByText('an address book')).toHaveCount(0);
    await expect(stranger.getByText('Addresses')).toHaveCount(0);
    await other.close();
  });

  test('Try this prompt on /examples prefills the prompt and language without sending', async ({
    page,
    login,
  }) => {
    await login();
    await page.goto('/examples');
    await page
      .getByRole('button', { name: /Try this prompt/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/generator$/);
    await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 15_000 });
    await expect(page.getByLabel('Language')).toHaveValue('TypeScript');
    await expect(page.getByTestId('editor-language')).toHaveText('TypeScript');
    await expect(promptBox(page)).toHaveValue(/\S/);
    await expect(userMessages(page)).toHaveCount(0);
    await expect(chat(page).getByText(MESSAGES.chatEmpty)).toBeVisible();
  });

  test('signed out: /generator sends to /sign-in', async ({ page }) => {
    await page.goto('/generator');
    await expect(page).toHaveURL(/\/sign-in/);
  });
});

/** Screenshots of the generator's states, each also checked by axe (e2e/axe.ts). */
test.describe('generator screenshots', () => {
  for (const width of [1280, 390]) {
    test(`at ${width} px: empty, with chat and code, save and upgrade dialogs`, async ({
      page,
      loginToGenerator,
    }) => {
      // Two answers, a reload and four screenshots, each of six states checked by axe (axe on the
      // generator's large DOM takes seconds): it ran out of 60 s beside a second test run.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      const user = await loginToGenerator();
      await shot(page, `shot-empty-${width}`);
      await expectNoSeriousViolations(page, `/generator (empty) at ${width} px`);
      await sendPrompt(page, 'a debounce helper');
      await waitIdle(page);
      await sendPrompt(page, 'add a cancel method');
      await waitIdle(page);
      await acceptReview(page);
      await expectCode(page, /edited: add a cancel method/);
      await shot(page, `shot-chat-code-${width}`);
      if (width < 1024) {
        // On a phone the answer leaves the Code tab on view; the chat is on its own tab.
        await expectNoSeriousViolations(page, `/generator (Code tab) at ${width} px`);
        await page.getByRole('tab', { name: /^Chat/ }).click();
      }
      await expect(page.getByRole('article', { name: 'AI Assistant message' })).toHaveCount(2);
      await expectNoSeriousViolations(page, `/generator (with answers) at ${width} px`);
      await page.getByRole('button', { name: 'Save Project' }).click();
      await expect(page.getByRole('dialog', { name: 'Save Project' })).toBeVisible();
      await page.getByRole('dialog').getByLabel('Project Name').fill('Debounce');
      await shot(page, `shot-save-dialog-${width}`);
      await expectNoSeriousViolations(page, `/generator (save dialog) at ${width} px`);
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
      const session = await signIn(page.request, user);
      await setUsage(page.request, session.id, {
        generations: FREE.generationsPerMonth,
        edits: FREE.editsPerMonth,
      });
      // Unsaved work: the browser asks before the reload (the work is kept and offered back).
      page.once('dialog', (dialog) => void dialog.accept());
      await page.reload();
      await expect(page.getByTestId('restore-offer')).toBeVisible({ timeout: 15_000 });
      await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 15_000 });
      await sendPrompt(page, 'more');
      await expect(page.getByRole('dialog', { name: 'Upgrade to Continue' })).toBeVisible();
      await shot(page, `shot-upgrade-dialog-${width}`);
      await expectNoSeriousViolations(page, `/generator (upgrade dialog) at ${width} px`);
    });
  }
});
