/**
 * Select in the preview of a plain HTML page (issue 53): the page's tags carry where they are
 * written (annotateHtml), so a click in select mode picks the heading, not the page's own click
 * handler, and the quick panel changes its text in the source.
 */
import { PREVIEW_SAMPLES } from './fixtures/model-previews.mjs';
import { acceptReview } from './fixtures.ts';
import { expect, test } from './fixtures/generator-preview-test.ts';

test("1280 px: an HTML page's heading is selected and its text changed in the quick panel", async ({
  gen,
  page,
}) => {
  test.setTimeout(90_000);
  await gen.open();
  await gen.generate('html');
  await gen.waitReady();
  await gen.panel.getByRole('button', { name: 'Select an element in the preview' }).click();
  // The page's own button handler does not run while selecting.
  await gen.frame.getByRole('button', { name: 'Change' }).click();
  await expect(page.getByTestId('selection-chip')).toHaveText('button in main.js:12');
  await expect(gen.frame.getByRole('heading', { name: 'Hello from HTML' })).toBeVisible();
  await gen.panel.getByRole('button', { name: 'Select an element in the preview' }).click();
  await gen.frame.getByRole('heading', { name: 'Hello from HTML' }).click();
  await expect(page.getByTestId('selection-chip')).toHaveText('h1 in main.js:11');
  const panel = page.getByRole('form', { name: 'Quick edit of h1 in main.js:11' });
  // No class attribute on it: one can be added.
  await expect(panel.getByLabel(/^Classes/)).toHaveValue('');
  await panel.getByLabel('Text').fill('Hi from HTML');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await acceptReview(
    page,
    PREVIEW_SAMPLES.html.code.replace('Hello from HTML</h1>', 'Hi from HTML</h1>'),
  );
  await gen.showPreview();
  await expect(gen.frame.getByRole('heading', { name: 'Hi from HTML' })).toBeVisible();
});
