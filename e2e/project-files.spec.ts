/**
 * Multi-file projects in the generator (issue 45): the file tree beside the editor — new file,
 * rename (move into a folder), delete with Undo, all from the keyboard — a tab per open file, each
 * file saved as it is typed, History restoring an older tree, a .zip upload; the preview of a
 * React app, a Python project and an HTML page made of several files. At 390 px the tree is a
 * sheet, and a folder is uploaded. (Over 300 lines: one journey per kind of project, sharing
 * the project helpers below.)
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Page } from '@playwright/test';
import { ZipFile } from 'yazl';
import { expectNoSeriousViolations } from './axe.ts';
import { expect, test } from './fixtures.ts';
import { MAIN, proProject, serverFiles } from './project-files-helpers.ts';

/** A .zip of `entries` (path, text). */
function zipOf(entries: Array<[string, string]>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [path, content] of entries) zip.addBuffer(Buffer.from(content), path);
  zip.end();
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
}

const tree = (page: Page) => page.getByRole('tree', { name: 'Project files' });
const item = (page: Page, path: string) => tree(page).locator(`[data-path="${path}"]`);
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `e2e/output/screenshots/project-files-${name}.png` });

test.describe('project files in the generator', () => {
  test('1280 px: a tree of files — create, type, rename into a folder, delete and undo, restore an older tree', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 1280, height: 860 });
    const { id, auth } = await proProject(page, login);
    await page.goto(`/generator/${id}`);
    await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 15_000 });

    // One file: the tree is one click away, the main file marked.
    await page.getByTestId('files-toggle').click();
    await expect(item(page, 'main.js')).toContainText('main');

    // A new file opens in its own tab; what is typed there is saved by itself.
    await page.getByRole('button', { name: 'New file' }).click();
    await page.getByLabel('New file path').fill('helper.js');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('tab', { name: 'helper.js' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.type("export const greet = (name) => 'hello ' + name;");
    await expect
      .poll(async () => (await serverFiles(page.request, auth, id)).map((f) => f.content))
      .toEqual(["export const greet = (name) => 'hello ' + name;", MAIN]);
    // The preview builds the main file with it.
    await expect(page.getByText(/Build error/)).toHaveCount(0);
    await shot(page, '1280-two-files');
    await expectNoSeriousViolations(page, 'the generator with its file tree at 1280 px');

    // The main file's tab holds the project's code, with its own text.
    await page.getByRole('tab', { name: 'main.js' }).click();
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('console.log');

    // The version to come back to: helper.js at the top level, as typed.
    const listed = await page.request.get(`/api/versions/codewright/${id}?limit=1`, {
      headers: auth,
    });
    const withHelper = ((await listed.json()) as { versions: Array<{ number: number }> })
      .versions[0]!.number;

    // F2 in the tree renames; a path with a folder moves the file into it.
    await item(page, 'helper.js').focus();
    await page.keyboard.press('F2');
    await page.getByLabel('Rename helper.js to').fill('lib/helper.js');
    await page.keyboard.press('Enter');
    await expect(tree(page).getByRole('treeitem', { name: 'lib' })).toBeVisible();
    await expect(item(page, 'lib/helper.js')).toBeFocused();
    expect((await serverFiles(page.request, auth, id)).map((f) => f.path)).toEqual([
      'lib/helper.js',
      'main.js',
    ]);

    // A bad or taken path says what to fix and changes nothing.
    await page.keyboard.press('F2');
    await page.getByLabel('Rename lib/helper.js to').fill('../outside.js');
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('file-tree').getByRole('alert')).toContainText(
      'must not contain . or .. segments',
    );
    await page.keyboard.press('Escape');

    // Delete (the Delete key) and Undo from the toast bring the file back.
    await item(page, 'lib/helper.js').focus();
    await page.keyboard.press('Delete');
    await expect(item(page, 'lib/helper.js')).toHaveCount(0);
    await page.getByRole('button', { name: 'Undo' }).click();
    await expect(item(page, 'lib/helper.js')).toBeVisible();
    await expect
      .poll(async () => (await serverFiles(page.request, auth, id)).map((f) => f.path))
      .toEqual(['lib/helper.js', 'main.js']);

    // The main file cannot be deleted.
    await item(page, 'main.js').click();
    await expect(page.getByRole('button', { name: 'Delete main.js' })).toBeDisabled();

    // History: restoring the version with helper.js at the top level brings that tree back.
    await page.getByTestId('editor-tab-history').click();
    const rows = page.getByTestId('version-row');
    // Each version says which files it changed; the move is a rename, and choosing a file
    // shows its own diff.
    const changed = page.getByRole('list', { name: 'Files changed' });
    await expect(changed).toContainText('lib/helper.js added');
    await rows.filter({ hasText: `v${withHelper + 1}` }).click();
    await expect(changed).toContainText('helper.js → lib/helper.js renamed +0 −0');
    await changed.getByRole('button', { name: /lib\/helper\.js/ }).click();
    await expect(page.getByTestId('diff-editor')).toContainText("'hello ' + name");
    await rows.filter({ hasText: `v${withHelper}` }).click();
    await page.getByRole('button', { name: `Restore v${withHelper}` }).click();
    await page
      .getByRole('dialog', { name: `Restore version ${withHelper}?` })
      .getByRole('button', { name: 'Restore' })
      .click();
    await expect(rows.first()).toContainText('Restore');
    await page.getByTestId('editor-tab-code').click();
    await expect(item(page, 'helper.js')).toBeVisible();
    await expect(item(page, 'lib/helper.js')).toHaveCount(0);
    expect(await serverFiles(page.request, auth, id)).toEqual([
      { path: 'helper.js', content: "export const greet = (name) => 'hello ' + name;" },
      { path: 'main.js', content: MAIN },
    ]);
    await shot(page, '1280-restored');

    // A .zip adds its files and replaces those of the same path, the main file included.
    await page.getByTestId('zip-input').setInputFiles({
      name: 'more.zip',
      mimeType: 'application/zip',
      buffer: await zipOf([
        ['docs/notes.md', '# Notes'],
        ['main.js', "console.log('from the zip');"],
      ]),
    });
    await expect(item(page, 'docs/notes.md')).toBeVisible();
    await expect(page.getByText('more.zip: 1 file added, 1 replaced.')).toBeVisible();
    await expect(page.getByTestId('editor-panel')).toHaveAttribute(
      'data-code',
      "console.log('from the zip');",
    );
    // One that reaches out of the project is refused, naming the entry; nothing is written.
    await page.getByTestId('zip-input').setInputFiles({
      name: 'evil.zip',
      mimeType: 'application/zip',
      // yazl refuses to write such a name: one of the same length is changed in the bytes.
      buffer: Buffer.from(
        (
          await zipOf([
            ['ok.md', 'fine'],
            ['x/AA/AA/evil.js', 'bad'],
          ])
        )
          .toString('latin1')
          .replaceAll('x/AA/AA/', 'x/../../'),
        'latin1',
      ),
    });
    await expect(page.getByTestId('file-tree').getByRole('alert')).toContainText(
      'evil.zip was not added',
    );
    expect((await serverFiles(page.request, auth, id)).map((f) => f.path)).toEqual([
      'docs/notes.md',
      'helper.js',
      'main.js',
    ]);
  });

  test('390 px: the files are a sheet; choosing one opens it and closes the sheet; a folder adds its text files', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const { id, auth } = await proProject(page, login);
    const added = await page.request.post('/api/db/codewright/rest/v1/project_files', {
      headers: auth,
      data: [
        { project_id: id, path: 'helper.js', content: 'export const greet = (n) => n;' },
        { project_id: id, path: 'styles/site.css', content: 'body { color: teal; }' },
      ],
    });
    expect(added.status()).toBe(201);
    await page.goto(`/generator/${id}`);
    await page.getByRole('tab', { name: 'Code' }).click();
    await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 15_000 });
    await page.getByTestId('files-toggle').click();
    const sheet = page.getByRole('dialog', { name: 'Files' });
    await expect(sheet.getByRole('tree', { name: 'Project files' })).toBeVisible();
    await shot(page, '390-sheet');
    await expectNoSeriousViolations(page, 'the file sheet at 390 px');
    // ↓ moves through the tree; Enter opens the file in focus.
    await item(page, 'helper.js').focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect(item(page, 'styles/site.css')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('tab', { name: 'site.css' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.locator('.monaco-editor .view-lines')).toContainText('color: teal');
    await shot(page, '390-css-open');

    // A folder: its text files land at their paths below it; packages and images are left out.
    const folder = await mkdtemp(join(tmpdir(), 'cw-folder-'));
    const write = async (path: string, content: string | Buffer) => {
      await mkdir(dirname(join(folder, 'my-app', path)), { recursive: true });
      await writeFile(join(folder, 'my-app', path), content);
    };
    await write('helper.js', 'export const greet = (n) => `hi ${n}`;');
    await write('src/app.js', "import { greet } from '../helper.js';");
    await write('node_modules/left/index.js', 'module.exports = 1;');
    await write('logo.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 13]));
    await page.getByTestId('files-toggle').click();
    await page.getByTestId('folder-input').setInputFiles(join(folder, 'my-app'));
    await expect(page.getByText('my-app/: 1 file added, 1 replaced.')).toBeVisible();
    await expect(page.getByText('Left out, not text: logo.png.')).toBeVisible();
    await expect(item(page, 'src/app.js')).toBeVisible();
    expect(await serverFiles(page.request, auth, id)).toEqual([
      { path: 'helper.js', content: 'export const greet = (n) => `hi ${n}`;' },
      { path: 'main.js', content: MAIN },
      { path: 'src/app.js', content: "import { greet } from '../helper.js';" },
      { path: 'styles/site.css', content: 'body { color: teal; }' },
    ]);
    await shot(page, '390-folder-uploaded');
    await rm(folder, { recursive: true, force: true });
  });

  for (const width of [1280, 390]) {
    test(`${width} px: a 3-file React app previews whole — component, helper, CSS — and follows a rename of the helper`, async ({
      page,
      login,
    }) => {
      test.setTimeout(90_000);
      await page.setViewportSize({ width, height: 860 });
      // On a phone the workspace is three tabs, and the files a sheet.
      const phone = width < 1024;
      const workspaceTab = (name: string) =>
        page
          .getByRole('tablist', { name: 'Workspace' })
          .getByRole('tab', { name: new RegExp(`^${name}`) });
      const show = async (name: 'Code' | 'Preview') => {
        if (phone) await workspaceTab(name).click();
      };
      const openFiles = async () => {
        if (phone) await page.getByTestId('files-toggle').click();
      };
      const app = (from: string) =>
        `import { Greeting } from './Greeting';\nimport { shout } from '${from}';\nimport './styles.css';\n\nexport default function App() {\n  return <Greeting text={shout('files')} />;\n}\n`;
      const { id, auth } = await proProject(page, login, {
        language: 'TypeScript',
        code: app('./format'),
      });
      const [main] = (await (
        await page.request.get(`/api/db/codewright/rest/v1/project_files?project_id=eq.${id}`, {
          headers: auth,
        })
      ).json()) as Array<{ id: string }>;
      await page.request.patch(`/api/db/codewright/rest/v1/project_files?id=eq.${main!.id}`, {
        headers: auth,
        data: { path: 'App.tsx' },
      });
      const added = await page.request.post('/api/db/codewright/rest/v1/project_files', {
        headers: auth,
        data: [
          {
            project_id: id,
            path: 'Greeting.tsx',
            content:
              'export function Greeting({ text }: { text: string }) {\n  return <h1 className="greeting">Hello, {text}</h1>;\n}\n',
          },
          {
            project_id: id,
            path: 'format.ts',
            content: 'export const shout = (s: string) => s.toUpperCase() + "!";\n',
          },
          {
            project_id: id,
            path: 'styles.css',
            content: '.greeting { color: rgb(0, 128, 128); }\n',
          },
        ],
      });
      expect(added.status()).toBe(201);

      await page.goto(`/generator/${id}`);
      await show('Code');
      await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 15_000 });
      await show('Preview');
      const panel = page.getByTestId('preview-panel');
      const frame = page
        .getByTestId('preview-frame-host')
        .frameLocator('iframe:not([aria-hidden])');
      const heading = frame.getByRole('heading', { name: 'Hello, FILES!' });
      await expect(heading).toBeVisible({ timeout: 30_000 });
      await expect(heading).toHaveCSS('color', 'rgb(0, 128, 128)');
      await shot(page, `${width}-react-preview`);

      // The helper moves into lib/: the preview says the import is gone, naming the file…
      await show('Code');
      await openFiles();
      await item(page, 'format.ts').focus();
      await page.keyboard.press('F2');
      await page.getByLabel('Rename format.ts to').fill('lib/format.ts');
      await page.keyboard.press('Enter');
      await expect(item(page, 'lib/format.ts')).toBeVisible();
      // The rename's field takes an Escape for itself (cancel) while it is there: the sheet's
      // Escape waits for it to go.
      await expect(page.getByLabel('Rename format.ts to')).toHaveCount(0);
      if (phone) {
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Files' })).toHaveCount(0);
      }
      await show('Preview');
      await expect(panel).toHaveAttribute('data-preview-phase', 'build-failed', {
        timeout: 20_000,
      });
      await expect(panel).toContainText('./format');

      // …and once the import follows it, the app runs again.
      await show('Code');
      await openFiles();
      await item(page, 'App.tsx').click();
      await page.locator('.monaco-editor .view-lines').click();
      await page.keyboard.press('ControlOrMeta+A');
      await page.keyboard.insertText(app('./lib/format'));
      await show('Preview');
      await expect(heading).toBeVisible({ timeout: 30_000 });
    });
  }

  test('a Python project imports its own module; an error in it names the module', async ({
    page,
    login,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 1280, height: 860 });
    const { id, auth } = await proProject(page, login, {
      language: 'Python',
      code: 'import helper\nfrom tools.numbers import total\nprint(helper.greet("tree"), total([1, 2, 3]))\n',
    });
    const added = await page.request.post('/api/db/codewright/rest/v1/project_files', {
      headers: auth,
      data: [
        {
          project_id: id,
          path: 'helper.py',
          content: 'def greet(name):\n    return "hello " + name\n',
        },
        {
          project_id: id,
          path: 'tools/numbers.py',
          content: 'def total(xs):\n    return sum(xs)\n',
        },
      ],
    });
    expect(added.status()).toBe(201);
    await page.goto(`/generator/${id}`);
    const panel = page.getByTestId('preview-panel');
    await expect(panel).toHaveAttribute('data-preview-phase', 'ready', { timeout: 120_000 });
    await panel.getByRole('tab', { name: /^Console/ }).click();
    await expect(panel.getByTestId('console-line').first()).toContainText('hello tree 6');

    // An error inside the module names it by its path and line. (Several files: the tree is open.)
    await item(page, 'helper.py').click();
    await page.locator('.monaco-editor .view-lines').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('def greet(name):\n    return 1 / 0\n');
    await expect(panel.getByTestId('console-line').last()).toContainText(
      'File "helper.py", line 2, in greet',
      { timeout: 30_000 },
    );
    await expect(panel.getByTestId('console-line').last()).toContainText('ZeroDivisionError');
  });

  test('an HTML page loads the stylesheet and script it links from the project', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 1280, height: 860 });
    const { id, auth } = await proProject(page, login, {
      language: 'JavaScript',
      code: '<!doctype html>\n<html><head><link rel="stylesheet" href="css/site.css"></head>\n<body><h1 id="title">Loading</h1>\n<script src="js/app.js"></script></body></html>\n',
    });
    const added = await page.request.post('/api/db/codewright/rest/v1/project_files', {
      headers: auth,
      data: [
        { project_id: id, path: 'css/site.css', content: 'h1 { color: rgb(0, 128, 128); }' },
        {
          project_id: id,
          path: 'js/app.js',
          content: "document.getElementById('title').textContent = 'Linked and run';",
        },
      ],
    });
    expect(added.status()).toBe(201);
    await page.goto(`/generator/${id}`);
    const frame = page.getByTestId('preview-frame-host').frameLocator('iframe:not([aria-hidden])');
    const heading = frame.getByRole('heading', { name: 'Linked and run' });
    await expect(heading).toBeVisible({ timeout: 30_000 });
    await expect(heading).toHaveCSS('color', 'rgb(0, 128, 128)');
  });

  test('TypeScript in the editor sees the project’s other files: an import resolves, a wrong type is marked', async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width: 1280, height: 860 });
    const { id, auth } = await proProject(page, login, {
      language: 'TypeScript',
      code: "import { shout } from './lib/format';\nshout(1);\n",
    });
    const added = await page.request.post('/api/db/codewright/rest/v1/project_files', {
      headers: auth,
      data: [
        {
          project_id: id,
          path: 'lib/format.ts',
          content: 'export const shout = (s: string) => s;\n',
        },
      ],
    });
    expect(added.status()).toBe(201);
    await page.goto(`/generator/${id}`);
    await expect(page.locator('[data-editor-ready="true"]')).toBeVisible({ timeout: 15_000 });
    await page.locator('.monaco-editor .view-lines').click();
    // One mark, on the call (line 2): the import of lib/format.ts resolved.
    const squiggles = page.locator('.monaco-editor .squiggly-error');
    await expect(squiggles).toHaveCount(1, { timeout: 20_000 });
    const mark = (await squiggles.boundingBox())!;
    const line2 = (await page.locator('.monaco-editor .line-numbers').nth(1).boundingBox())!;
    expect(Math.abs(mark.y + mark.height / 2 - (line2.y + line2.height / 2))).toBeLessThan(
      line2.height,
    );
  });
});
