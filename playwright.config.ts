import { defineConfig, devices } from '@playwright/test';

/** Browser tests against the built server (DESIGN §5): Debian's Chromium, never a downloaded browser. */
const PORT = Number(process.env.E2E_PORT ?? 3210);
const BASE_URL = `http://127.0.0.1:${PORT}`;

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
      ],
    },
  },
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } },
    },
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
