/**
 * The generator as a workspace (docs/decisions/013-generator-workspace.md), at 1280 and 390 px,
 * against the scripted TEST model (e2e/README.md): layout (composer always in view, toasts clear
 * of the header actions, phone tabs), chat (Markdown, live code in the editor, the "current"
 * mark), memory ([[echo]]), nothing lost (restore after reload, leave guard, Ctrl+S, name
 * limit), and the small fixes (.py upload, Stop rule).
 * (Over 300 lines: one screen's layout, chat and nothing-lost journeys at both widths share the
 * locators and settled-box helpers below; sign-in comes from fixtures.ts.)
 */
import type { Locator, Page } from '@playwright/test';
import { MESSAGES, PROJECT_NAME_MAX_LENGTH, fileLoadedMessage } from '@codewright/contract';
import {
  acceptReview,
  expect,
  holdKey,
  openEmailForm,
  releaseHold,
  signIn,
  signUpViaApi,
  submitEmailForm,
  test,
  usageOf,
  waitForApp,
  waitIdle,
} from './fixtures.ts';
import { expectNoSeriousViolations } from './axe.ts';

const WIDTHS = [1280, 390] as const;
const viewport = (width: number) => ({ width, height: width > 600 ? 800 : 844 });

const promptBox = (page: Page) =>
  page.getByRole('textbox', { name: 'Describe what you want to build' });
const editorPanel = (page: Page) => page.getByTestId('editor-panel');
const chat = (page: Page) => page.getByRole('log', { name: 'Chat History' });
const answers = (page: Page) => chat(page).getByRole('article', { name: 'AI Assistant message' });
const saveButton = (page: Page) => page.getByRole('button', { name: /^(Save Project|Update)$/ });

async function send(page: Page, text: string) {
  await promptBox(page).fill(text);
  await promptBox(page).press('Enter');
}

/** The answer has ended (the composer may be behind the Code tab on a phone). */
/** Phone layout: the tab of that name (Chat, Code). */
const tab = (page: Page, name: string) =>
  page
    .getByRole('tablist', { name: 'Workspace' })
    .getByRole('tab', { name: new RegExp(`^${name}`) });

async function showChat(page: Page, width: number) {
  if (width < 1024) await tab(page, 'Chat').click();
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  expect(box, 'element has a box').not.toBeNull();
  return box!;
}

/**
 * The box of an element once it has stopped moving: no animation of it or inside it still runs
 * and two frames in a row agree (a toast slides in, and moves when the screen's controls do).
 */
async function settledBox(locator: Locator) {
  await expect
    .poll(() =>
      locator.evaluate(
        (el) =>
          new Promise<boolean>((resolve) => {
            const before = el.getBoundingClientRect();
            requestAnimationFrame(() =>
              requestAnimationFrame(() => {
                const after = el.getBoundingClientRect();
                resolve(
                  el.getAnimations({ subtree: true }).length === 0 &&
                    before.x === after.x &&
                    before.y === after.y,
                );
              }),
            );
          }),
      ),
    )
    .toBe(true);
  return boxOf(locator);
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/output/screenshots/generator-workspace-${name}.png` });
}

for (const width of WIDTHS) {
  test.describe(`generator workspace at ${width} px`, () => {
    test.use({ viewport: viewport(width) });

    test('the composer stays in view after 5 answers; the chat scrolls on its own', async ({
      page,
      loginToGenerator,
    }) => {
      // Five generations, each streamed and rendered in full.
      test.setTimeout(90_000);
      await loginToGenerator();
      await shot(page, `empty-${width}`);
      for (let i = 1; i <= 5; i++) {
        await showChat(page, width);
        await send(page, `step ${i}`);
        await waitIdle(page);
        if (i > 1) await acceptReview(page);
      }
      await showChat(page, width);
      await expect(answers(page)).toHaveCount(5);
      await expect(promptBox(page)).toBeInViewport({ ratio: 1 });
      await expect(page.getByRole('button', { name: 'Generate Code' })).toBeInViewport();
      // The page itself does not scroll to reach it: the log scrolls inside its column.
      expect(await page.evaluate(() => window.scrollY)).toBe(0);
      const log = await chat(page).evaluate((el) => [el.scrollHeight, el.clientHeight]);
      expect(log[0]).toBeGreaterThan(log[1]!);
      await expect(answers(page).last()).toBeInViewport();
      await shot(page, `answers-${width}`);
      if (width >= 1024) {
        // Both columns fill the height below the header, side by side.
        const [left, right] = [await boxOf(chat(page)), await boxOf(editorPanel(page))];
        expect(right.x).toBeGreaterThan(left.x + left.width);
        expect(right.y + right.height).toBeLessThanOrEqual(800);
        // Side margins match the site header's.
        const header = await boxOf(page.getByRole('banner').locator('div').first());
        const generator = await boxOf(page.getByTestId('generator'));
        expect(Math.abs(generator.x - header.x)).toBeLessThanOrEqual(1);
      }
    });

    test('no toast covers the header actions; a finished generation shows the Preview tab on a phone', async ({
      page,
      loginToGenerator,
    }) => {
      await loginToGenerator();
      if (width < 1024) await expect(tab(page, 'Chat')).toHaveAttribute('aria-selected', 'true');
      await send(page, 'a toast check');
      const toast = page.locator('[data-sonner-toast]').filter({ hasText: MESSAGES.codeGenerated });
      await expect(toast).toBeVisible({ timeout: 20_000 });
      // A generation opens the Preview tab on a phone; the code is one tab away.
      if (width < 1024) await expect(tab(page, 'Preview')).toHaveAttribute('aria-selected', 'true');
      let toastBox = await settledBox(toast);
      // The header's controls at every width; the editor's own where the editor is on screen (a
      // phone shows the Preview tab after a generation).
      const editorControls = [
        page.getByRole('button', { name: 'Copy code' }),
        page.getByRole('button', { name: 'Download code' }),
      ];
      for (const control of [
        saveButton(page),
        page.getByLabel('Language'),
        page.getByRole('link', { name: 'Back to Dashboard' }),
        ...(width >= 1024 ? editorControls : []),
      ]) {
        await expect(control).toBeVisible();
        expect(overlaps(toastBox, await boxOf(control)), 'toast over a control').toBe(false);
      }
      if (width < 1024) {
        await tab(page, 'Code').click();
        await expect(editorPanel(page)).toBeVisible();
        await expect(page.locator('.view-lines')).toContainText("return 'a toast check';");
        // The toast moves below the Code tab's own controls.
        toastBox = await settledBox(toast);
        for (const name of ['Chat', 'Code', 'Preview']) {
          expect(overlaps(toastBox, await boxOf(tab(page, name))), `toast over ${name}`).toBe(
            false,
          );
        }
      }
      // Save is clickable right away: the toast is not in the way.
      await saveButton(page).click();
      await expect(page.getByRole('dialog', { name: 'Save Project' })).toBeVisible();
      await shot(page, `toast-${width}`);
    });

    test('answers are Markdown: highlighted code with a copy button, never a raw fence, no raw HTML', async ({
      page,
      context,
      loginToGenerator,
    }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await loginToGenerator();
      // Held halfway, inside the code block, until the check of the streaming state is done.
      const hold = holdKey();
      await send(page, `a <b>bold</b> request [[hold:${hold}]]`);
      const answer = answers(page).first();
      // While it streams, an unclosed block is already a code block, not a fence.
      await expect(answer).toHaveAttribute('data-streaming', 'true');
      await expect(answer.locator('[data-code-block]')).toBeVisible({ timeout: 15_000 });
      expect(await answer.innerText()).not.toContain('```');
      await releaseHold(page.request, hold);
      await waitIdle(page);
      await showChat(page, width);
      const block = answer.locator('[data-code-block]');
      await expect(block).toHaveCount(1);
      expect(await answer.innerText()).not.toContain('```');
      const code = block.locator('pre');
      await expect(code).toContainText("return 'a <b>bold</b> request';");
      expect(await code.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
      // Highlighted: the keyword has its own colour.
      await expect(code.locator('span.text-violet-300', { hasText: 'function' })).toHaveCount(1);
      // The model's "<b>" stays text.
      await expect(answer.locator('b')).toHaveCount(0);
      await expect(answer).toContainText('<b>bold</b>');
      await block.getByRole('button', { name: /^Copy this js code/ }).click();
      await expect(page.getByText(MESSAGES.codeCopied)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        await editorPanel(page).getAttribute('data-code'),
      );
    });

    test('code streams into the read-only editor as it arrives', async ({
      page,
      loginToGenerator,
    }) => {
      await loginToGenerator();
      // Half the answer streams, then it is held until the checks below are done: they never
      // race its end, however fast or busy the machine.
      const hold = holdKey();
      await send(page, `streamed code [[long-code:40]] [[hold:${hold}]]`);
      const panel = editorPanel(page);
      // Part of the code is in the editor while the answer is still arriving.
      await expect(panel).toHaveAttribute('data-streaming', 'true', { timeout: 15_000 });
      await expect(panel).toHaveAttribute('data-code', /filler-/);
      await expect(answers(page).first()).toHaveAttribute('data-streaming', 'true');
      if (width < 1024) await tab(page, 'Code').click();
      await expect(page.getByTestId('editor-streaming')).toBeVisible();
      await expect(page.locator('.view-lines')).toContainText('filler-');
      // Typing does nothing while it streams.
      await page.locator('.monaco-editor textarea').first().focus();
      await page.keyboard.type('zzz');
      expect(await panel.getAttribute('data-code')).not.toContain('zzz');
      expect(await panel.getAttribute('data-code')).not.toContain("return 'streamed code';");
      await shot(page, `streaming-${width}`);
      await releaseHold(page.request, hold);
      await waitIdle(page);
      await expect(panel).not.toHaveAttribute('data-streaming', 'true');
      await expect(panel).toHaveAttribute('data-code', /return 'streamed code';\n\}$/);
      await expect(panel).not.toHaveAttribute('data-code', /zzz/);
    });

    test('a reload offers the unsaved work back; Restore brings code, chat and language', async ({
      page,
      loginToGenerator,
    }) => {
      await loginToGenerator();
      await page.getByLabel('Language').selectOption('Python');
      await send(page, 'kept across reloads');
      await waitIdle(page);
      await expect(editorPanel(page)).toHaveAttribute('data-code', /kept across reloads/);
      const code = await editorPanel(page).getAttribute('data-code');
      const asked: string[] = [];
      page.on('dialog', (dialog) => {
        asked.push(dialog.type());
        // The reload may already have taken the dialog away: it was asked, which is the point.
        dialog.accept().catch(() => {});
      });
      await page.reload();
      await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 15_000 });
      const offer = page.getByTestId('restore-offer');
      await expect(offer).toContainText('2 messages');
      await expect(offer).toContainText('lines of Python');
      await shot(page, `restore-offer-${width}`);
      await offer.getByRole('button', { name: 'Restore' }).click();
      await expect(offer).toBeHidden();
      await expect(editorPanel(page)).toHaveAttribute('data-code', code!);
      await expect(page.getByLabel('Language')).toHaveValue('Python');
      await showChat(page, width);
      await expect(answers(page)).toHaveCount(1);
      await expect(chat(page)).toContainText('kept across reloads');
      await expect(answers(page).first()).toHaveAttribute('data-current', 'true');
      expect(asked).toEqual(['beforeunload']);
    });

    test('"Try this prompt" survives signing in first', async ({ page }) => {
      const user = await signUpViaApi(page.request);
      await page.goto('/examples');
      await waitForApp(page);
      const card = page.getByRole('article').filter({ hasText: 'Try this prompt' }).first();
      const prompt = (await card.getByText('Prompt', { exact: true }).locator('..').innerText())
        .replace(/^Prompt\s*/i, '')
        .trim();
      await card.getByRole('button', { name: /Try this prompt/ }).click();
      await openEmailForm(page, async () => undefined);
      await submitEmailForm(page, user, 'Sign In');
      await expect(page).toHaveURL(/\/generator$/);
      await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 15_000 });
      await expect(promptBox(page)).toHaveValue(prompt);
      await expect(page.getByLabel('Language')).toHaveValue('TypeScript');
    });
  });
}

test.describe('generator workspace at 1280 px', () => {
  test('Ctrl+S saves: a new project asks its name (100 characters at most), then updates at once', async ({
    page,
    loginToGenerator,
  }) => {
    const user = await loginToGenerator();
    await send(page, 'saved with the keyboard');
    await waitIdle(page);
    await page.keyboard.press('Control+s');
    const dialog = page.getByRole('dialog', { name: 'Save Project' });
    await expect(dialog).toBeVisible();
    const name = dialog.getByLabel('Project Name');
    await name.fill('n'.repeat(150));
    await expect(name).toHaveValue('n'.repeat(PROJECT_NAME_MAX_LENGTH));
    await expect(dialog).toContainText(`${PROJECT_NAME_MAX_LENGTH} / ${PROJECT_NAME_MAX_LENGTH}`);
    await name.fill('Keyboard');
    await name.press('Enter');
    await expect(page.getByText(MESSAGES.projectSaved)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Update', exact: true })).toBeVisible();

    await send(page, 'then changed');
    await waitIdle(page);
    await acceptReview(page);
    await page.locator('.monaco-editor textarea').first().focus();
    await page.keyboard.press('Control+s');
    await expect(page.getByText(MESSAGES.projectUpdated)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const session = await signIn(page.request, user);
    const res = await page.request.get('/api/db/codewright/rest/v1/projects?select=name,code', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    const rows = (await res.json()) as { name: string; code: string }[];
    expect(rows).toEqual([
      { name: 'Keyboard', code: expect.stringMatching(/edited: then changed$/) },
    ]);
    await expect(page.getByText('unsaved')).toHaveCount(0);

    // Keys typed fast and saved at once: the page follows the editor only once typing pauses,
    // yet the save takes every key, and "unsaved" never stays.
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('\n// typed fast', { delay: 5 });
    await page.keyboard.press('Control+s');
    await expect
      .poll(async () => {
        const again = await page.request.get('/api/db/codewright/rest/v1/projects?select=code', {
          headers: { authorization: `Bearer ${session.token}` },
        });
        return ((await again.json()) as { code: string }[])[0]?.code;
      })
      .toMatch(/edited: then changed\n\/\/ typed fast$/);
    await expect(page.getByTestId('editor-panel')).toHaveAttribute(
      'data-code',
      /edited: then changed\n\/\/ typed fast$/,
    );
    await expect(page.getByText('unsaved')).toHaveCount(0);
  });

  test('leaving with unsaved changes asks first', async ({ page, loginToGenerator }) => {
    await loginToGenerator();
    await send(page, 'not saved yet');
    await waitIdle(page);
    await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).click();
    const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
    await expect(ask).toBeVisible();
    await expect(ask).toContainText('Your code and chat are not saved to a project yet.');
    await ask.getByRole('button', { name: 'Stay' }).click();
    await expect(page).toHaveURL(/\/generator$/);
    await expect(editorPanel(page)).toHaveAttribute('data-code', /not saved yet/);
    await page.getByRole('link', { name: 'Back to Dashboard' }).click();
    await ask.getByRole('button', { name: 'Leave' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a .py upload switches the language; the download follows it', async ({
    page,
    loginToGenerator,
  }) => {
    await loginToGenerator();
    await expect(page.getByLabel('Language')).toHaveValue('JavaScript');
    await page.getByTestId('upload-input').setInputFiles({
      name: 'tool.py',
      mimeType: 'text/x-python',
      buffer: Buffer.from('def tool():\n    return 1\n'),
    });
    await expect(page.getByText(fileLoadedMessage('tool.py'))).toBeVisible();
    await expect(page.getByLabel('Language')).toHaveValue('Python');
    await expect(page.getByTestId('editor-language')).toHaveText('Python');
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download code' }).click();
    expect((await downloading).suggestedFilename()).toBe('code.py');
  });

  test('the current mark follows the newest answer and Rollback; follow-ups fill the prompt', async ({
    page,
    loginToGenerator,
  }) => {
    await loginToGenerator();
    await send(page, 'first version');
    await waitIdle(page);
    await send(page, 'second version');
    await waitIdle(page);
    await acceptReview(page);
    const [first, second] = [answers(page).nth(0), answers(page).nth(1)];
    await expect(second).toHaveAttribute('data-current', 'true');
    await expect(second).toContainText('Current');
    await expect(first).not.toHaveAttribute('data-current', 'true');
    await expect(second.getByRole('button', { name: /Rollback/ })).toHaveCount(0);
    await first.getByRole('button', { name: /Rollback/ }).click();
    await expect(first).toHaveAttribute('data-current', 'true');
    await expect(second).not.toHaveAttribute('data-current', 'true');
    await expect(second.getByRole('button', { name: /Rollback/ })).toBeVisible();

    const chips = page.getByRole('group', { name: 'Suggested follow-ups' }).getByRole('button');
    await expect(chips).toHaveCount(3);
    await chips.filter({ hasText: 'Write unit tests' }).click();
    await expect(promptBox(page)).toHaveValue('Write unit tests');
    await expect(promptBox(page)).toBeFocused();
  });

  test('"undo your last change" reaches the model with the previous turn', async ({
    page,
    loginToGenerator,
  }) => {
    // Three answers, two of them reviewed edits.
    test.setTimeout(60_000);
    await loginToGenerator();
    await send(page, 'a greeting');
    await waitIdle(page);
    await send(page, 'add logging');
    await waitIdle(page);
    await acceptReview(page);
    await send(page, 'undo your last change [[echo]]');
    await waitIdle(page);
    await acceptReview(page);
    const echoed = JSON.parse((await editorPanel(page).getAttribute('data-code'))!) as {
      role: string;
      content: string;
    }[];
    expect(echoed.map((m) => m.role)).toEqual(['user', 'assistant', 'user', 'assistant', 'user']);
    expect(echoed[2]).toEqual({ role: 'user', content: 'add logging' });
    expect(echoed[3]?.content).toMatch(/^Here is your JavaScript code, edited: add logging\./);
    expect(echoed[4]?.content).toMatch(/^You are an expert JavaScript programmer\./);
    expect(echoed[4]?.content).toContain('undo your last change');
  });

  test('Stop after the code began keeps the partial code and says it counted; the meter agrees', async ({
    page,
    loginToGenerator,
  }) => {
    const user = await loginToGenerator();
    const session = await signIn(page.request, user);
    // Held halfway through the code until Stop, however slow the machine.
    await send(page, `stopped midway [[long-code:12]] [[hold:${holdKey()}]]`);
    await expect(editorPanel(page)).toHaveAttribute('data-code', /filler-/, { timeout: 15_000 });
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await waitIdle(page);
    const answer = answers(page).first();
    await expect(answer).toHaveAttribute('data-stopped', 'true');
    await expect(answer).toContainText('the partial code is in the editor');
    await expect(answer).toHaveAttribute('data-current', 'true');
    const code = await editorPanel(page).getAttribute('data-code');
    expect(code).toMatch(/filler-/);
    expect(code).not.toContain("return 'stopped midway';");
    expect((await usageOf(page.request, session.token)).generationsUsed).toBe(1);
  });

  test('Stop of an edit after its code began offers the partial change for review, never "unchanged"; one edit counted', async ({
    page,
    loginToGenerator,
  }) => {
    // A generation, then an edit held and stopped mid-code, then its review.
    test.setTimeout(60_000);
    const user = await loginToGenerator();
    const session = await signIn(page.request, user);
    await send(page, 'make a counter');
    await waitIdle(page);
    const before = await editorPanel(page).getAttribute('data-code');
    expect(before).toMatch(/\S/);
    // An edit held halfway through its code (past the fence, inside the filler) until Stop.
    await send(page, `add notes [[long-code:60]] [[hold:${holdKey()}]]`);
    const review = page.getByTestId('review-panel');
    await expect(review).toHaveAttribute('data-streaming', 'true', { timeout: 15_000 });
    await expect(review.getByTestId('review-status')).toContainText(/[1-9]\d* so far/, {
      timeout: 15_000,
    });
    await page.getByRole('button', { name: 'Stop generating' }).click();
    await waitIdle(page);
    // What arrived is in the review, decided by the user; the editor is not changed meanwhile.
    await expect(review).not.toHaveAttribute('data-streaming', 'true');
    await expect(review.getByTestId('review-status')).toContainText(/[1-9]\d* changes? proposed/);
    expect(await editorPanel(page).getAttribute('data-code')).toBe(before);
    const answer = answers(page).last();
    await expect(answer).toHaveAttribute('data-stopped', 'true');
    await expect(answer).toContainText('the partial changes are offered for review');
    await expect(answer).toContainText('this counted toward your usage');
    await expect(answer).not.toContainText(/unchanged|not changed/);
    const usage = () => usageOf(page.request, session.token);
    expect(await usage()).toMatchObject({ generationsUsed: 1, editsUsed: 1 });
    // Accepted, the partial change reaches the editor and the note says so.
    await acceptReview(page);
    const after = await editorPanel(page).getAttribute('data-code');
    expect(after).toMatch(/filler-/);
    expect(after).not.toContain('edited: add notes');
    await expect(answer).toContainText('the partial code is in the editor');
    await expect(answer).not.toContainText(/unchanged|not changed/);
    expect(await usage()).toMatchObject({ generationsUsed: 1, editsUsed: 1 });
  });
});

test.describe('focus, hints and small texts', () => {
  test('focus returns to the prompt after an answer and a proposal, and to Save after Escape; the editor says how Tab works', async ({
    page,
    loginToGenerator,
  }) => {
    await loginToGenerator();
    await send(page, 'a focus check');
    await waitIdle(page);
    await expect(promptBox(page)).toBeFocused();
    // An edit: its proposal arrives for review, and the prompt has focus again.
    await send(page, 'and a second line');
    await expect(page.getByTestId('review-panel')).toBeVisible({ timeout: 20_000 });
    await expect(promptBox(page)).toBeFocused();
    await acceptReview(page);

    // Escape on the save dialog goes back to the button that opened it.
    await saveButton(page).click();
    const dialog = page.getByRole('dialog', { name: 'Save Project' });
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(saveButton(page)).toBeFocused();

    // The editor keeps Tab for indenting, and says so while it has focus.
    const hint = page.getByTestId('editor-tab-hint');
    await expect(hint).toHaveCount(0);
    await page.locator('.monaco-editor textarea').first().focus();
    await expect(hint).toBeVisible();
    await expect(hint).toHaveText('Tab inserts a tab · Ctrl+M lets Tab move focus');
    await shot(page, 'tab-hint-1280');
    // Ctrl+M, then Tab leaves the editor; the hint goes with the focus.
    await page.keyboard.press('Control+m');
    await page.keyboard.press('Tab');
    await expect(page.locator('.monaco-editor textarea').first()).not.toBeFocused();
    await expect(hint).toHaveCount(0);
  });

  for (const width of WIDTHS) {
    test(`at ${width} px a saved project's subtitle keeps its name and "unsaved" in view; leaving names the project`, async ({
      page,
      loginToGenerator,
    }) => {
      // A save, an edit and a leave through the dashboard: twice a usual test.
      test.setTimeout(60_000);
      await page.setViewportSize(viewport(width));
      await loginToGenerator();
      await send(page, 'a subtitle check');
      await waitIdle(page);
      const name = 'A rather long project name that a phone cannot show in full';
      await saveButton(page).click();
      const dialog = page.getByRole('dialog', { name: 'Save Project' });
      await dialog.getByLabel('Project Name').fill(name);
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Update' })).toBeVisible();
      // A change after the save: the header says it is unsaved.
      if (width < 1024) await tab(page, 'Code').click();
      const lines = page.locator('.monaco-editor .view-lines').first();
      await lines.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.type('\n// changed');
      const unsaved = page.getByText('· unsaved');
      await expect(unsaved).toBeVisible();
      const box = (await unsaved.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      // The name is truncated on a phone, and whole in its title.
      await expect(page.getByTitle(name)).toBeVisible();
      await expect(page.getByTitle(name)).toContainText(name);
      await shot(page, `subtitle-${width}`);
      await expectNoSeriousViolations(page, `the generator with a saved project at ${width} px`);

      await page.getByRole('link', { name: 'Back to Dashboard' }).click();
      const ask = page.getByRole('dialog', { name: 'Leave without saving?' });
      await expect(ask).toContainText(`Your latest changes are not saved to ${name} yet.`);
      await expect(ask).not.toContainText('not saved to a project');
      await shot(page, `leave-saved-${width}`);
      await ask.getByRole('button', { name: 'Stay' }).click();
    });
  }
});
