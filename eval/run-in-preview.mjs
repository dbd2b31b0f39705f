// The browser side of `npm run eval` (scripts/eval.mjs): an answer's code run in the preview
// harness (e2e/fixtures/preview-harness.mjs), and the app's check read off the panel.
/* global document -- inside page.waitForFunction(), which runs in the browser */

const CHECK_MS = 10_000;
const RUN_MS = 60_000;

/** The failure that stopped a run: a build error or one thrown as it started (not console lines). */
export const failureOf = (problems) =>
  problems.find((p) => p.kind !== 'console' && p.kind !== 'blocked') ?? null;

/** Runs `code` in the harness; resolves with the phase, the problems and whether `check` holds. */
export async function runInPreview(page, app, code, others = []) {
  const settled = page.getByTestId('harness-settled');
  const before = Number(await settled.getAttribute('data-count'));
  await page.getByLabel('Language').selectOption(app.language);
  await page.getByLabel('Path', { exact: true }).fill(app.mainPath ?? '');
  await page
    .getByLabel('Other files', { exact: true })
    .fill(others.length ? JSON.stringify(others) : '');
  await page.getByLabel('Code', { exact: true }).fill(code);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await page.waitForFunction(
    (n) =>
      Number(document.querySelector('[data-testid=harness-settled]')?.getAttribute('data-count')) >
      n,
    before,
    { timeout: RUN_MS },
  );
  const panel = page.getByTestId('preview-panel');
  const phase = await panel.getAttribute('data-preview-phase');
  const problems = await page
    .getByTestId('problems')
    .locator('li')
    .evaluateAll((items) =>
      items.map((li) => ({
        kind: li.dataset.kind,
        message: li.textContent.replace(/^\w+ line [\d?]+: /, ''),
        line: li.dataset.line ? Number(li.dataset.line) : null,
        column: null,
      })),
    );
  return { phase, problems, check: await checkHolds(page, app) };
}

/** The app's check: its text in the Console (a script) or in the page, after its click if any. */
async function checkHolds(page, app) {
  const panel = page.getByTestId('preview-panel');
  const { check } = app;
  try {
    if (check.console) {
      await panel.getByRole('tab', { name: /^Console/ }).click();
      await panel
        .getByTestId('console-line')
        .filter({ hasText: check.text })
        .first()
        .waitFor({ timeout: CHECK_MS });
      return true;
    }
    await panel.getByRole('tab', { name: 'Preview' }).click();
    const frame = page.getByTestId('preview-frame-host').frameLocator('iframe:not([aria-hidden])');
    if (check.click)
      await frame.getByRole('button', { name: check.click }).click({ timeout: CHECK_MS });
    await frame.getByText(check.text).first().waitFor({ timeout: CHECK_MS });
    return true;
  } catch {
    return false;
  } finally {
    await panel.getByRole('tab', { name: 'Preview' }).click();
  }
}
