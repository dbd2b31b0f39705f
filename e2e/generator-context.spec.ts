/**
 * Context and media in the generator (docs/decisions/024), against real requests: the scripted
 * model server answers image and speech calls (fixtures/model-media.mjs) and the fixture site
 * (fixtures/fixture-site.mjs, allow-listed by start-server.mjs) serves the page that is scraped.
 * A web page and a document become removable chips whose text reaches the model ([[echo]]); read
 * aloud plays the speech answer; an image asset is stored and its URL reaches the model; metering
 * follows decision 014. A server without media models shows none of the media controls.
 * Speaking a prompt needs a fake microphone: generator-voice.spec.ts.
 * (Over 300 lines: context, media and the server without media models share the chip, echo and send
 * helpers below; sign-in comes from fixtures.ts.)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { CONTEXT_HEADING } from '@codewright/contract';
import { pdfOf } from './fixtures/fixture-site.mjs';
import {
  acceptReview,
  expect,
  loginViaApi,
  openGenerator,
  sendPrompt,
  signIn,
  signUpViaApi,
  test,
  usageOf,
  waitIdle,
} from './fixtures.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** start-server.mjs puts the fixture site here and allow-lists it. */
const SITE = `http://127.0.0.1:${Number(process.env.E2E_SITE_PORT ?? PORT + 1)}`;

const promptBox = (page: Page) =>
  page.getByRole('textbox', { name: 'Describe what you want to build' });
const editorPanel = (page: Page) => page.getByTestId('editor-panel');
const chips = (page: Page) => page.getByTestId('context-chip');

/**
 * Opens the generator with `open` (a sign-in straight onto it, or a plain load); its AI
 * capabilities answered 200. Resolves to what `open` did.
 */
async function openWithCapabilities<T>(page: Page, open: () => Promise<T>): Promise<T> {
  const caps = page.waitForResponse((r) => /\/api\/ai\/[^/]+\/capabilities$/.test(r.url()));
  const opened = await open();
  expect((await caps).status()).toBe(200);
  return opened;
}

async function send(page: Page, text: string) {
  await sendPrompt(page, text);
  await waitIdle(page);
}

/** The messages the model received, from a [[echo]] answer (its JSON block is in the editor). */
async function echoed(page: Page): Promise<{ role: string; content: string }[]> {
  await expect(editorPanel(page)).toHaveAttribute('data-code', /^\[/);
  // Started; read it only once the whole answer is in.
  await waitIdle(page);
  return JSON.parse((await editorPanel(page).getAttribute('data-code'))!);
}

async function addPage(page: Page, url: string) {
  await page.getByRole('button', { name: 'Add context: a web page or a document' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add context' });
  await dialog.getByLabel('Web page address').fill(url);
  await dialog.getByRole('button', { name: 'Add page' }).click();
  return dialog;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `e2e/output/screenshots/generator-context-${name}.png` });
}

test.describe('context in the prompt', () => {
  test('a web page becomes a removable chip and its Markdown reaches the model', async ({
    page,
    loginToGenerator,
  }) => {
    await openWithCapabilities(page, () => loginToGenerator());

    // A private address is refused with the reason, in the dialog.
    const dialog = await addPage(page, 'http://10.1.2.3/admin');
    await expect(dialog.getByRole('alert')).toContainText('not a public address');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(chips(page)).toHaveCount(0);

    await addPage(page, `${SITE}/page.html`);
    await expect(page.getByRole('dialog', { name: 'Add context' })).toBeHidden();
    await expect(chips(page)).toHaveCount(1);
    await expect(chips(page).first()).toHaveAttribute('data-kind', 'web');
    await expect(chips(page).first()).toContainText('Fixture Article');

    // Removed: gone from the composer (and, below, from what is sent).
    await page.getByRole('button', { name: /^Remove web page "Fixture Article/ }).click();
    await expect(chips(page)).toHaveCount(0);
    await expect(page.getByTestId('context-budget')).toHaveCount(0);

    await addPage(page, `${SITE}/page.html`);
    await expect(chips(page)).toHaveCount(1);
    await expect(page.getByTestId('context-budget')).toContainText('of 2,000 tokens');
    await send(page, 'a table component [[echo]]');
    const messages = await echoed(page);
    const last = messages[messages.length - 1]!;
    expect(last.role).toBe('user');
    expect(last.content.startsWith(CONTEXT_HEADING)).toBe(true);
    // Once: the removed copy is not sent.
    expect(last.content.match(/--- Web page: /g)).toHaveLength(1);
    expect(last.content).toContain(`(${SITE}/page.html) ---`);
    expect(last.content).toContain('The first paragraph of the fixture article');
    expect(last.content).toMatch(/\|\s*alpha\s*\|\s*1\s*\|/);
    expect(last.content).toContain('Request:\na table component');
    // The chip stays for the next prompt until removed.
    await expect(chips(page)).toHaveCount(1);
  });

  test('a PDF through Upload and a Markdown file through Add context become document chips', async ({
    page,
    loginToGenerator,
  }) => {
    await openWithCapabilities(page, () => loginToGenerator());
    await page.getByTestId('upload-input').setInputFiles({
      name: 'invoice.pdf',
      mimeType: 'application/pdf',
      buffer: pdfOf('Invoice total is 42 euros', 'Invoice'),
    });
    await expect(page.getByText('"invoice.pdf" was added as context.')).toBeVisible();
    await page.getByRole('button', { name: 'Add context: a web page or a document' }).click();
    await page.getByTestId('context-file-input').setInputFiles({
      name: 'notes.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Notes\n\nThe button must be **green**.\n'),
    });
    await expect(page.getByRole('dialog', { name: 'Add context' })).toBeHidden();
    await expect(chips(page)).toHaveCount(2);
    await expect(chips(page).nth(0)).toContainText('invoice.pdf');
    await expect(chips(page).nth(1)).toContainText('notes.md');
    // The editor is untouched: documents are context, not code.
    await expect(editorPanel(page)).toHaveAttribute('data-code', '');

    await send(page, 'show the total [[echo]]');
    const last = (await echoed(page)).at(-1)!;
    expect(last.content).toContain('--- Document: invoice.pdf (invoice.pdf) ---');
    expect(last.content).toContain('Invoice total is 42 euros');
    expect(last.content).toContain('--- Document: notes.md (notes.md) ---');
    expect(last.content).toContain('The button must be **green**.');
  });
});

/** The user's messages in the chat, and the chips a message lists. */
const userMessages = (page: Page) => page.getByRole('article', { name: 'You message' });
const sentChips = (page: Page) => userMessages(page).getByTestId('message-context-item');
const lastAnswer = (page: Page) =>
  page.getByRole('article', { name: 'AI Assistant message' }).last();

test.describe('context on edits and in the chat (decision 033)', () => {
  test('a page chip reaches the model on Edit selection and on a follow-up edit; the answer shows', async ({
    page,
    loginToGenerator,
  }) => {
    // A page fetched, then three answers, two of them reviewed edits.
    test.setTimeout(60_000);
    const user = await openWithCapabilities(page, () => loginToGenerator());
    const session = await signIn(page.request, user);
    await send(page, 'make a counter');
    await expect(editorPanel(page)).toHaveAttribute('data-code', /\S/);
    await addPage(page, `${SITE}/page.html`);
    await expect(chips(page)).toHaveCount(1);

    // Edit selection (Ctrl+K) on line 1, with the page attached.
    await page.locator('.monaco-editor .view-line').first().click();
    await page.keyboard.press('Control+Home');
    await page.keyboard.press('Shift+End');
    await page.keyboard.press('Control+k');
    const dialog = page.getByRole('dialog', { name: 'Edit selection' });
    await dialog.getByRole('textbox').fill('use the table of the page [[echo]]');
    await dialog.getByRole('textbox').press('Enter');
    await expect(
      page.getByRole('button', { name: 'Generate Code', includeHidden: true }),
    ).toBeEnabled({ timeout: 20_000 });
    // The answer (the messages the model got) holds the page's text ahead of the edit prompt.
    await expect(lastAnswer(page)).toContainText(`--- Web page: Fixture Article`);
    await expect(lastAnswer(page)).toContainText('The first paragraph of the fixture article');
    await expect(lastAnswer(page)).toContainText('use the table of the page');
    // The user's message lists the chip it went with: kind, title and host, not the text.
    const asked = userMessages(page).last();
    await expect(asked.getByTestId('message-context-item')).toHaveCount(1);
    await expect(asked.getByTestId('message-context-item')).toHaveAttribute('data-kind', 'web');
    await expect(asked.getByTestId('message-context-item')).toContainText('Fixture Article');
    await expect(asked.getByTestId('message-context-item')).toContainText('127.0.0.1');
    await expect(asked).not.toContainText('The first paragraph of the fixture article');
    await acceptReview(page);

    // A follow-up edit from the composer carries it too.
    await send(page, 'now add paging [[echo]]');
    await expect(lastAnswer(page)).toContainText('The first paragraph of the fixture article');
    await expect(lastAnswer(page)).toContainText('now add paging');
    await expect(userMessages(page).last().getByTestId('message-context-item')).toHaveCount(1);
    expect(await usageOf(page.request, session.token)).toMatchObject({
      generationsUsed: 1,
      editsUsed: 2,
    });
  });

  for (const width of [1280, 390] as const) {
    test(`chips survive a reload, a rollback and a save at ${width} px`, async ({
      page,
      loginToGenerator,
    }) => {
      // Three answers, a reload and a save with chips: twice a usual test.
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
      const user = await openWithCapabilities(page, () => loginToGenerator());
      const session = await signIn(page.request, user);
      await addPage(page, `${SITE}/page.html`);
      await expect(chips(page)).toHaveCount(1);
      await send(page, 'a table component');
      if (width < 1024) await page.getByRole('tab', { name: /^Chat/ }).click();
      await expect(userMessages(page)).toHaveCount(1);
      await expect(userMessages(page).first().getByTestId('message-context-item')).toContainText(
        'Fixture Article',
      );
      await userMessages(page).first().scrollIntoViewIfNeeded();
      await shot(page, `user-message-chips-${width}`);

      // Reload: the offer names the chips; Restore brings back the chat's and the composer's.
      // The browser asks before leaving unsaved work. Under load it was seen gone by the time the
      // handler answered ("No dialog is showing"): the reload goes on either way.
      page.once('dialog', (d) => void d.accept().catch(() => undefined));
      await page.reload();
      await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 15_000 });
      const offer = page.getByTestId('restore-offer');
      await expect(offer).toContainText('1 context item');
      await expect(offer.getByTestId('message-context-item')).toContainText('Fixture Article');
      await shot(page, `restore-offer-chips-${width}`);
      await offer.getByRole('button', { name: 'Restore' }).click();
      await expect(offer).toBeHidden();
      if (width < 1024) await page.getByRole('tab', { name: /^Chat/ }).click();
      await expect(chips(page)).toHaveCount(1);
      await expect(chips(page).first()).toContainText('Fixture Article');
      await expect(sentChips(page)).toHaveCount(1);

      // The restored chip still goes with the next prompt (its text was kept).
      await send(page, 'make it sortable [[echo]]');
      // A phone shows the edit's review in the Code tab; the answer is in the Chat tab.
      if (width < 1024) await page.getByRole('tab', { name: /^Chat/ }).click();
      await expect(lastAnswer(page)).toContainText('The first paragraph of the fixture article');
      if (width < 1024) await page.getByRole('tab', { name: /^Code/ }).click();
      await acceptReview(page);
      if (width < 1024) await page.getByRole('tab', { name: /^Chat/ }).click();
      await expect(sentChips(page)).toHaveCount(2);

      // Rollback to the first answer: the messages and their chips stay.
      await page
        .getByRole('article', { name: 'AI Assistant message' })
        .first()
        .getByRole('button', { name: /^Rollback/ })
        .click();
      await expect(sentChips(page)).toHaveCount(2);

      // Saved with the project: reopened, the chat still lists them.
      await page.getByRole('button', { name: 'Save Project', exact: true }).click();
      const save = page.getByRole('dialog', { name: 'Save Project' });
      await save.getByLabel('Project Name').fill('Context kept');
      await save.getByLabel('Project Name').press('Enter');
      await expect(save).toBeHidden();
      const res = await page.request.get(
        '/api/db/codewright/rest/v1/chat_messages?select=role,content,context&order=created_at.asc',
        { headers: { authorization: `Bearer ${session.token}` } },
      );
      const rows = (await res.json()) as { role: string; context: unknown }[];
      expect(rows.filter((r) => r.role === 'user').map((r) => r.context)).toEqual([
        [
          {
            kind: 'web',
            title: expect.stringContaining('Fixture Article'),
            source: `${SITE}/page.html`,
          },
        ],
        [
          {
            kind: 'web',
            title: expect.stringContaining('Fixture Article'),
            source: `${SITE}/page.html`,
          },
        ],
      ]);
      expect(rows.filter((r) => r.role === 'assistant').every((r) => r.context === null)).toBe(
        true,
      );
      await page.goto('/dashboard');
      await page
        .getByRole('article', { name: 'Context kept' })
        .getByRole('button', { name: 'Open Project' })
        .click();
      await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 15_000 });
      if (width < 1024) await page.getByRole('tab', { name: /^Chat/ }).click();
      await expect(userMessages(page)).toHaveCount(2);
      await expect(sentChips(page)).toHaveCount(2);
      await expect(sentChips(page).first()).toContainText('Fixture Article');
    });
  }
});

test.describe('speech and images', () => {
  test('read aloud plays the speech of the explanation, charged to the meter', async ({
    page,
    loginToGenerator,
  }) => {
    const user = await openWithCapabilities(page, () => loginToGenerator());
    const session = await signIn(page.request, user);
    await send(page, 'make a counter');
    expect(await usageOf(page.request, session.token)).toMatchObject({
      generationsUsed: 1,
      editsUsed: 0,
    });

    const answer = page.getByRole('article', { name: 'AI Assistant message' }).last();
    const speech = page.waitForRequest((r) => r.url().endsWith('/speech'));
    const spoken = page.waitForResponse((r) => r.url().endsWith('/speech'));
    await answer.getByRole('button', { name: 'Read aloud' }).click();
    // The explanation, without the code block.
    expect((await speech).postDataJSON()).toMatchObject({
      text: 'Here is the JavaScript code for: make a counter.',
      meter: 'edit',
    });
    const res = await spoken;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('audio/mpeg');
    const audio = answer.getByTestId('read-aloud-audio');
    await expect(audio).toHaveAttribute('src', /^blob:/);
    await expect(audio).toHaveAttribute('data-played', 'true');
    // The editor held code, so the unit is an edit (decision 014).
    expect(await usageOf(page.request, session.token)).toMatchObject({
      generationsUsed: 1,
      editsUsed: 1,
    });
  });

  test('an image asset is stored and its URL goes to the model with the next prompt', async ({
    page,
    loginToGenerator,
  }) => {
    const user = await openWithCapabilities(page, () => loginToGenerator());
    const session = await signIn(page.request, user);
    await page.getByRole('button', { name: 'Make an image asset' }).click();
    const dialog = page.getByRole('dialog', { name: 'Make an image asset' });
    await expect(dialog.getByLabel('Describe the image')).toBeFocused();
    await dialog.getByRole('button', { name: 'Make image' }).click();
    await expect(dialog.getByRole('alert')).toContainText('Describe the image');

    await dialog.getByLabel('Describe the image').fill('a purple rocket logo');
    await dialog.getByRole('button', { name: 'Make image' }).click();
    const img = dialog.getByRole('img', { name: 'a purple rocket logo' });
    await expect(img).toBeVisible();
    const url = (await dialog.getByTestId('image-asset-url').textContent())!;
    expect(url).toMatch(/\/api\/storage\/[^/]+\/public\/uploads\/[^/]+\/ai-image-[\w-]+\.png$/);
    // Visible is not loaded: wait for the bytes to arrive and decode (a broken image stays 0).
    await expect
      .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
      .toBeGreaterThan(0);
    // The stored file is the image the model made.
    const file = await page.request.get(url);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('image/png');
    expect(await usageOf(page.request, session.token)).toMatchObject({
      generationsUsed: 1,
      editsUsed: 0,
    });

    await dialog.getByRole('button', { name: 'Use in the code' }).click();
    await expect(dialog).toBeHidden();
    await expect(chips(page)).toHaveCount(1);
    await expect(chips(page).first()).toHaveAttribute('data-kind', 'image');
    await expect(promptBox(page)).toHaveValue(
      'Use the image asset "a purple rocket logo" in the code.',
    );
    await promptBox(page).press('End');
    await promptBox(page).pressSequentially(' [[echo]]');
    await promptBox(page).press('Enter');
    const last = (await echoed(page)).at(-1)!;
    expect(last.content).toContain(`--- Image asset: a purple rocket logo (${url}) ---`);
    expect(last.content).toContain(`Its URL is ${url}`);
  });
});

test.describe('screens', () => {
  for (const width of [1280, 390] as const) {
    test(`composer with chips, read aloud and the image dialog at ${width} px`, async ({
      page,
      loginToGenerator,
    }) => {
      await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
      await openWithCapabilities(page, () => loginToGenerator());
      await addPage(page, `${SITE}/page.html`);
      await expect(chips(page)).toHaveCount(1);
      await page.getByTestId('upload-input').setInputFiles({
        name: 'requirements-with-a-long-name.pdf',
        mimeType: 'application/pdf',
        buffer: pdfOf('Requirements', 'Requirements'),
      });
      await expect(chips(page)).toHaveCount(2);
      await promptBox(page).fill('a landing page that uses these notes');
      const composer = page.getByTestId('composer');
      // Every control is inside the composer's width (nothing cut off at 390 px).
      const box = (await composer.boundingBox())!;
      for (const button of await composer.getByRole('button').all()) {
        const b = (await button.boundingBox())!;
        expect(b.x).toBeGreaterThanOrEqual(box.x);
        expect(b.x + b.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      }
      await shot(page, `composer-${width}`);

      await send(page, 'make a counter');
      if (width < 1024) await page.getByRole('tab', { name: /^Chat/ }).click();
      const answer = page.getByRole('article', { name: 'AI Assistant message' }).last();
      await answer.getByRole('button', { name: 'Read aloud' }).click();
      await expect(answer.getByTestId('read-aloud-audio')).toHaveAttribute('data-played', 'true');
      await shot(page, `read-aloud-${width}`);

      await page.getByRole('button', { name: 'Make an image asset' }).click();
      const dialog = page.getByRole('dialog', { name: 'Make an image asset' });
      await dialog.getByLabel('Describe the image').fill('a purple rocket logo');
      await dialog.getByRole('button', { name: 'Make image' }).click();
      await expect(dialog.getByRole('img')).toBeVisible();
      await shot(page, `image-dialog-${width}`);
    });
  }
});

/** A second app server without image, speech or transcription models (E2E_MEDIA=off). */
async function startBareServer(port: number): Promise<{ url: string; stop: () => Promise<void> }> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'e2e/start-server.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, E2E_PORT: String(port), E2E_MEDIA: 'off' },
  });
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bare server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error(`bare server did not answer on ${url}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    stop: () =>
      new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

test.describe('without media models', () => {
  let bare: { url: string; stop: () => Promise<void> };
  test.beforeAll(async () => {
    // Boots a second app server (its admin first, then the server itself).
    test.setTimeout(120_000);
    bare = await startBareServer(PORT + 2);
  });
  test.afterAll(async () => {
    await bare?.stop();
  });

  test('the generator offers no microphone, read aloud or image asset', async ({ browser }) => {
    const context = await browser.newContext({ baseURL: bare.url });
    const page = await context.newPage();
    try {
      const user = await signUpViaApi(page.request);
      await loginViaApi(page, user);
      const caps = page.waitForResponse((r) => r.url().endsWith('/capabilities'));
      await openWithCapabilities(page, () => openGenerator(page));
      // The server says what it lacks; the composer below follows it.
      expect(await (await caps).json()).toMatchObject({
        text: true,
        image: false,
        speech: false,
        transcription: false,
      });
      await send(page, 'make a counter');
      const answer = page.getByRole('article', { name: 'AI Assistant message' }).last();
      await expect(answer).toContainText('Here is the JavaScript code for: make a counter.');
      const composer = page.getByTestId('composer');
      await expect(composer.getByRole('button', { name: 'Speak a prompt' })).toHaveCount(0);
      await expect(composer.getByRole('button', { name: 'Make an image asset' })).toHaveCount(0);
      await expect(answer.getByRole('button', { name: /Read aloud/ })).toHaveCount(0);
      // Pages and documents are read by the server itself (no model needed): still offered.
      await expect(
        composer.getByRole('button', { name: 'Add context: a web page or a document' }),
      ).toBeVisible();
    } finally {
      await context.close();
    }
  });
});
