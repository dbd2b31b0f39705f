/**
 * The live preview (DESIGN §3.12, docs/preview.md) without the generator: the panel on the
 * harness page (fixtures/preview-harness.mjs), the real server building the code, the real
 * sandbox document running it. The code comes from the scripted model's preview samples
 * (fixtures/model-previews.mjs), the same the generator's tests will ask the model for.
 */
import { PREVIEW_SAMPLES } from './fixtures/model-previews.mjs';
import { signIn, usageOf } from './fixtures.ts';
import { expect, test } from './fixtures/preview-test.ts';

test.describe('live preview: what runs', () => {
  test('a React counter renders with Tailwind and lucide-react, and a click in the frame changes it', async ({
    preview,
  }) => {
    await preview.run(PREVIEW_SAMPLES['react-counter'].code);
    await preview.waitReady();
    await expect(preview.frame.getByText('Count: 0')).toBeVisible();
    const button = preview.frame.getByRole('button', { name: 'Add one' });
    // Tailwind's bg-indigo-600 reached the button, and the icon rendered as an SVG.
    await expect(button).toHaveCSS(
      'background-color',
      /oklch\(0\.511 0\.262 276\.966\)|rgb\(79, 70, 229\)/,
    );
    await expect(button.locator('svg')).toHaveCount(1);
    await button.click();
    await button.click();
    await expect(preview.frame.getByText('Count: 2')).toBeVisible();
    await expect(preview.panel.getByTestId('preview-status')).toHaveText(/Ran in \d+ ms/);
  });

  test('a TypeScript file with type annotations runs', async ({ preview }) => {
    await preview.run(PREVIEW_SAMPLES.typescript.code, 'TypeScript');
    await preview.waitReady();
    await expect(preview.frame.getByRole('listitem')).toHaveText([
      'Hello, Ada (210)',
      'Hello, Alan (113)',
    ]);
    expect(await preview.consoleText()).toContain('Hello, Ada (210)');
  });

  test('an HTML page renders with its own CSS, and its script runs', async ({ preview }) => {
    await preview.run(PREVIEW_SAMPLES.html.code);
    await preview.waitReady();
    const title = preview.frame.getByRole('heading', { name: 'Hello from HTML' });
    await expect(title).toHaveCSS('color', 'rgb(190, 24, 93)');
    await preview.frame.getByRole('button', { name: 'Change' }).click();
    await expect(preview.frame.getByRole('heading')).toHaveText('Changed by a script');
    expect(await preview.consoleText()).toContain('page ready');
  });

  test('a Python script prints to the Console; an exception shows its traceback and line', async ({
    preview,
  }) => {
    // The first run of a session loads Pyodide (seconds; longer on a busy test machine).
    test.setTimeout(150_000);
    // Python starts from the build's snapshot of a started interpreter (docs/decisions/035).
    const snapshots: number[] = [];
    preview.page.context().on('response', (r) => {
      if (/\/preview\/pyodide\/[^/]+\/snapshot-[0-9a-f]{8}\.bin$/.test(r.url()))
        snapshots.push(r.status());
    });
    await preview.run(PREVIEW_SAMPLES.python.code, 'Python');
    await preview.waitReady(120_000);
    const text = await preview.consoleText();
    expect(text).toContain('Squares: [1, 4, 9, 16, 25]');
    expect(text).toContain('Sum: 55');
    expect(snapshots).toEqual([200]);
    await preview.run(
      'import json\nprint(json.dumps({"a": 1}))\nvalue = {}["missing"]\n',
      'Python',
    );
    await preview.waitReady();
    await expect(preview.problems.first()).toHaveAttribute('data-line', '3');
    const after = await preview.consoleText();
    expect(after).toContain('{"a": 1}');
    expect(after).toContain('KeyError');
    expect(after).not.toContain('Squares');
    await preview.run('import numpy\n', 'Python');
    await preview.waitReady();
    expect(await preview.consoleText()).toContain('package numpy is not available in the preview');

    // Each start of Python draws its own random numbers: the start-up snapshot holds a seeded
    // generator, which the worker seeds again (docs/decisions/035).
    const draw = async () => {
      await preview.run('import random\nprint("draw", random.random())\n', 'Python');
      await preview.waitReady(120_000);
      return /draw (\S+)/.exec(await preview.consoleText())?.[1];
    };
    const first = await draw();
    await preview.page.reload();
    await expect(preview.panel).toBeVisible();
    const second = await draw();
    expect(first).toMatch(/^0\.\d+$/);
    expect(second).toMatch(/^0\.\d+$/);
    expect(second).not.toBe(first);
  });

  test('Go, Rust, Java, C# and C++ get a plain statement of what runs', async ({ preview }) => {
    for (const language of ['Go', 'Rust', 'Java', 'C#', 'C++']) {
      await preview.run('int main() { return 0; }', language);
      await expect(preview.panel.getByText(`${language} runs outside the browser`)).toBeVisible();
      await expect(
        preview.panel.getByText(/The preview runs JavaScript and TypeScript/),
      ).toBeVisible();
    }
    await expect(preview.panel.locator('iframe')).toHaveCount(0);
  });
});

test.describe('live preview: errors and the Console', () => {
  test('a syntax error reports its line, and Fix with AI (an edit) makes the preview render', async ({
    preview,
    page,
  }) => {
    await preview.run(PREVIEW_SAMPLES['syntax-error'].code);
    await expect(preview.panel).toHaveAttribute('data-preview-phase', 'build-failed');
    await expect(preview.problems.first()).toHaveAttribute('data-kind', 'compile');
    await expect(preview.problems.first()).toHaveAttribute('data-line', '5');
    await expect(preview.panel.getByRole('alert')).toContainText('Build error at line 5');
    const lines = await preview.showConsole();
    await expect(lines.first()).toContainText('line 5');

    await page.getByRole('button', { name: 'Fix with AI' }).click();
    await expect(page.getByTestId('fix-note')).toHaveText('Fixed code applied');
    await preview.showPreview();
    await preview.waitReady();
    await expect(preview.frame.getByText('Count: 0')).toBeVisible();
    await expect(preview.problems).toHaveCount(0);
    // The fix was charged to the Edits meter.
    const { token } = await signIn(page.request, preview.user);
    expect(await usageOf(page.request, token)).toMatchObject({ editsUsed: 1, generationsUsed: 0 });
  });

  test('runtime errors, rejections, console.error and failed imports show with their lines', async ({
    preview,
  }) => {
    const code = [
      "import { NoSuchIcon } from 'lucide-react';", // 1
      'export default function App() {', // 2
      '  const items = undefined;', // 3
      '  return <ul>{items.map((i) => <li>{i}</li>)}</ul>;', // 4
      '}', // 5
    ].join('\n');
    await preview.run(code);
    await preview.waitReady();
    await expect(preview.problems.first()).toHaveAttribute('data-kind', 'module');
    await expect(preview.problems.first()).toHaveAttribute('data-line', '1');
    expect(await preview.consoleText()).toContain("does not provide an export named 'NoSuchIcon'");

    await preview.run(code.replace("import { NoSuchIcon } from 'lucide-react';", '// no imports'));
    await preview.waitReady();
    await expect(preview.problems.first()).toHaveAttribute('data-kind', 'runtime');
    await expect(preview.problems.first()).toHaveAttribute('data-line', '4');
    expect(await preview.consoleText()).toContain(
      "Cannot read properties of undefined (reading 'map')",
    );

    await preview.run(
      "console.error('bad value', { id: 7 });\nPromise.reject(new Error('nobody caught me'));\n",
    );
    await preview.waitReady();
    await expect(preview.problems).toHaveCount(2);
    await expect(preview.problems.nth(0)).toHaveAttribute('data-kind', 'console');
    await expect(preview.problems.nth(0)).toHaveAttribute('data-line', '1');
    await expect(preview.problems.nth(1)).toHaveAttribute('data-kind', 'rejection');
    await expect(preview.problems.nth(1)).toHaveAttribute('data-line', '2');
  });

  test('the Console counts each level, shows objects readably, collapses repeats and clears on each run', async ({
    preview,
  }) => {
    await preview.run(
      [
        "console.log('user', { name: 'Ada', tags: ['x', 'y'], nested: { deep: { deeper: { deepest: 1 } } } });",
        "for (let i = 0; i < 3; i++) console.log('tick');",
        "console.info('%s has %d items', 'cart', 3);",
        "console.warn('careful');",
        "console.error(new Error('boom'));",
        "alert('hello');",
      ].join('\n'),
    );
    await preview.waitReady();
    const lines = await preview.showConsole();
    await expect(lines.filter({ hasText: 'user {' })).toContainText(
      `user { name: "Ada", tags: ["x", "y"], nested: { deep: { deeper: {…} } } }`,
    );
    await expect(lines.filter({ hasText: 'tick' })).toContainText('3');
    await expect(lines.filter({ hasText: 'cart has 3 items' })).toHaveCount(1);
    await expect(lines.filter({ hasText: 'alert(): hello' })).toHaveCount(1);
    const filters = preview.panel.getByRole('group', { name: 'Show' });
    await expect(filters.getByRole('button', { name: /^Errors/ })).toHaveText('Errors 1');
    await expect(filters.getByRole('button', { name: /^Warnings/ })).toHaveText('Warnings 1');
    await expect(filters.getByRole('button', { name: /^Info/ })).toHaveText('Info 2');
    await expect(filters.getByRole('button', { name: /^Logs/ })).toHaveText('Logs 4');
    await filters.getByRole('button', { name: /^Errors/ }).click();
    await expect(lines).toHaveCount(1);
    await expect(lines).toContainText('Error: boom');

    await preview.run("console.log('second run');");
    await preview.waitReady();
    await filters.getByRole('button', { name: /^All/ }).click();
    await expect(lines).toHaveCount(1);
    await expect(lines).toContainText('second run');
  });

  test('an endless loop is stopped at its line, and the app stays usable meanwhile', async ({
    preview,
    page,
  }) => {
    await preview.run(PREVIEW_SAMPLES['endless-loop'].code);
    // The app answers a click while the frame is busy.
    await page.getByRole('button', { name: /App button/ }).click();
    await expect(page.getByRole('button', { name: 'App button 1' })).toBeVisible();
    await preview.waitReady();
    await expect(preview.problems.first()).toHaveAttribute('data-kind', 'timeout');
    await expect(preview.problems.first()).toHaveAttribute('data-line', '4');
    expect(await preview.consoleText()).toContain('A loop ran for more than 500 ms');
  });

  test('a hang the loop guard cannot see is stopped by the watchdog; Refresh runs again', async ({
    preview,
    page,
  }) => {
    // An inline event handler is not guarded: the frame hangs.
    await preview.run('<body onload="for (;;) {}"><p>stuck</p></body>');
    await page.getByRole('button', { name: /App button/ }).click();
    await expect(page.getByRole('button', { name: 'App button 1' })).toBeVisible();
    await expect(preview.panel).toHaveAttribute('data-preview-phase', 'stopped', {
      timeout: 15_000,
    });
    await expect(preview.panel.getByText('Preview stopped', { exact: true })).toBeVisible();
    await expect(preview.panel.locator('iframe')).toHaveCount(0);
    await preview.run('<p>back again</p>');
    await preview.waitReady();
    await expect(preview.frame.getByText('back again')).toBeVisible();
  });

  test('an import of an unknown package gives the clear error', async ({ preview }) => {
    await preview.run(PREVIEW_SAMPLES['unknown-import'].code);
    await expect(preview.panel).toHaveAttribute('data-preview-phase', 'build-failed');
    await expect(preview.problems.first()).toHaveAttribute('data-line', '2');
    await expect(preview.problems.first()).toContainText(
      'package axios is not available in the preview',
    );
  });

  test('the views switch with the arrow keys', async ({ preview }) => {
    const tab = preview.panel.getByRole('tab', { name: 'Preview' });
    await tab.focus();
    await tab.press('ArrowRight');
    await expect(preview.panel.getByRole('tab', { name: /Console/ })).toBeFocused();
    await expect(preview.panel.getByRole('tab', { name: /Console/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(preview.panel.getByText('Nothing logged yet.', { exact: false })).toBeVisible();
  });
});

test('the panel works at 390 px and at 1280 px wide', async ({ preview, page }) => {
  // Runs JavaScript and Python (Pyodide's first load) at both widths.
  test.setTimeout(120_000);
  const shot = (name: string, width: number) =>
    page.screenshot({ path: `e2e/output/screenshots/preview-${name}-${width}.png` });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 800 });
    await preview.showPreview();
    await preview.run(PREVIEW_SAMPLES['react-counter'].code);
    await preview.waitReady();
    await expect(preview.frame.getByRole('button', { name: 'Add one' })).toBeVisible();
    for (const name of ['Refresh preview', 'Open preview in a new tab']) {
      await expect(preview.panel.getByRole('button', { name })).toBeVisible();
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await shot('react', width);
    await preview.run(
      "console.log('user', { name: 'Ada', tags: ['x'] });\nconsole.warn('careful');\nconsole.error('bad value', 42);\nfor (let i = 0; i < 3; i++) console.log('tick');",
    );
    await preview.waitReady();
    await preview.showConsole();
    await shot('console', width);
    await preview.showPreview();
    await preview.run(PREVIEW_SAMPLES['syntax-error'].code);
    await expect(preview.panel.getByRole('alert')).toBeVisible();
    await shot('build-error', width);
    await preview.run('package main\n\nfunc main() {}', 'Go');
    await expect(preview.panel.getByText('Go runs outside the browser')).toBeVisible();
    await shot('unsupported', width);
    await preview.run('', 'JavaScript');
    await expect(preview.panel.getByText('Nothing to preview yet')).toBeVisible();
    await shot('empty', width);
  }
});
