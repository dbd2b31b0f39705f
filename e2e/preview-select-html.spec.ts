/**
 * Select in the preview of a draft (issue 53), code not saved to a project: a plain HTML page,
 * whose tags carry where they are written (annotateHtml), so a click in select mode picks the
 * heading, not the page's own click handler, and the quick panel changes its text in the source;
 * and a React component that ran alone (its build names it main.jsx, the draft main.js).
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

test("1280 px: a React draft's paragraph is selected; text built by code cannot be edited, its classes can", async ({
  gen,
  page,
}) => {
  test.setTimeout(90_000);
  await gen.open();
  await gen.generate('react-counter');
  await gen.waitReady();
  await gen.panel.getByRole('button', { name: 'Select an element in the preview' }).click();
  await gen.frame.getByText('Count: 0').click();
  await expect(page.getByTestId('selection-chip')).toHaveText('p in main.js:9');
  const panel = page.getByRole('form', { name: 'Quick edit of p in main.js:9' });
  await expect(panel.getByLabel('Text')).toHaveCount(0);
  await panel.getByLabel(/^Classes/).fill('text-5xl font-bold text-rose-700');
  await panel.getByRole('button', { name: 'Apply' }).click();
  await acceptReview(
    page,
    PREVIEW_SAMPLES['react-counter'].code.replace(
      'className="text-4xl font-bold text-slate-900"',
      'className="text-5xl font-bold text-rose-700"',
    ),
  );
  await gen.showPreview();
  await expect(gen.frame.getByText('Count: 0')).toHaveClass('text-5xl font-bold text-rose-700');
});
