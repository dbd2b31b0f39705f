/**
 * Select in the preview (issue 53): select mode outlines and picks an element of the running app
 * (the JSX runtime puts each element's source place on it); the composer's chip names it, and a
 * prompt then edits only its lines, in the file it is written in. The quick panel changes its
 * text or classes without the model. A frame that claims a selection outside the project's
 * files, or a tag that is not there, is not heard.
 */
import type { Frame, Page } from '@playwright/test';
import { expectNoSeriousViolations } from './axe.ts';
import { acceptReview, expect, sendPrompt, test, usageOf, waitIdle } from './fixtures.ts';
import { proProject, serverFiles } from './project-files-helpers.ts';

const APP = `import { Counter } from './components/Counter';
import { Footer } from './components/Footer';

export default function App() {
  return (
    <main className="p-6">
      <h1 className="text-2xl font-bold">Tally board</h1>
      <Counter />
      <Footer />
    </main>
  );
}
`;
const COUNTER = `import { useState } from 'react';

export function Counter() {
  const [count, setCount] = useState(0);
  return (
    <div className="mt-4">
      <p>Count: {count}</p>
      <button
        className="rounded bg-blue-600 px-3 py-1 text-white"
        onClick={() => setCount((c) => c + 1)}
      >
        Add one
      </button>
    </div>
  );
}
`;
const FOOTER = `export function Footer() {
  return <footer className="mt-8 text-sm">Made with care</footer>;
}
`;

/** A Pro user's TypeScript project of three files, open in the generator with its preview run. */
async function openThreeFileApp(
  page: Page,
  login: () => Promise<{ email: string; password: string }>,
  phone = false,
) {
  const { id, auth } = await proProject(page, login, { language: 'TypeScript', code: APP });
  const added = await page.request.post('/api/db/codewright/rest/v1/project_files', {
    headers: auth,
    data: [
      { project_id: id, path: 'components/Counter.tsx', content: COUNTER },
      { project_id: id, path: 'components/Footer.tsx', content: FOOTER },
    ],
  });
  expect(added.status(), await added.text()).toBe(201);
  const files = await serverFiles(page.request, auth, id);
  const mainPath = files.find((f) => f.content === APP)!.path;
  await page.goto(`/generator/${id}`);
  await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 15_000 });
  if (phone) await page.getByRole('tab', { name: /^Preview/ }).click();
  const frame = page.getByTestId('preview-frame-host').frameLocator('iframe:not([aria-hidden])');
  await expect(frame.getByRole('button', { name: 'Add one' })).toBeVisible({ timeout: 20_000 });
  return { id, auth, frame, mainPath };
}

/** The frame on view, to run code in it as the app's own code would. */
async function liveFrame(page: Page): Promise<Frame> {
  const element = await page
    .getByTestId('preview-frame-host')
    .locator('iframe:not([aria-hidden])')
    .elementHandle();
  return (await element!.contentFrame())!;
}

test('1280 px: a button selected in a 3-file app, then "make it red": the review changes only its lines, in its file', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  const { id, auth, frame, mainPath } = await openThreeFileApp(page, login);
  const select = page.getByRole('button', { name: 'Select an element in the preview' });
  await select.click();
  await expect(select).toHaveAttribute('aria-pressed', 'true');
  // In select mode a click selects and never reaches the app: the count stays 0.
  await frame.getByRole('button', { name: 'Add one' }).hover();
  await page.screenshot({ path: 'e2e/output/screenshots/preview-select-hover-1280.png' });
  await frame.getByRole('button', { name: 'Add one' }).click();
  const chip = page.getByTestId('selection-chip');
  await expect(chip).toHaveText('button in Counter.tsx:8');
  await expect(select).toHaveAttribute('aria-pressed', 'false');
  await expect(frame.getByText('Count: 0')).toBeVisible();
  await page.screenshot({ path: 'e2e/output/screenshots/preview-select-chip-1280.png' });
  await expectNoSeriousViolations(page, 'an element selected in the preview at 1280 px');

  await sendPrompt(page, 'make it red');
  await expect(chip).toHaveCount(0);
  const counterReview = page
    .getByTestId('review-panel')
    .locator('[data-testid="review-file"][data-path="components/Counter.tsx"]');
  await expect(counterReview).toContainText('+ // edited: make it red', { timeout: 15_000 });
  await waitIdle(page);
  await expect(page.getByTestId('review-panel').getByTestId('review-file')).toHaveCount(1);
  await counterReview.getByRole('button', { name: 'Accept all of components/Counter.tsx' }).click();
  await expect(page.getByTestId('review-panel')).toHaveCount(0);
  // The comment line sits right after the button's last line (13); nothing else changed.
  const lines = COUNTER.split('\n');
  const edited = [...lines.slice(0, 13), '      // edited: make it red', ...lines.slice(13)].join(
    '\n',
  );
  await expect
    .poll(async () => serverFiles(page.request, auth, id))
    .toEqual(
      [
        { path: 'components/Counter.tsx', content: edited },
        { path: 'components/Footer.tsx', content: FOOTER },
        { path: mainPath, content: APP },
      ].sort((a, b) => a.path.localeCompare(b.path)),
    );
});

test('1280 px: from the keyboard, a heading is selected and its text and classes changed in the quick panel, with no edit used', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 860 });
  const { frame, mainPath, auth } = await openThreeFileApp(page, login);
  // Alt+Shift+S turns select mode on and gives the frame the focus; Tab walks the elements.
  await page.getByRole('button', { name: 'Refresh preview' }).focus();
  await page.keyboard.press('Alt+Shift+S');
  const select = page.getByTestId('preview-select');
  await expect(select).toHaveAttribute('aria-pressed', 'true');
  // Escape, in the frame, leaves select mode; the key turns it on again.
  await page.keyboard.press('Escape');
  await expect(select).toHaveAttribute('aria-pressed', 'false');
  await expect(select).toBeFocused();
  await page.keyboard.press('Alt+Shift+S');
  await expect(select).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Tab'); // main
  await page.keyboard.press('Tab'); // h1
  await page.keyboard.press('Enter');
  const name = mainPath.split('/').at(-1);
  await expect(page.getByTestId('selection-chip')).toHaveText(`h1 in ${name}:7`);

  const panel = page.getByRole('form', { name: `Quick edit of h1 in ${name}:7` });
  await expect(panel.getByLabel('Text')).toHaveValue('Tally board');
  // The focus left the frame for the panel's first field.
  await expect(panel.getByLabel('Text')).toBeFocused();
  await expect(panel.getByLabel(/^Classes/)).toHaveValue('text-2xl font-bold');
  await panel.getByLabel('Text').fill('Score board');
  await panel.getByLabel(/^Classes/).fill('text-3xl font-bold text-red-600');
  await page.screenshot({ path: 'e2e/output/screenshots/preview-quick-edit-1280.png' });
  await expectNoSeriousViolations(page, 'the quick edit panel at 1280 px');
  await panel.getByLabel('Text').press('Enter');
  const chat = page.getByRole('log', { name: 'Chat History' });
  await expect(chat).toContainText('a quick edit, made without AI, so no edit is used');
  const expected = APP.replace(
    '<h1 className="text-2xl font-bold">Tally board</h1>',
    '<h1 className="text-3xl font-bold text-red-600">Score board</h1>',
  );
  await acceptReview(page, expected);
  await expect(frame.getByRole('heading', { name: 'Score board' })).toBeVisible();
  await expect(frame.getByRole('heading', { name: 'Score board' })).toHaveClass(
    'text-3xl font-bold text-red-600',
  );
  const token = auth.authorization.slice('Bearer '.length);
  expect((await usageOf(page.request, token)).editsUsed).toBe(0);
});

test('390 px: a frame that claims a selection outside the project, or a tag not there, is ignored', async ({
  page,
  login,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const { mainPath } = await openThreeFileApp(page, login, true);
  // While select mode is off, the app hears no selection at all; the hostile frame speaks while
  // the user is selecting.
  const select = page.getByRole('button', { name: 'Select an element in the preview' });
  const post = (source: string, tagName: string) =>
    liveFrame(page).then((f) =>
      f.evaluate(
        ({ source, tagName }) => {
          // Every run id a frame could have had: only the live run's is heard at all.
          for (let runId = 0; runId < 30; runId++)
            window.parent.postMessage(
              {
                tag: 'codewright-preview',
                type: 'select',
                runId,
                source,
                tagName,
                text: 'x',
                classes: '',
              },
              '*',
            );
        },
        { source, tagName },
      ),
    );
  await post(`${mainPath}:7:7`, 'h1');
  await select.click();
  await post('../../etc/passwd:1:1', 'h1');
  await post('components/Evil.tsx:7:7', 'h1');
  await post(`${mainPath}:99:1`, 'h1');
  await post(`${mainPath}:7:7`, 'button');
  await post(`${mainPath}:7:8`, 'h1');
  await post('components/Footer.tsx:2:10', 'button');
  await expect(select).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('tab', { name: /^Chat/ }).click();
  await expect(page.getByTestId('selection-chip')).toHaveCount(0);
  // The same channel with the real place of the heading is heard: the others were refused.
  await page.getByRole('tab', { name: /^Preview/ }).click();
  await expect(select).toHaveAttribute('aria-pressed', 'true');
  await post(`${mainPath}:7:7`, 'h1');
  await page.getByRole('tab', { name: /^Chat/ }).click();
  await expect(page.getByTestId('selection-chip')).toHaveText(
    `h1 in ${mainPath.split('/').at(-1)}:7`,
  );
  await page.screenshot({ path: 'e2e/output/screenshots/preview-select-chip-390.png' });
  // The quick panel, in the Preview tab at 390 px.
  await page.getByRole('tab', { name: /^Preview/ }).click();
  await expect(page.getByTestId('quick-edit').getByLabel('Text')).toHaveValue('Tally board');
  await page.screenshot({ path: 'e2e/output/screenshots/preview-quick-edit-390.png' });
  await expectNoSeriousViolations(page, 'the quick edit panel at 390 px');
});
