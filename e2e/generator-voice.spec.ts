/**
 * Speak a prompt (docs/decisions/024) with Chromium's fake microphone: its test tone is
 * recorded by MediaRecorder, sent to POST /api/ai/{project}/transcribe, answered by the scripted
 * model server (fixtures/model-media.mjs: "Scripted transcript of a N-byte audio file." for a
 * recording without a title), and the text lands in the prompt. Its own file because the fake
 * media flags are browser launch options, fixed per worker.
 */
import type { Page } from '@playwright/test';
import config from '../playwright.config.ts';
import { expect, signIn, test } from './fixtures.ts';

const baseArgs = config.use?.launchOptions?.args ?? [];
test.use({
  launchOptions: {
    executablePath: '/usr/bin/chromium',
    args: [...baseArgs, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
  },
});

const promptBox = (page: Page) =>
  page.getByRole('textbox', { name: 'Describe what you want to build' });

for (const width of [1280, 390] as const) {
  test(`the microphone's recording is transcribed into the prompt at ${width} px`, async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    const user = await login();
    const session = await signIn(page.request, user);
    await page.goto('/generator');
    await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 15_000 });
    await promptBox(page).fill('Build this:');

    await page.getByRole('button', { name: 'Speak a prompt' }).click();
    const stop = page.getByRole('button', { name: 'Stop recording and transcribe' });
    await expect(stop).toBeVisible();
    await expect(page.getByRole('timer')).toHaveText('0:01', { timeout: 5_000 });
    await page.screenshot({ path: `e2e/output/screenshots/generator-context-mic-${width}.png` });

    const transcribed = page.waitForResponse((r) => r.url().endsWith('/transcribe'));
    await stop.click();
    const res = await transcribed;
    expect(res.status()).toBe(200);
    const { text } = (await res.json()) as { text: string };
    // The scripted model names the size of the audio it received: a real recording arrived.
    const bytes = Number(/^Scripted transcript of a (\d+)-byte audio file\.$/.exec(text)?.[1]);
    expect(bytes).toBeGreaterThan(1000);
    await expect(promptBox(page)).toHaveValue(`Build this: ${text}`);
    await expect(page.getByRole('button', { name: 'Speak a prompt' })).toBeEnabled();

    // One unit of the generation meter (empty editor), per decision 014.
    const plan = await page.request.get('/api/plan', {
      headers: { authorization: `Bearer ${session.token}` },
    });
    expect(((await plan.json()) as { usage: { generationsUsed: number } }).usage).toMatchObject({
      generationsUsed: 1,
      editsUsed: 0,
    });
  });
}
