/**
 * Reviewable AI edits, Edit selection, SEARCH/REPLACE edits of large files and the History
 * panel (docs/decisions/016, 022, 023) against the scripted TEST model (e2e/README.md:
 * edit-engine prompts, `[[top-and-bottom]]`, `[[lines:a-b]]`, `[[sr-miss]]`, `[[cut-off:n]]`).
 * (Over 300 lines: the review of AI edits and the History panel are one journey — an accepted edit
 * becomes a version — sharing the project and generation helpers below; sign-in comes from
 * fixtures.ts.)
 */
import type { Page } from '@playwright/test';
import { EDIT_ANSWER_MESSAGES, PLAN_LIMITS, VERSION_CONTROL_FEATURE } from '@codewright/contract';
import {
  acceptReview,
  expect,
  holdKey,
  releaseHold,
  sendPrompt,
  signIn,
  signUpViaApi,
  test,
  usageOf,
  waitIdle,
} from './fixtures.ts';
import { expectNoSeriousViolations } from './axe.ts';

const FREE = PLAN_LIMITS.free;
const editorPanel = (page: Page) => page.getByTestId('editor-panel');
const review = (page: Page) => page.getByTestId('review-panel');
const hunks = (page: Page) => review(page).getByTestId('review-hunk');

/** Opens a saved project from the dashboard (going there unless on it) and waits for its editor. */
async function openProject(page: Page, name: string) {
  if (new URL(page.url()).pathname !== '/dashboard') await page.goto('/dashboard');
  await page.getByRole('article', { name }).getByRole('button', { name: 'Open Project' }).click();
  await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 15_000 });
}

const codeOf = async (page: Page) => (await editorPanel(page).getAttribute('data-code')) ?? '';

/** A first generation: straight into the empty editor, no review. */
async function generate(page: Page, request: string) {
  await sendPrompt(page, request);
  await waitIdle(page);
  await expect(editorPanel(page)).toHaveAttribute('data-code', new RegExp(`^// ${request}\\n`));
  await expect(review(page)).toHaveCount(0);
  return codeOf(page);
}

/** Lines of a 600-line JavaScript file, each unique. */
const bigFile = Array.from(
  { length: 600 },
  (_, i) => `  const value${i} = compute(${i}); // line ${i + 1}`,
).join('\n');

const withLineAfter = (code: string, after: number, line: string) => {
  const lines = code.split('\n');
  return [...lines.slice(0, after), line, ...lines.slice(after)].join('\n');
};

/**
 * While the answer of `hold` arrives: on the Code tab, types a line "// typed meanwhile" after
 * line `line` (1-based) and expects the editor to hold `typed`; then lets the answer end and
 * opens its review.
 */
async function typeWhileHeld(page: Page, hold: string, line: number, typed: string) {
  await page.getByTestId('editor-tab-code').click();
  await page
    .locator('.monaco-editor .view-line')
    .nth(line - 1)
    .click();
  await page.keyboard.press('End');
  await page.keyboard.type('\n// typed meanwhile');
  await expect(editorPanel(page)).toHaveAttribute('data-code', typed);
  await releaseHold(page.request, hold);
  await waitIdle(page);
  await page.getByTestId('editor-tab-review').click();
}

const editsUsed = async (page: Page, token: string) =>
  (await usageOf(page.request, token)).editsUsed;

test.describe('review of AI edits', () => {
  // Each test generates, edits and reviews through the real server and model fixture.
  test.describe.configure({ timeout: 90_000 });
  test('an edit streams in as a diff; rejecting one hunk and accepting another leaves exactly the accepted result', async ({
    page,
    loginToGenerator,
  }) => {
    const user = await loginToGenerator();
    const session = await signIn(page.request, user);
    const before = await generate(page, 'a greeting function');

    const hold = holdKey();
    await sendPrompt(page, `tidy up [[top-and-bottom]] [[hold:${hold}]]`);
    // The review opens while the answer arrives; the editor's own code is untouched.
    await expect(review(page)).toBeVisible();
    await expect(review(page)).toHaveAttribute('data-streaming', 'true');
    await expect(page.getByTestId('diff-editor')).toBeVisible();
    expect(await codeOf(page)).toBe(before);
    await releaseHold(page.request, hold);
    await waitIdle(page);
    await expect(review(page)).not.toHaveAttribute('data-streaming', 'true');
    await expect(hunks(page)).toHaveCount(2);
    // Monaco's diff shows the proposed lines.
    await expect(page.getByTestId('diff-editor').locator('.editor.modified')).toContainText(
      '// top: tidy up',
    );
    expect(await codeOf(page)).toBe(before);

    await review(page).getByRole('button', { name: 'Reject change 1' }).click();
    await expect(hunks(page).first()).toHaveAttribute('data-decision', 'rejected');
    // Still under review until every change is decided.
    expect(await codeOf(page)).toBe(before);
    await review(page).getByRole('button', { name: 'Accept change 2' }).click();

    await expect(review(page)).toHaveCount(0);
    await expect(editorPanel(page)).toHaveAttribute('data-code', `${before}\n// edited: tidy up`);
    await expect(page.getByText('1 of 2 changes applied.')).toBeVisible();
    // One edit, charged once.
    expect(await editsUsed(page, session.token)).toBe(1);
  });

  test('typing during the stream is kept: the review is rebased onto what was typed', async ({
    page,
    loginToGenerator,
  }) => {
    await loginToGenerator();
    const before = await generate(page, 'a counter');

    const hold = holdKey();
    await sendPrompt(page, `tidy [[top-and-bottom]] [[hold:${hold}]]`);
    await expect(review(page)).toHaveAttribute('data-streaming', 'true');
    // Back to the code, which stays editable: type a line after line 2. Monaco keeps the
    // indentation of the line above.
    const typed = withLineAfter(before, 2, '  // typed meanwhile');
    await typeWhileHeld(page, hold, 2, typed);
    await expect(hunks(page)).toHaveCount(2);
    await acceptReview(page, `// top: tidy\n${typed}\n// edited: tidy`);
  });

  test('Edit selection (Ctrl+K) changes only the selected lines, through the review, as one edit', async ({
    page,
    loginToGenerator,
  }) => {
    const user = await loginToGenerator();
    const session = await signIn(page.request, user);
    const before = await generate(page, 'a greeting function');
    expect(before.split('\n')).toHaveLength(4);

    // Select lines 2–3 with the keyboard.
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+End');
    await expect(page.getByTestId('edit-selection-button')).toHaveAttribute('title', /lines 2–3/);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Edit selection' });
    await expect(dialog).toContainText('lines 2–3');
    await dialog.getByRole('textbox').fill('log the call');
    await dialog.getByRole('textbox').press('Enter');

    await expect(hunks(page)).toHaveCount(1, { timeout: 15_000 });
    await waitIdle(page);
    expect(await codeOf(page)).toBe(before);
    await acceptReview(page, withLineAfter(before, 3, '  // edited: log the call'));
    expect(await editsUsed(page, session.token)).toBe(1);
  });

  test('Edit selection: the whole file, the caret line, a selection ending at column 1 (that line is left out), and typing elsewhere while the answer arrives is kept', async ({
    page,
    loginToGenerator,
  }) => {
    await loginToGenerator();
    const before = await generate(page, 'a greeting function');
    expect(before.split('\n')).toHaveLength(4);
    const button = page.getByTestId('edit-selection-button');
    const lines = page.locator('.monaco-editor .view-line');

    // The whole file (Ctrl+A).
    await lines.first().click();
    await page.keyboard.press('Control+a');
    await expect(button).toHaveAttribute('title', /lines 1–4/);
    // No selection: the caret's line.
    await lines.nth(2).click();
    await expect(button).toHaveAttribute('title', /Edit line 3 /);

    // Shift+Down twice from the start of line 2 ends the selection at column 1 of line 4: none
    // of line 4's text is selected, so lines 2–3 are edited.
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await page.keyboard.press('Shift+ArrowDown');
    await expect(button).toHaveAttribute('title', /lines 2–3/);
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Edit selection' });
    await expect(dialog).toContainText('lines 2–3');
    const hold = holdKey();
    await dialog.getByRole('textbox').fill(`log the call [[hold:${hold}]]`);
    await dialog.getByRole('textbox').press('Enter');
    await expect(review(page)).toHaveAttribute('data-streaming', 'true');

    // While the answer arrives, type a line after line 1 (above the selection).
    const typed = withLineAfter(before, 1, '// typed meanwhile');
    await typeWhileHeld(page, hold, 1, typed);
    // The answer lands after what were lines 2–3 (now 3–4); the typing and line 4 stay.
    await expect(hunks(page)).toHaveCount(1);
    await acceptReview(page, withLineAfter(typed, 4, '  // edited: log the call'));
  });

  test('a SEARCH/REPLACE edit of a 600-line file changes only the target lines; its retry costs no second edit', async ({
    page,
    loginToGenerator,
  }) => {
    const user = await loginToGenerator();
    const session = await signIn(page.request, user);
    await page.getByTestId('upload-input').setInputFiles({
      name: 'big.js',
      mimeType: 'text/javascript',
      buffer: Buffer.from(bigFile),
    });
    await expect(editorPanel(page)).toHaveAttribute('data-code', bigFile);

    await sendPrompt(page, 'note line 300 [[lines:300-300]]');
    await waitIdle(page);
    await expect(hunks(page)).toHaveCount(1);
    const once = withLineAfter(bigFile, 300, '  // edited: note line 300');
    await acceptReview(page, once);
    expect(await editsUsed(page, session.token)).toBe(1);

    // A block that misses: one retry shows the model the failure, then it applies — one edit.
    await sendPrompt(page, 'mark line 100 [[lines:100-100]] [[sr-miss]]');
    await waitIdle(page);
    await expect(hunks(page)).toHaveCount(1);
    await acceptReview(page, withLineAfter(once, 100, '  // edited: mark line 100'));
    expect(await editsUsed(page, session.token)).toBe(2);
  });

  test('an answer cut off by the token cap is refused with a message and nothing changes', async ({
    page,
    loginToGenerator,
  }) => {
    await loginToGenerator();
    const before = await generate(page, 'a greeting function');
    await sendPrompt(page, 'rewrite it [[cut-off:8]]');
    await waitIdle(page);
    await expect(page.getByText(EDIT_ANSWER_MESSAGES['cut-off']).first()).toBeVisible();
    await expect(review(page)).toHaveCount(0);
    await expect(page.getByTestId('editor-tab-review')).toHaveCount(0);
    expect(await codeOf(page)).toBe(before);
  });
});

test.describe('History panel', () => {
  // Each test generates and edits on Pro, then reads versions back after a reload.
  test.describe.configure({ timeout: 90_000 });
  test('Free: History opens the upgrade dialog with the Version control note', async ({
    page,
    loginToGenerator,
  }) => {
    await loginToGenerator();
    await page.getByTestId('editor-tab-history').click();
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Pro' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(VERSION_CONTROL_FEATURE);
    await expect(page.getByTestId('history-panel')).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Maybe Later' }).click();
    await expect(dialog).toBeHidden();
    expect(FREE.versionControl).toBe(false);
  });

  test('Pro: an accepted edit becomes a version; after a reload the history is the same, and a restore works', async ({
    page,
    loginToGenerator,
  }) => {
    // On Pro before the generator opens: signed up and upgraded over the API.
    const user = await signUpViaApi(page.request);
    const session = await signIn(page.request, user);
    const up = await page.request.post('/api/plan/upgrade', {
      headers: { authorization: `Bearer ${session.token}` },
      data: { plan: 'pro' },
    });
    expect(up.status()).toBe(200);
    await loginToGenerator(user);
    const first = await generate(page, 'a greeting function');
    await page.getByRole('button', { name: 'Save Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Project' });
    await dialog.getByLabel('Project Name').fill('Greeter');
    await dialog.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(dialog).toBeHidden();

    await sendPrompt(page, 'add logging [[top-and-bottom]]');
    await waitIdle(page);
    const edited = `// top: add logging\n${first}\n// edited: add logging`;
    await acceptReview(page, edited);

    await page.getByTestId('editor-tab-history').click();
    const rows = page.getByTestId('version-row');
    await expect(rows.first()).toContainText('AI edit');
    await expect(rows.first()).toContainText('add logging');
    // The newest version is on the "after" side of the diff.
    await expect(page.getByTestId('diff-editor').locator('.editor.modified')).toContainText(
      '// top: add logging',
    );

    // Name a checkpoint.
    await page.getByRole('button', { name: 'Name checkpoint' }).click();
    await page.getByLabel('Checkpoint name').fill('Logging added');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(rows.first()).toContainText('Logging added');
    const listed = await rows.allInnerTexts();

    // A reload: the project, reopened, has the same history. (The chat of the edit is not
    // saved yet: the browser asks before leaving.)
    page.on('dialog', (d) => void d.accept());
    await page.reload();
    await openProject(page, 'Greeter');
    await expect(editorPanel(page)).toHaveAttribute('data-code', edited);
    await page.getByTestId('editor-tab-history').click();
    await expect(rows).toHaveCount(listed.length);
    await expect(rows.first()).toContainText('Logging added');
    expect(await rows.allInnerTexts()).toEqual(listed);

    // Restore the oldest version: a new version, and the editor takes its code.
    const count = listed.length;
    await rows.last().click();
    await page.getByRole('button', { name: /^Restore v1$/ }).click();
    await page
      .getByRole('dialog', { name: 'Restore version 1?' })
      .getByRole('button', { name: 'Restore' })
      .click();
    await expect(rows).toHaveCount(count + 1);
    await expect(rows.first()).toContainText('Restore');
    await expect(editorPanel(page)).toHaveAttribute('data-code', first);
    // Nothing is left unsaved: the restore is the project's code on the server.
    await expect(page.getByRole('button', { name: 'Update', exact: true })).toBeVisible();
  });
});

test.describe('History panel, stepping back', () => {
  test('each step back shows the right pair, including the diff computed ahead of the click', async ({
    page,
    login,
  }) => {
    // The project and its versions are made over the API before the page signs in.
    const user = await signUpViaApi(page.request);
    const session = await signIn(page.request, user);
    const auth = { authorization: `Bearer ${session.token}` };
    expect(
      (
        await page.request.post('/api/plan/upgrade', { headers: auth, data: { plan: 'pro' } })
      ).status(),
    ).toBe(200);
    // Version n adds n - 1 lines to the one before: a diff of the wrong pair shows another count.
    const base = ['function steps() {', '  return 0;', '}'];
    const codes = [1, 2, 3, 4].map((n) => {
      const added = Array.from({ length: (n * (n - 1)) / 2 }, (_, i) => `  // step ${i + 1}`);
      return [base[0], ...added, ...base.slice(1)].join('\n');
    });
    const made = await page.request.post('/api/db/codewright/rest/v1/projects', {
      headers: auth,
      data: { name: 'Steps', language: 'JavaScript', code: codes[0] },
    });
    expect(made.status()).toBe(201);
    const [project] = (await made.json()) as { id: string }[];
    for (const code of codes.slice(1)) {
      const res = await page.request.post(`/api/versions/codewright/${project!.id}`, {
        headers: auth,
        data: { code, source: 'edit', prompt: 'one more step' },
      });
      expect(res.status()).toBe(201);
    }
    const { versions } = (await (
      await page.request.get(`/api/versions/codewright/${project!.id}`, { headers: auth })
    ).json()) as { versions: { id: string; number: number }[] };
    expect(versions.map((v) => v.number)).toEqual([4, 3, 2, 1]);

    await login(user, '/dashboard');
    await openProject(page, 'Steps');
    await page.getByTestId('editor-tab-history').click();
    const rows = page.getByTestId('version-row');
    await expect(rows).toHaveCount(4);
    const diff = page.getByTestId('diff-editor');
    const inserted = diff.locator('.editor.modified .view-overlays .line-insert');
    // Opens on version 4 against 3: three lines added.
    await expect(diff).toHaveAttribute('data-diff-ready', 'true');
    await expect(inserted).toHaveCount(3);
    for (const [row, added] of [
      [1, 2],
      [2, 1],
    ] as const) {
      // The next step back (this row against the one below it) was computed ahead.
      await expect(diff).toHaveAttribute(
        'data-diff-prepared',
        `${versions[row + 1]!.id}..${versions[row]!.id}`,
      );
      await rows.nth(row).click();
      await expect(rows.nth(row)).toHaveAttribute('aria-current', 'true');
      await expect(inserted).toHaveCount(added);
      await expect(diff.locator('.editor.modified')).toContainText(`// step ${row === 1 ? 3 : 1}`);
    }
    // Compared with itself nothing changed: no line marked.
    await rows.nth(3).click();
    await expect(inserted).toHaveCount(0);
    // Leaving the panel while a step is prepared, and coming back, leaves no error behind.
    await rows.nth(1).click();
    await page.getByTestId('editor-tab-code').click();
    await expect(diff).toHaveCount(0);
    await page.getByTestId('editor-tab-history').click();
    await expect(diff).toHaveAttribute('data-diff-ready', 'true');
    await expect(inserted).toHaveCount(3);
  });
});

/** Screenshots of the review, Edit selection and History, each state also checked by axe. */
test.describe('history screenshots', () => {
  // A whole walk: generate, save, review, Edit selection, History, a checkpoint, the Preview.
  test.describe.configure({ timeout: 120_000 });
  for (const width of [1280, 390]) {
    test(`at ${width} px: the diff review, Edit selection and the History panel`, async ({
      page,
      loginToGenerator,
    }) => {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
      // On Pro before the generator opens: signed up and upgraded over the API.
      const user = await signUpViaApi(page.request);
      const session = await signIn(page.request, user);
      await page.request.post('/api/plan/upgrade', {
        headers: { authorization: `Bearer ${session.token}` },
        data: { plan: 'pro' },
      });
      await loginToGenerator(user);
      const shot = (name: string) =>
        page.screenshot({ path: `e2e/output/screenshots/history-${name}-${width}.png` });
      await generate(page, 'a greeting function');
      await page.getByRole('button', { name: 'Save Project' }).click();
      const dialog = page.getByRole('dialog', { name: 'Save Project' });
      await dialog.getByLabel('Project Name').fill('Greeter');
      await dialog.getByRole('button', { name: 'Save', exact: true }).click();
      await expect(dialog).toBeHidden();

      // A long request: its changed line is far wider than a phone.
      const request =
        'add logging of every call with its arguments, its result and how long it took endmark';
      await sendPrompt(page, `${request} [[top-and-bottom]]`);
      await waitIdle(page);
      await expect(hunks(page)).toHaveCount(2);
      await expect(page.locator('[data-diff-ready="true"]')).toBeVisible();
      // Each hunk's Accept and Reject say so in words, and keep their names.
      for (const [i, hunk] of (await hunks(page).all()).entries()) {
        for (const word of ['Accept', 'Reject']) {
          const button = hunk.getByRole('button', { name: `${word} change ${i + 1}` });
          await expect(button).toBeVisible();
          await expect(button).toHaveText(word);
        }
      }
      // The end of the long changed line is on screen: the diff wraps it.
      const modified = page.getByTestId('diff-editor').locator('.editor.modified');
      await expect(modified).toContainText('endmark');
      const end = await modified.evaluate((root) => {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const at = node.textContent!.indexOf('endmark');
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + 'endmark'.length);
          const box = range.getBoundingClientRect();
          const host = root.getBoundingClientRect();
          return { left: box.left, right: box.right, hostRight: host.right };
        }
        return null;
      });
      expect(end).not.toBeNull();
      expect(end!.left).toBeGreaterThanOrEqual(0);
      expect(end!.right).toBeLessThanOrEqual(Math.min(width, end!.hostRight));
      await shot('review');
      await expectNoSeriousViolations(page, `the review at ${width} px`);
      // Deciding hunk by hunk: after the last one, focus lands on the Editor tab, not the page.
      await review(page).getByRole('button', { name: 'Reject change 1' }).click();
      await review(page).getByRole('button', { name: 'Accept change 2' }).click();
      await expect(review(page)).toHaveCount(0);
      await expect(page.getByTestId('editor-tab-code')).toBeFocused();
      await expect(page.getByText('1 of 2 changes applied.')).toBeVisible();

      await page.locator('.monaco-editor .view-line').nth(2).click();
      await page.keyboard.press('Shift+ArrowDown');
      await page.getByTestId('edit-selection-button').click();
      await expect(page.getByRole('dialog', { name: 'Edit selection' })).toBeVisible();
      await page.getByRole('dialog').getByRole('textbox').fill('handle an empty name');
      await shot('edit-selection');
      await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

      await page.getByTestId('editor-tab-history').click();
      const rows = page.getByTestId('version-row');
      await expect(rows.first()).toContainText('AI edit');
      await expect(page.locator('[data-diff-ready="true"]')).toBeVisible();
      // Which side is which: the version before, and the newest, which is the editor's code.
      const panel = page.getByTestId('history-panel');
      const newest = Number(await rows.first().getAttribute('data-number'));
      await expect(panel.getByTestId('history-side-before')).toContainText(
        new RegExp(`^Before: v${newest - 1} of `),
      );
      await expect(panel.getByTestId('history-side-after')).toContainText(
        new RegExp(`^After: v${newest} of `),
      );
      await expect(panel.getByTestId('history-side-after')).toContainText('· current code');
      await expect(panel.getByTestId('history-side-before')).not.toContainText('current code');
      // The current version offers no Restore (it would only duplicate itself).
      await expect(panel.getByTestId('history-current')).toHaveText('Current code');
      await expect(panel.getByRole('button', { name: /^Restore/ })).toHaveCount(0);
      await shot('panel');
      await expectNoSeriousViolations(page, `the History panel at ${width} px`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        width,
      );
      // An older version can be restored.
      await rows.last().click();
      await expect(panel.getByRole('button', { name: 'Restore v1' })).toBeVisible();
      await expect(panel.getByTestId('history-current')).toHaveCount(0);
      await expect(panel.getByTestId('history-side-after')).toContainText(/^After: v1 of /);

      // The checkpoint name field takes the width of its row; its buttons wrap below on a phone.
      await panel.getByRole('button', { name: 'Name checkpoint' }).click();
      const form = panel.getByRole('form', { name: 'Name version 1' });
      const field = form.getByLabel('Checkpoint name');
      await expect(field).toBeFocused();
      const formBox = (await form.boundingBox())!;
      const fieldBox = (await field.boundingBox())!;
      expect(fieldBox.width).toBeGreaterThan(formBox.width * 0.5);
      expect(fieldBox.x + fieldBox.width).toBeLessThanOrEqual(width);
      const save = (await form.getByRole('button', { name: 'Save name' }).boundingBox())!;
      expect(save.x + save.width).toBeLessThanOrEqual(width);
      if (width === 390) expect(save.y).toBeGreaterThan(fieldBox.y + fieldBox.height - 1);
      await field.fill('First draft');
      await shot('checkpoint');
      await expectNoSeriousViolations(page, `naming a checkpoint at ${width} px`);
      await form.getByRole('button', { name: 'Save name' }).click();
      await expect(rows.last()).toContainText('First draft');

      // The Preview panel beside (or, on a phone, instead of) them passes axe too.
      const previewTab = page.getByRole('tablist', { name: 'Workspace' }).getByRole('tab', {
        name: /^Preview/,
      });
      if (await previewTab.isVisible()) await previewTab.click();
      await expect(page.getByTestId('preview-panel')).toHaveAttribute(
        'data-preview-phase',
        'ready',
        { timeout: 30_000 },
      );
      await expectNoSeriousViolations(page, `the Preview panel at ${width} px`);
    });
  }
});
