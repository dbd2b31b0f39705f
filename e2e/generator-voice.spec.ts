/**
 * Speak a prompt (docs/decisions/024) with a recorded audio file: Chromium's fake microphone plays
 * fixtures/prompt.wav (made by fixtures/make-prompt-wav.mjs: 0.25 s of loud noise, 0.25 s of
 * silence, looped), MediaRecorder records it, the recording is sent to POST
 * /api/ai/{project}/transcribe, answered by the scripted model server (fixtures/model-media.mjs:
 * "Scripted transcript of a N-byte audio file." for a recording without a title), and the text
 * lands in the prompt. The scripted model cannot decode audio, so the test decodes the recording
 * the page sent (Chromium decodes its own WebM/Opus), finds the file's on/off pattern in it, and
 * checks that the model received exactly that many bytes. The fake microphone's flags are browser
 * launch options, set for every file in playwright.config.ts.
 */
import type { Page } from '@playwright/test';
import { expect, signIn, test, usageOf } from './fixtures.ts';

const promptBox = (page: Page) =>
  page.getByRole('textbox', { name: 'Describe what you want to build' });

declare global {
  interface Window {
    /** The audio file of the last transcription request, kept by the init script below. */
    sentAudio?: Blob;
  }
}

/** Keeps the `file` of every multipart request the page sends, before the SDK reads `fetch`. */
const keepSentAudio = (page: Page) =>
  page.addInitScript(() => {
    const send = window.fetch;
    window.fetch = (input, init) => {
      const file = init?.body instanceof FormData ? init.body.get('file') : null;
      if (file instanceof Blob) window.sentAudio = file;
      return send(input, init);
    };
  });

/**
 * The sent recording, decoded: its size and the lengths (s) of its loud stretches between
 * silences, in 10 ms windows (loud: RMS over 0.1; silent: under 0.01).
 */
const sentRecording = (page: Page) =>
  page.evaluate(async () => {
    const blob = window.sentAudio;
    if (!blob) throw new Error('no audio was sent');
    const audio = await new OfflineAudioContext(1, 1, 48_000).decodeAudioData(
      await blob.arrayBuffer(),
    );
    const samples = audio.getChannelData(0);
    const window10ms = Math.round(audio.sampleRate / 100);
    const loudRuns: number[] = [];
    let run = 0;
    let silentSeen = false;
    for (let at = 0; at + window10ms <= samples.length; at += window10ms) {
      let sum = 0;
      for (let i = at; i < at + window10ms; i++) sum += samples[i]! ** 2;
      const rms = Math.sqrt(sum / window10ms);
      if (rms > 0.1) run += 1;
      else if (rms < 0.01) {
        // A loud stretch counts once it is closed by silence and began after one (whole).
        if (run > 0 && silentSeen) loudRuns.push(run / 100);
        run = 0;
        silentSeen = true;
      }
    }
    return { size: blob.size, seconds: audio.duration, loudRuns };
  });

for (const width of [1280, 390] as const) {
  test(`a recorded audio file is transcribed into the prompt at ${width} px`, async ({
    page,
    login,
  }) => {
    await page.setViewportSize({ width, height: width > 600 ? 800 : 844 });
    const user = await login();
    const session = await signIn(page.request, user);
    await keepSentAudio(page);
    await page.goto('/generator');
    await expect(page.locator('[data-editor-ready="true"]')).toBeAttached({ timeout: 15_000 });
    await promptBox(page).fill('Build this:');

    await page.getByRole('button', { name: 'Speak a prompt' }).click();
    const stop = page.getByRole('button', { name: 'Stop recording and transcribe' });
    await expect(stop).toBeVisible();
    // Two seconds hold several of the file's 0.5 s on/off periods.
    await expect(page.getByRole('timer')).toHaveText('0:02', { timeout: 6_000 });
    await page.screenshot({ path: `e2e/output/screenshots/generator-context-mic-${width}.png` });

    const transcribed = page.waitForResponse((r) => r.url().endsWith('/transcribe'));
    await stop.click();
    const res = await transcribed;
    expect(res.status()).toBe(200);
    const { text } = (await res.json()) as { text: string };
    await expect(promptBox(page)).toHaveValue(`Build this: ${text}`);
    await expect(page.getByRole('button', { name: 'Speak a prompt' })).toBeEnabled();

    // The recording holds the file's pattern: loud stretches of 0.25 s between silences (the fake
    // device's own tone gives beeps of about 0.04 s) ...
    const sent = await sentRecording(page);
    expect(sent.seconds).toBeGreaterThan(1.5);
    expect(sent.loudRuns.length, JSON.stringify(sent)).toBeGreaterThanOrEqual(2);
    for (const seconds of sent.loudRuns) expect(seconds).toBeCloseTo(0.25, 1);
    // ... and the scripted model, which names the size of the audio it received, got those bytes.
    expect(text).toBe(`Scripted transcript of a ${sent.size}-byte audio file.`);

    // One unit of the generation meter (empty editor), per decision 014.
    expect(await usageOf(page.request, session.token)).toMatchObject({
      generationsUsed: 1,
      editsUsed: 0,
    });
  });
}
