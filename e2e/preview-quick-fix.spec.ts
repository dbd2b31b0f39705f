/**
 * Quick fixes and auto-fix (issue 52): a problem of the preview that a fixer knows is fixed
 * without a model (packages/contract/src/quick-fixes): the button names the fix, the change is
 * reviewed like an edit, the preview runs the fixed code, and no edit is counted. Auto-fix runs
 * Fix with AI by itself for an answer's error, at most twice, and never again for the same error.
 */
import { expectNoSeriousViolations } from './axe.ts';
import { AUTO_FIX_MESSAGES } from '@codewright/contract';
import { acceptReview, signIn, usageOf } from './fixtures.ts';
import { expect, test } from './fixtures/generator-preview-test.ts';
import { PREVIEW_SAMPLES } from './fixtures/model-previews.mjs';

test.describe('quick fixes in the generator at 1280 px', () => {
  test.describe.configure({ timeout: 90_000 });

  test('a component missing its hook import previews after one click, with no model call and no edit counted', async ({
    gen,
    page,
  }) => {
    await gen.open();
    await gen.generate('missing-hook');
    const alert = gen.panel.getByRole('alert');
    await expect(alert).toContainText('useState is not defined');
    const quick = alert.getByRole('button', { name: 'Quick fix: Import useState from react' });
    await expect(quick).toBeVisible();
    await expect(alert.getByRole('button', { name: 'Fix with AI' })).toBeVisible();
    await page.screenshot({ path: 'e2e/output/screenshots/quick-fix-offered-1280.png' });
    await expectNoSeriousViolations(page, 'the preview offering a quick fix at 1280 px');
    // At 390 px the preview is a tab of its own, and the banner's buttons wrap under its text.
    await page.setViewportSize({ width: 390, height: 844 });
    await gen.showPreview();
    await expect(quick).toBeVisible();
    await page.screenshot({ path: 'e2e/output/screenshots/quick-fix-offered-390.png' });
    await page.setViewportSize({ width: 1280, height: 800 });

    const modelCalls: string[] = [];
    page.on('request', (r) => {
      if (/\/api\/ai\//.test(r.url())) modelCalls.push(r.url());
    });
    await quick.press('Enter');
    // The chat says what it is; the review shows the one added line.
    const chat = page.getByRole('log', { name: 'Chat History' });
    await expect(chat.getByRole('article', { name: 'You message' }).last()).toContainText(
      'Quick fix: Import useState from react',
    );
    await expect(chat).toContainText('made without AI, so no edit is used');
    const review = page.getByTestId('review-panel');
    await expect(review).toContainText("import { useState } from 'react';");
    await page.screenshot({ path: 'e2e/output/screenshots/quick-fix-review-1280.png' });
    const fixed = `import { useState } from 'react';\n${PREVIEW_SAMPLES['missing-hook'].code}`;
    await acceptReview(page, fixed);

    await gen.showPreview();
    await gen.waitReady();
    await expect(gen.frame.getByText('Count: 0')).toBeVisible();
    await expect(gen.panel.getByRole('alert')).toHaveCount(0);
    expect(modelCalls).toEqual([]);
    const { token } = await signIn(page.request, gen.user);
    expect(await usageOf(page.request, token)).toMatchObject({ generationsUsed: 1, editsUsed: 0 });
  });

  test('a module exporting its component by name says why nothing renders, and a quick fix makes it the default', async ({
    gen,
    page,
  }) => {
    await gen.open();
    await gen.generate('named-export');
    const alert = gen.panel.getByRole('alert');
    await expect(alert).toContainText(
      'Nothing rendered: The preview renders the default export, and this module has none (it exports Counter).',
    );
    await alert
      .getByRole('button', { name: 'Quick fix: Export Counter as the default' })
      .press('Enter');
    await acceptReview(
      page,
      `${PREVIEW_SAMPLES['named-export'].code}\n\nexport default Counter;\n`,
    );
    await gen.showPreview();
    await gen.waitReady();
    await expect(gen.frame.getByText('Count: 0')).toBeVisible();
    await expect(gen.panel.getByRole('alert')).toHaveCount(0);
  });

  test('an answer that throws gets one auto-fix round; the same error again stops it, and the meter counts that one round', async ({
    gen,
    page,
  }) => {
    await gen.open();
    await gen.generate('throws');
    const alert = gen.panel.getByRole('alert');
    await expect(alert).toContainText("Cannot read properties of undefined (reading 'title')");
    const auto = alert.getByRole('checkbox', { name: /Auto-fix errors of AI answers/ });
    await expect(auto).not.toBeChecked();
    // Switched on, it runs a round for the error on screen, and says first that it is an edit.
    await auto.press('Space');
    await expect(page.getByText(AUTO_FIX_MESSAGES.round(1))).toBeVisible();
    const chat = page.getByRole('log', { name: 'Chat History' });
    await expect(chat.getByRole('article', { name: 'You message' }).last()).toContainText(
      'Runtime error',
    );
    await gen.waitIdle();
    await acceptReview(page, PREVIEW_SAMPLES.throws.fixed);
    await gen.showPreview();
    await expect(alert.getByRole('status')).toHaveText(AUTO_FIX_MESSAGES.repeated);
    await expect(auto).toBeChecked();
    await page.screenshot({ path: 'e2e/output/screenshots/auto-fix-stopped-1280.png' });
    // No second round: one generation and the one edit of the round that ran.
    await expect(chat.getByRole('article', { name: 'You message' })).toHaveCount(2);
    const { token } = await signIn(page.request, gen.user);
    expect(await usageOf(page.request, token)).toMatchObject({ generationsUsed: 1, editsUsed: 1 });
  });
});
