/**
 * The live preview in the generator (DESIGN §3.12, docs/preview.md, docs/decisions/021): the
 * scripted TEST model writes the code (`[[preview:NAME]]` samples, e2e/fixtures/model-previews.mjs),
 * the preview beside the editor runs it, its errors are marked in the editor, and "Fix with AI"
 * goes through the generator's own edit flow and meter.
 * (Over 300 lines: the preview's journeys at both widths and its network limit share the `gen`
 * fixture of fixtures/generator-preview-test.ts.)
 */
import type { APIRequestContext, Request } from '@playwright/test';
import { MESSAGES, PLAN_LIMITS, PREVIEW_PYTHON_TIME_LIMIT_MS } from '@codewright/contract';
import { expectNoSeriousViolations } from './axe.ts';
import { acceptReview, setUsage, signIn, usageOf } from './fixtures.ts';
import { expect, test, type GeneratorPreview } from './fixtures/generator-preview-test.ts';
import { PREVIEW_SAMPLES } from './fixtures/model-previews.mjs';

const shot = (gen: GeneratorPreview, name: string) =>
  gen.page.screenshot({ path: `e2e/output/screenshots/generator-preview-${name}.png` });

/** A user's meters, read as that user (fixtures' usageOf after a sign-in). */
async function meters(request: APIRequestContext, user: { email: string; password: string }) {
  return usageOf(request, (await signIn(request, user)).token);
}

/** A request for the preview's own code: its lazily loaded chunks or anything under /preview/. */
const isPreviewCode = (url: string) =>
  /\/assets\/preview-panel-[^/]+\.js$/.test(url) || new URL(url).pathname.startsWith('/preview/');

test.describe('the preview in the generator at 1280 px', () => {
  // A generation, a build and a run each; the test machine is shared and busy.
  test.describe.configure({ timeout: 90_000 });
  test('nothing of the preview loads before it opens; a generated React counter runs beside the editor, a click changes it, and Open in new tab shows it full size', async ({
    gen,
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await gen.open();
    await expect(page.getByTestId('generator-preview')).toContainText('Nothing to preview yet');
    expect(requests.filter(isPreviewCode)).toEqual([]);

    await gen.generate('react-counter');
    await gen.waitReady();
    expect(requests.some((u) => u.includes('/preview/frame.html'))).toBe(true);
    // Beside the editor, not under it.
    const editorBox = (await page.getByTestId('editor-panel').boundingBox())!;
    const previewBox = (await gen.panel.boundingBox())!;
    expect(previewBox.x).toBeGreaterThanOrEqual(editorBox.x + editorBox.width);
    await expect(gen.frame.getByText('Count: 0')).toBeVisible();
    const button = gen.frame.getByRole('button', { name: 'Add one' });
    await button.click();
    await button.click();
    await expect(gen.frame.getByText('Count: 2')).toBeVisible();
    await shot(gen, 'react-1280');

    // Refresh runs the code again: the count starts over.
    await gen.panel.getByRole('button', { name: 'Refresh preview' }).click();
    await expect(gen.frame.getByText('Count: 0')).toBeVisible();

    // Typing runs the new code after a quiet moment, with no button pressed.
    await gen.typeAtEnd("\nconsole.log('typed ' + 'in');");
    await expect.poll(() => gen.consoleText(), { timeout: 10_000 }).toContain('typed in');
    await gen.showPreview();
    await expect(gen.frame.getByText('Count: 0')).toBeVisible();

    // Open in new tab shows the same sandboxed document full size; the generator stays.
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      gen.panel.getByRole('button', { name: 'Open preview in a new tab' }).click(),
    ]);
    await expect(tab).toHaveURL(/\/preview\/frame\.html$/);
    await expect(tab.getByText('Count: 0')).toBeVisible();
    await tab.getByRole('button', { name: 'Add one' }).click();
    await expect(tab.getByText('Count: 1')).toBeVisible();
    expect(await tab.evaluate(() => self.origin)).toBe('null');
    expect(page.url()).toMatch(/\/generator$/);
  });

  test('a Python exception marks its line; Fix with AI (an edit) makes it run', async ({
    gen,
    page,
  }) => {
    await gen.generatePython('python-error');
    await gen.waitReady(120_000);
    const before = await gen.consoleText();
    expect(before).toContain('Tea costs 3');
    expect(before).toContain('KeyError');
    await expect.poll(() => gen.linesWith('.squiggly-error')).toEqual([4]);

    // By keyboard: the Console's Fix with AI sits at the panel's top, where the 'Code generated'
    // toast can take a pointer click (the toast's placement is an open product fix).
    await gen.panel.getByRole('button', { name: 'Fix with AI' }).first().press('Enter');
    await gen.waitIdle();
    await acceptReview(page, PREVIEW_SAMPLES['python-error'].fixed!);
    await expect
      .poll(() => gen.consoleText(), { timeout: 30_000 })
      .toContain('Coffee costs nothing yet');
    expect(await gen.consoleText()).not.toContain('KeyError');
    await expect.poll(() => gen.linesWith('.squiggly-error')).toEqual([]);
    expect(await meters(page.request, gen.user)).toMatchObject({
      generationsUsed: 1,
      editsUsed: 1,
    });
  });

  test('while True: pass is stopped after its time limit, and the app stays usable', async ({
    gen,
    page,
  }) => {
    await gen.generatePython('python-loop');
    // The app answers while the script loops in its worker.
    const box = page.getByRole('textbox', { name: 'Describe what you want to build' });
    await box.fill('still typing');
    await expect(box).toHaveValue('still typing');
    const limit = `The Python script ran for more than ${PREVIEW_PYTHON_TIME_LIMIT_MS / 1000} s`;
    await expect.poll(() => gen.consoleText(), { timeout: 120_000 }).toContain(limit);
    expect(await gen.consoleText()).toContain('starting');
    // The banner names the kind once: "Stopped: The Python script…", never "Stopped: Stopped:".
    await gen.showPreview();
    const banner = gen.panel.getByRole('alert');
    await expect(banner).toContainText(`Stopped: ${limit}`);
    expect((await banner.innerText()).match(/Stopped/g)).toHaveLength(1);
    // Another run works: the stopped worker was replaced.
    await gen.clearEditor();
    await gen.generate('python');
    await expect
      .poll(() => gen.consoleText(), { timeout: 60_000 })
      .toContain('Squares: [1, 4, 9, 16, 25]');
  });

  test('Stop ends a running Python script at once, with one clear Console line', async ({
    gen,
  }) => {
    await gen.generatePython('python-loop');
    await expect(gen.panel).toHaveAttribute('data-preview-phase', 'running', { timeout: 120_000 });
    await expect.poll(() => gen.consoleText(), { timeout: 30_000 }).toContain('starting');
    // Beside Stop, the toolbar of the 1280 px layout's preview column still shows the status.
    const status = gen.panel.getByTestId('preview-status');
    await expect(status).toHaveText('Running…');
    expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const started = Date.now();
    await gen.panel.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(gen.panel).toHaveAttribute('data-preview-phase', 'stopped');
    // At once: well before the 15 s time limit.
    expect(Date.now() - started).toBeLessThan(PREVIEW_PYTHON_TIME_LIMIT_MS / 2);
    await expect(gen.panel.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0);
    await expect(gen.panel.getByRole('button', { name: 'Refresh preview' })).toBeFocused();
    const text = await gen.consoleText();
    expect(text).toContain('Stopped: you stopped the program. Refresh runs it again.');
    expect(text.match(/Stopped/g)).toHaveLength(1);
    expect(text).not.toContain('ran for more than');
    await shot(gen, 'stopped-console-1280');
    await expectNoSeriousViolations(gen.page, 'the Console of a stopped run at 1280 px');
    await gen.showPreview();
    await expect(gen.panel).toContainText('Preview stopped');
    await expectNoSeriousViolations(gen.page, 'the stopped preview at 1280 px');
  });

  test('a syntax error shows its line in the Console and in the editor; clicking it selects the line; Fix with AI (an edit) makes the preview render', async ({
    gen,
    page,
  }) => {
    await gen.open();
    await gen.generate('syntax-error');
    await expect(gen.panel).toHaveAttribute('data-preview-phase', 'build-failed');
    await expect(gen.panel.getByRole('alert')).toContainText('Build error at line 5');
    // The marker sits on line 5 of the editor, and only there.
    await expect.poll(() => gen.linesWith('.squiggly-error')).toEqual([5]);
    // It is the preview's marker: hovering it tells the problem.
    // (Monaco draws it under the text, which takes the pointer; the hover is by position.)
    await gen.editor.locator('.squiggly-error').first().hover({ force: true });
    await expect(page.locator('.monaco-hover').filter({ hasText: 'Preview:' })).toContainText(
      'Expected ")"',
    );
    await shot(gen, 'error-1280');

    const lines = await gen.showConsole();
    await expect(lines.first()).toContainText('Build error');
    await lines.first().getByRole('button', { name: 'line 5' }).click();
    await expect.poll(() => gen.linesWith('.selected-text')).toEqual([5]);
    await expect(gen.editor.locator('.monaco-editor').first()).toHaveClass(/\bfocused\b/);

    // By keyboard: the Console's Fix with AI sits at the panel's top, where the 'Code generated'
    // toast can take a pointer click (the toast's placement is an open product fix).
    await gen.panel.getByRole('button', { name: 'Fix with AI' }).first().press('Enter');
    // The request went through the chat as an edit of the code, and its answer replaced it.
    const chat = page.getByRole('log', { name: 'Chat History' });
    await expect(chat.getByRole('article', { name: 'You message' }).last()).toContainText(
      'Build error at line 5',
    );
    await gen.waitIdle();
    // An edit is reviewed before it reaches the code (docs/decisions/022).
    await acceptReview(page, PREVIEW_SAMPLES['react-counter'].code);
    await gen.showPreview();
    await gen.waitReady();
    await expect(gen.frame.getByText('Count: 0')).toBeVisible();
    await expect(gen.panel.getByRole('alert')).toHaveCount(0);
    await expect.poll(() => gen.linesWith('.squiggly-error')).toEqual([]);
    expect(await meters(page.request, gen.user)).toMatchObject({
      generationsUsed: 1,
      editsUsed: 1,
    });
  });

  test('an unknown package is marked on its line; Fix with AI at the edit limit shows the usual upgrade message and sends nothing', async ({
    gen,
    page,
  }) => {
    // Every edit of the month spent; generations remain.
    const { id } = await signIn(page.request, gen.user);
    await setUsage(page.request, id, { generations: 0, edits: PLAN_LIMITS.free.editsPerMonth });
    await gen.open();
    await gen.generate('unknown-import');
    await expect(gen.panel).toHaveAttribute('data-preview-phase', 'build-failed');
    await expect(gen.panel.getByRole('alert')).toContainText(
      'package axios is not available in the preview',
    );
    // The error names its line in the Console and marks it in the editor.
    const lines = await gen.showConsole();
    await expect(lines.first()).toContainText('package axios is not available in the preview');
    await expect(lines.first()).toContainText('line 2');
    await expect.poll(() => gen.linesWith('.squiggly-error')).toEqual([2]);
    const asked = page.getByRole('log', { name: 'Chat History' }).getByRole('article', {
      name: 'You message',
    });
    await expect(asked).toHaveCount(1);
    // From the preview's error banner, by keyboard: the Console's own Fix with AI sits at the
    // panel's top, where the "Code generated" toast was seen to take the click.
    await gen.showPreview();
    await gen.panel.getByRole('button', { name: 'Fix with AI' }).first().press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Upgrade to Continue' });
    await expect(dialog).toContainText(MESSAGES.editLimit);
    await expect(asked).toHaveCount(1);
    expect(await meters(page.request, gen.user)).toMatchObject({
      generationsUsed: 1,
      editsUsed: PLAN_LIMITS.free.editsPerMonth,
    });
  });

  test('while(true){} is stopped at its line, and the app stays usable', async ({ gen, page }) => {
    await gen.open();
    await gen.generate('endless-loop');
    // The app answers while the frame loops.
    const box = page.getByRole('textbox', { name: 'Describe what you want to build' });
    await box.fill('still typing');
    await expect(box).toHaveValue('still typing');
    await gen.waitReady();
    expect(await gen.consoleText()).toContain('A loop ran for more than 500 ms');
    await expect.poll(() => gen.linesWith('.squiggly-error')).toEqual([4]);
    await page.getByLabel('Language', { exact: true }).selectOption('Python');
    await expect(page.getByLabel('Language', { exact: true })).toHaveValue('Python');
  });
});

test.describe('the preview in the generator at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });
  // As at 1280 px: a generation, a build and a run each, and Python's Pyodide once.
  test.describe.configure({ timeout: 90_000 });

  test('tabs switch between Code, Preview and its Console; the preview loads when its tab opens; an error leads to its line', async ({
    gen,
    page,
  }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    await gen.open();
    await expect(gen.tab('Preview')).toBeVisible();
    // The preview has not loaded while its tab is closed.
    await expect(gen.tab('Chat')).toHaveAttribute('aria-selected', 'true');
    expect(requests.filter(isPreviewCode)).toEqual([]);
    await gen.generate('syntax-error');
    // A finished generation shows the Preview tab on a phone, which then loads the preview;
    // its error puts a "has errors" dot on the tab.
    await expect(gen.tab('Preview')).toHaveAttribute('aria-selected', 'true');
    await expect(gen.tab('Preview')).toHaveAccessibleName('Preview (has errors)');
    await expect(page.getByTestId('preview-error-badge')).toBeVisible();
    // No editor-marker check here: Monaco's own JavaScript syntax check marks line 5 too,
    // as soon as its worker has loaded. The preview's marker is told apart by its hover
    // ("Preview: …") in the 1280 px test above.

    await gen.tab('Preview').click();
    await expect(gen.panel.getByRole('alert')).toContainText('Build error at line 5');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await shot(gen, 'error-390');
    const lines = await gen.showConsole();
    await lines.first().getByRole('button', { name: 'line 5' }).click();
    await expect(gen.tab('Code')).toHaveAttribute('aria-selected', 'true');
    await expect.poll(() => gen.linesWith('.squiggly-error')).toEqual([5]);
    await expect.poll(() => gen.linesWith('.selected-text')).toEqual([5]);

    await gen.tab('Preview').click();
    // By keyboard: the Console's Fix with AI sits at the panel's top, where the 'Code generated'
    // toast can take a pointer click (the toast's placement is an open product fix).
    await gen.panel.getByRole('button', { name: 'Fix with AI' }).first().press('Enter');
    await gen.waitIdle();
    // The fix opens its review on the Code tab (docs/decisions/022). By keyboard: at 390 px the
    // "Code generated" toast can land on the review's toolbar as the click is made.
    await acceptReview(page);
    await gen.tab('Preview').click();
    await expect(gen.tab('Preview')).toHaveAttribute('aria-selected', 'true');
    await gen.showPreview();
    await gen.waitReady();
    await expect(gen.frame.getByText('Count: 0')).toBeVisible();
    await gen.frame.getByRole('button', { name: 'Add one' }).click();
    await expect(gen.frame.getByText('Count: 1')).toBeVisible();
    await shot(gen, 'react-390');
  });

  test('the Console follows new lines while at its end, stays where the user scrolled, and Stop ends a JavaScript timer', async ({
    gen,
    page,
  }) => {
    await gen.open();
    await gen.generate('ticker');
    await gen.tab('Preview').click();
    const lines = await gen.showConsole();
    const list = gen.panel.getByRole('list', { name: 'Console output' });
    const gap = () =>
      list.evaluate((el) => Math.round(el.scrollHeight - el.scrollTop - el.clientHeight));
    // The sample logs a line every 40 ms for as long as it runs. Every wait below is for lines
    // to arrive (counted), never for time to pass: a slow machine only makes them come later.
    // A line takes longer than 40 ms on a loaded machine, so the waits get 30 s.
    const more = { timeout: 30_000 };
    /** The frame the program runs in (a hidden spare frame waits beside it for the next run). */
    const runningFrame = async () => {
      const frame = page.getByTestId('preview-frame-host').locator('iframe:not([aria-hidden])');
      return (await (await frame.elementHandle())!.contentFrame())!;
    };
    await expect.poll(() => lines.count(), more).toBeGreaterThan(40);
    // The newest line is in view: the list sits at its end, and keeps following.
    await expect.poll(gap).toBeLessThan(24);
    const seen = await lines.count();
    await expect.poll(() => lines.count(), more).toBeGreaterThan(seen + 10);
    await expect.poll(gap).toBeLessThan(24);
    await expect(lines.last()).toBeInViewport();
    await shot(gen, 'console-390');
    await expectNoSeriousViolations(page, 'the preview console at 390 px');

    // Refresh runs the program again in a new frame, with an empty Console that follows from its
    // first line. A run shows at most PREVIEW_CONSOLE_MAX_ENTRIES lines (later ones are only
    // counted), and the checks above take seconds on a busy machine, at a line every 40 ms.
    const firstRun = await runningFrame();
    await gen.panel.getByRole('button', { name: 'Refresh preview' }).click();
    // The Console empties at once; the new frame replaces the old one once the code is built.
    await expect.poll(() => firstRun.isDetached(), more).toBe(true);
    await expect.poll(() => lines.count(), more).toBeGreaterThan(40);
    await expect(lines.first().getByText('tick 1', { exact: true })).toBeVisible();
    await expect.poll(gap).toBeLessThan(24);

    // Scrolled up by the user: new lines do not pull the list down.
    await list.hover();
    await page.mouse.wheel(0, -100_000);
    await expect.poll(() => list.evaluate((el) => el.scrollTop)).toBeLessThan(100);
    // A second's worth of new lines (25) later, the list is still near its top, far from its
    // end: each of them had its chance to scroll the list (it follows as a line is added).
    const newest = Number(/tick (\d+)/.exec(await lines.last().innerText())![1]);
    await expect(list.getByText(`tick ${newest + 25}`, { exact: true })).toBeAttached(more);
    expect(await list.evaluate((el) => el.scrollTop)).toBeLessThan(100);
    expect(await gap()).toBeGreaterThan(500);

    // Stop: the timer ends at once, with its line at the end of the Console.
    const secondRun = await runningFrame();
    await gen.panel.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect(gen.panel).toHaveAttribute('data-preview-phase', 'stopped');
    await expect(lines.last()).toContainText('Stopped: you stopped the program.');
    const after = await lines.count();
    // Nothing more can come, proved without waiting for time to pass: the program's frame,
    // and with it its timer, is gone (a removed document runs no timers) …
    await expect.poll(() => secondRun.isDetached()).toBe(true);
    // … and a line it posted just before is not shown late: ten frames of this page later
    // (each renders whatever message came), the Console still ends with the Stop line.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let frames = 0;
          const next = () => (++frames < 10 ? requestAnimationFrame(next) : resolve());
          requestAnimationFrame(next);
        }),
    );
    expect(await lines.count()).toBe(after);
    await expect(lines.last()).toContainText('Stopped: you stopped the program.');
    await expect(gen.panel.getByRole('button', { name: 'Stop', exact: true })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  test('a Python script prints to the Console', async ({ gen }) => {
    await gen.generatePython('python');
    await gen.tab('Preview').click();
    await gen.waitReady(120_000);
    expect(await gen.consoleText()).toContain('Sum: 55');
    await shot(gen, 'python-390');
  });
});

test.describe('the preview in the generator: every kind of code, on the app’s origin only', () => {
  // One generation, build and run per kind, Pyodide loaded once: longer on a busy 2-core machine.
  test.describe.configure({ timeout: 180_000 });

  test('React, TypeScript, HTML and Python all run with the browser’s network limited to the app’s origin, and every request goes there', async ({
    gen,
    context,
  }) => {
    const requests: Request[] = [];
    context.on('request', (r) => requests.push(r));
    const refused: string[] = [];
    await context.route(
      (url) => url.origin !== gen.baseUrl,
      (route) => {
        refused.push(route.request().url());
        return route.abort('internetdisconnected');
      },
    );
    await gen.open();
    await gen.generate('react-counter');
    await gen.waitReady();
    await expect(gen.frame.getByText('Count: 0')).toBeVisible();

    // A TypeScript file with type annotations runs.
    await gen.clearEditor();
    await gen.setLanguage('TypeScript');
    await gen.generate('typescript');
    await gen.waitReady();
    await expect(gen.frame.getByRole('listitem')).toHaveText([
      'Hello, Ada (210)',
      'Hello, Alan (113)',
    ]);
    expect(await gen.consoleText()).toContain('Hello, Ada (210)');

    // An HTML page renders with its CSS, and its script runs.
    await gen.clearEditor();
    await gen.generate('html');
    await gen.waitReady();
    await gen.showPreview();
    const title = gen.frame.getByRole('heading', { name: 'Hello from HTML' });
    await expect(title).toHaveCSS('color', 'rgb(190, 24, 93)');
    await gen.frame.getByRole('button', { name: 'Change' }).click();
    await expect(gen.frame.getByRole('heading')).toHaveText('Changed by a script');

    // A Python script prints to the Console; Python is not checked as JavaScript (no marks).
    await gen.clearEditor();
    await gen.setLanguage('Python');
    await gen.generate('python');
    await gen.waitReady(120_000);
    await gen.showConsole();
    const text = await gen.consoleText();
    expect(text).toContain('Squares: [1, 4, 9, 16, 25]');
    expect(text).toContain('Sum: 55');
    expect(await gen.linesWith('.squiggly-error')).toEqual([]);
    await shot(gen, 'python-1280');

    const urls = requests.map((r) => r.url());
    expect(urls.some((u) => u.includes('/preview/vendor/'))).toBe(true);
    expect(urls.some((u) => u.includes('/preview/pyodide/'))).toBe(true);
    const foreign = urls.filter((u) => !u.startsWith(`${gen.baseUrl}/`) && !u.startsWith('blob:'));
    expect(foreign).toEqual([]);
    expect(refused).toEqual([]);
  });
});
