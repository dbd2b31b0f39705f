// The browser side of the bench scripts: Debian's Chromium, the desktop page every browser bench
// uses, and signing that page in. Re-exported by lib.mjs.

/**
 * Signs a Playwright page in with `tokens` (a session from signUpAndIn) through the URL
 * hand-off, and waits until the app has taken them (the header's Dashboard link shows and the
 * tokens leave the URL).
 */
export async function signInPage(page, base, tokens) {
  const params = new URLSearchParams();
  for (const key of [
    'access_token',
    'refresh_token',
    'expires_in',
    'refresh_expires_in',
    'issued_at',
  ])
    if (tokens[key] !== undefined) params.set(key, String(tokens[key]));
  await page.goto(`${base}/?${params}`);
  await page
    .getByRole('banner')
    .getByRole('link', { name: 'Dashboard' })
    .waitFor({ timeout: 30_000 });
  await page.waitForURL((url) => !url.search.includes('access_token'));
}

/** Debian's Chromium for the browser benches (never a downloaded browser), headless. */
export async function launchChromium() {
  const { chromium } = await import('@playwright/test');
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
}

/** A new page of `browser` in a fresh 1280×800 context, the window every browser bench uses. */
export async function newDesktopPage(browser) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  return context.newPage();
}
