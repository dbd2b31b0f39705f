import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

/** Browser tests against the built server (DESIGN §5): Debian's Chromium, never a downloaded browser. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;
/** generator-voice.spec.ts speaks this file into Chromium's fake microphone. */
const PROMPT_WAV = fileURLToPath(new URL('./e2e/fixtures/prompt.wav', import.meta.url));
/**
 * The files that boot a second app server of their own (fixtures/account-server.ts,
 * fixtures/webhooks-server.ts), each a serial run of about 45 s. Playwright hands out files in project order: these go first, so the
 * short files fill the other worker and neither worker is left alone with a long file at the end.
 */
const OWN_SERVER_FILES = /\/(account|teams|coedit|integrations-webhooks)\.spec\.ts$/;
const DESKTOP = { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } };

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'e2e/output/test-results',
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  // CI reruns a failed test once; one that passes only then is reported as flaky in the summary.
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  // Most tests take 2–15 s on 2 cores; a longer one sets its own time-out and says why.
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'e2e/output/results.json' }]],
  use: {
    baseURL: BASE_URL,
    // A trace records every action's screenshots and DOM: it doubled the suite's CPU time on 2
    // cores. CI records one only when it reruns a failed test; locally pass `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        // Chromium's fake microphone, granted without a prompt (generator-voice.spec.ts). Every
        // file has it, so no file needs a browser of its own: a worker switching browsers costs
        // about 10 s on 2 cores. No other test asks for a camera or microphone.
        '--use-fake-ui-for-media-stream',
        '--use-fake-device-for-media-stream',
        `--use-file-for-fake-audio-capture=${PROMPT_WAV}`,
      ],
    },
  },
  projects: [
    { name: 'own-servers', testMatch: OWN_SERVER_FILES, use: DESKTOP },
    { name: 'chromium', testIgnore: OWN_SERVER_FILES, use: DESKTOP },
  ],
  webServer: {
    command: 'node e2e/start-server.mjs',
    url: `${BASE_URL}/api/health`,
    env: { E2E_PORT: String(PORT) },
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
