/**
 * The AI across a project's files (issue 46), with the scripted model (e2e/README.md, "Prompts
 * across files"): an edit in a project of several files names each file it changes or adds; the
 * review lists each with its changes; accepting one file and rejecting another leaves exactly
 * that in the tree, on the server and in the preview, as one version. A first generation in a
 * saved project makes a React app of three files.
 */
import type { Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, sendPrompt, test, waitIdle } from './fixtures.ts';
import { proProject, serverFiles } from './project-files-helpers.ts';

const APP = "import { greet } from './helper.js';\nconsole.log(greet('files'));";
const HELPER = "export const greet = (name) => 'hello ' + name;";

const review = (page: Page) => page.getByTestId('review-panel');
const reviewFile = (page: Page, path: string) =>
  review(page).locator(`[data-testid="review-file"][data-path="${path}"]`);

for (const width of [1280, 390]) {
  test(`${width} px: an edit across files is reviewed per file; one file accepted, one rejected, one version`, async ({
    page,
    login,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 860 });
    const { id, auth } = await proProject(page, login, { language: 'JavaScript', code: APP });
    const added = await page.request.post('/api/db/codewright/rest/v1/project_files', {
      headers: auth,
      data: [
        { project_id: id, path: 'helper.js', content: HELPER },
        { project_id: id, path: 'notes.md', content: '# Notes' },
      ],
    });
    expect(added.status()).toBe(201);
    const versionsNow = async () =>
      (
        (await (
          await page.request.get(`/api/versions/codewright/${id}`, { headers: auth })
        ).json()) as { versions: Array<{ source: string; prompt: string | null }> }
      ).versions;
    const before = (await versionsNow()).length;

    await page.goto(`/generator/${id}`);
    await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 15_000 });
    // The composer says which files the edit sends: the open one and what it imports; a file
    // can be added (the model then sees it, and may change it) or left out.
    if (width < 1024) await page.getByRole('tab', { name: /^Chat/ }).click();
    const sent = page.getByRole('list', { name: 'Files sent with the edit' });
    await expect(sent.getByTestId('context-file')).toHaveText([/main\.js\s*open/, /helper\.js/]);
    await page.getByRole('combobox', { name: 'Add a file to the edit' }).selectOption('notes.md');
    await expect(sent.locator('[data-path="notes.md"]')).toBeVisible();
    await page.screenshot({ path: `e2e/output/screenshots/project-files-ai-${width}-context.png` });
    const request = 'Log louder [[also:helper.js]] [[also:notes.md]] [[add:lib/extra.js]]';
    await sendPrompt(page, request);
    await expect(review(page)).toBeVisible({ timeout: 20_000 });
    await expect(review(page).getByTestId('review-status')).toContainText('4 changes proposed');
    await expect(reviewFile(page, 'notes.md')).toContainText('changed');
    // The open file's change in the diff; the other files listed, each with its change.
    await expect(reviewFile(page, 'helper.js')).toContainText('changed');
    await expect(reviewFile(page, 'helper.js')).toContainText('+ // edited: Log louder');
    await expect(reviewFile(page, 'lib/extra.js')).toContainText('new file');
    await page.screenshot({ path: `e2e/output/screenshots/project-files-ai-${width}-review.png` });
    await expectNoSeriousViolations(page, `the review of an edit across files at ${width} px`);

    // Accept the helper's change and the main file's; reject the new file and the notes.
    await reviewFile(page, 'helper.js')
      .getByRole('button', { name: 'Accept all of helper.js' })
      .click();
    await reviewFile(page, 'lib/extra.js')
      .getByRole('button', { name: 'Reject all of lib/extra.js' })
      .click();
    await reviewFile(page, 'notes.md')
      .getByRole('button', { name: 'Reject all of notes.md' })
      .click();
    await review(page).getByRole('button', { name: 'Accept change 1', exact: true }).click();
    await expect(review(page)).toHaveCount(0);
    await waitIdle(page);

    await expect
      .poll(async () => serverFiles(page.request, auth, id))
      .toEqual([
        { path: 'helper.js', content: `${HELPER}\n// edited: Log louder` },
        { path: 'main.js', content: `${APP}\n// edited: Log louder` },
        { path: 'notes.md', content: '# Notes' },
      ]);
    const after = await versionsNow();
    expect(after).toHaveLength(before + 1);
    expect(after[0]).toMatchObject({ source: 'edit', prompt: request });
    // The editor and the tree show it; the preview runs the edited files.
    await expect(page.getByTestId('editor-panel')).toHaveAttribute(
      'data-code',
      `${APP}\n// edited: Log louder`,
    );
    if (width < 1024) await page.getByRole('tab', { name: /^Preview/ }).click();
    const panel = page.getByTestId('preview-panel');
    await panel.getByRole('tab', { name: /^Console/ }).click();
    await expect(panel.getByTestId('console-line').first()).toContainText('hello files');
    await page.screenshot({ path: `e2e/output/screenshots/project-files-ai-${width}-done.png` });
  });
}

test('1280 px: a first generation in a saved project makes a React app of three files', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  const { id, auth } = await proProject(page, login, { language: 'JavaScript', code: '' });
  await page.goto(`/generator/${id}`);
  await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 15_000 });
  await sendPrompt(page, 'A greeting app [[tree-app]]');
  await waitIdle(page);
  // The component is the main file, in the editor; its helper and styles are files beside it.
  await expect(page.getByTestId('editor-panel')).toHaveAttribute(
    'data-code',
    /^import \{ Greeting \} from '\.\/Greeting\.jsx';/,
  );
  const tree = page.getByRole('tree', { name: 'Project files' });
  await expect(tree.locator('[data-path="Greeting.jsx"]')).toBeVisible();
  await expect(tree.locator('[data-path="styles.css"]')).toBeVisible();
  await expect
    .poll(async () => (await serverFiles(page.request, auth, id)).map((f) => f.path))
    .toEqual(['Greeting.jsx', 'main.js', 'styles.css']);
  const versions = (
    (await (
      await page.request.get(`/api/versions/codewright/${id}`, { headers: auth })
    ).json()) as { versions: Array<{ source: string; prompt: string | null }> }
  ).versions;
  expect(versions[0]).toMatchObject({
    source: 'generation',
    prompt: 'A greeting app [[tree-app]]',
  });
  // The preview runs the three files: the heading in the stylesheet's green.
  const heading = page
    .getByTestId('preview-frame-host')
    .frameLocator('iframe:not([aria-hidden])')
    .getByRole('heading', { name: 'Hello, world!' });
  await expect(heading).toBeVisible({ timeout: 30_000 });
  await expect(heading).toHaveCSS('color', 'rgb(0, 128, 0)');
  await page.screenshot({ path: 'e2e/output/screenshots/project-files-ai-1280-generated.png' });
});

test('1280 px: Edit selection in another file than the main one changes only its lines, through the review', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  const helper = "export const greet = (name) => 'hello ' + name;\nexport const bye = () => 'bye';";
  const { id, auth } = await proProject(page, login, { language: 'JavaScript', code: APP });
  const added = await page.request.post('/api/db/codewright/rest/v1/project_files', {
    headers: auth,
    data: [{ project_id: id, path: 'helper.js', content: helper }],
  });
  expect(added.status()).toBe(201);
  await page.goto(`/generator/${id}`);
  await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 15_000 });
  await page
    .getByRole('tree', { name: 'Project files' })
    .locator('[data-path="helper.js"]')
    .click();
  await expect(page.locator('.monaco-editor .view-lines')).toContainText("'bye'");
  // Line 1 of helper.js, with the keyboard.
  await page.locator('.monaco-editor .view-line').first().click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.press('Shift+End');
  await expect(page.getByTestId('edit-selection-button')).toHaveAttribute('title', /line 1\b/);
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Edit selection' });
  await dialog.getByRole('textbox').fill('log the call');
  await dialog.getByRole('textbox').press('Enter');

  await expect(reviewFile(page, 'helper.js')).toContainText('+ // edited: log the call', {
    timeout: 15_000,
  });
  await waitIdle(page);
  await reviewFile(page, 'helper.js')
    .getByRole('button', { name: 'Accept all of helper.js' })
    .click();
  await expect(review(page)).toHaveCount(0);
  await expect
    .poll(async () => serverFiles(page.request, auth, id))
    .toEqual([
      {
        path: 'helper.js',
        content:
          "export const greet = (name) => 'hello ' + name;\n// edited: log the call\nexport const bye = () => 'bye';",
      },
      { path: 'main.js', content: APP },
    ]);
});

test('390 px: in a saved project of one file an edit adds a file; the chat shows each file as code, not tags', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 860 });
  const code = "console.log('one file');";
  const { id, auth } = await proProject(page, login, { language: 'JavaScript', code });
  await page.goto(`/generator/${id}`);
  await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 15_000 });
  await page.getByRole('tab', { name: /^Chat/ }).click();
  const request = 'Move the greeting out [[add:lib/greet.js]]';
  await sendPrompt(page, request);
  await waitIdle(page);
  // The answer names the files in the chat, their code in code blocks; no raw tag is shown.
  await page.getByRole('tab', { name: /^Chat/ }).click();
  const answer = page.locator('article[data-role="assistant"]').last();
  await expect(answer.locator('pre code').first()).toBeVisible();
  await expect(answer.locator('pre code').first()).toContainText('// edited: Move the greeting');
  await expect(answer).toContainText('lib/greet.js');
  await expect(answer.locator('pre code').last()).toContainText('// added: Move the greeting');
  await expect(answer).not.toContainText('<file path=');
  await expect(answer).not.toContainText('<edit path=');
  await answer.locator('pre').last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'e2e/output/screenshots/project-files-ai-390-one-file-chat.png' });

  await page.getByRole('tab', { name: /^Code/ }).click();
  await expect(reviewFile(page, 'lib/greet.js')).toContainText('new file');
  await page.screenshot({
    path: 'e2e/output/screenshots/project-files-ai-390-one-file-review.png',
  });
  await expectNoSeriousViolations(page, 'the review of a new file at 390 px');
  await review(page).getByRole('button', { name: 'Accept all' }).first().click();
  await expect(review(page)).toHaveCount(0);
  await expect
    .poll(async () => serverFiles(page.request, auth, id))
    .toEqual([
      { path: 'lib/greet.js', content: '// added: Move the greeting out' },
      { path: 'main.js', content: `${code}\n// edited: Move the greeting out` },
    ]);
  // The tree has the new folder and file.
  await page.getByTestId('files-toggle').click();
  const tree = page
    .getByRole('dialog', { name: 'Files' })
    .getByRole('tree', { name: 'Project files' });
  await expect(tree.locator('[data-path="lib/greet.js"]')).toBeVisible();
  await expect(tree.locator('[data-path="main.js"]')).toBeVisible();
});
