/**
 * Generated code is untrusted (DESIGN §3.12, docs/decisions/020). Code running in the preview
 * tries what hostile code would; each attempt must fail, and each test checks both what the
 * code saw (its Console) and that nothing happened on the app's side. That every request of the
 * preview goes to the app's own origin, and that it works with nothing else reachable, is
 * checked in the generator (generator-preview.spec.ts), where all four kinds of code run.
 */
import type { Page } from '@playwright/test';
import { PREVIEW_SAMPLES } from './fixtures/model-previews.mjs';
import { test as generatorTest } from './fixtures/generator-preview-test.ts';
import { expect, test } from './fixtures/preview-test.ts';

/** Navigations of the app's own window (its main frame) from now on, as they start. */
function mainFrameNavigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      urls.push(request.url());
  });
  return urls;
}

const attempt = (label: string, body: string) =>
  `try {\n  ${body}\n  console.log('${label}: allowed');\n} catch (e) {\n  console.log('${label}: refused', e.name);\n}`;

test.describe('live preview: what code in the frame cannot do', () => {
  test('it cannot read the app’s storage or cookies, its tokens among them', async ({
    preview,
    page,
  }) => {
    await page.evaluate(() => {
      localStorage.setItem('probe-secret', 'app-secret-value');
      document.cookie = 'probe=app-cookie-value; path=/';
    });
    const tokens = await page.evaluate(() => Object.keys(localStorage).join(','));
    expect(tokens).toContain('probe-secret');
    await preview.run(
      [
        attempt('storage', "console.log('value', localStorage.getItem('probe-secret'));"),
        attempt('keys', "console.log('keys', Object.keys(localStorage).join(','));"),
        attempt('cookie', "console.log('cookie', document.cookie);"),
        attempt(
          'parent storage',
          "console.log('value', parent.localStorage.getItem('probe-secret'));",
        ),
        attempt('session', "console.log('session', sessionStorage.length);"),
        attempt('indexedDB', "indexedDB.open('x');"),
      ].join('\n'),
    );
    await preview.waitReady();
    const text = await preview.consoleText();
    for (const label of ['storage', 'keys', 'cookie', 'parent storage', 'session', 'indexedDB']) {
      expect(text).toContain(`${label}: refused SecurityError`);
    }
    expect(text).not.toContain('app-secret-value');
    expect(text).not.toContain('app-cookie-value');
    expect(text).not.toContain('access_token');
  });

  test('it cannot reach the app’s DOM through parent.document', async ({ preview, page }) => {
    // Split, so the phrase appears on the page only if the frame wrote it there.
    await preview.run(
      attempt('parent.document', "parent.document.body.innerHTML = 'taken' + ' over';"),
    );
    await preview.waitReady();
    expect(await preview.consoleText()).toContain('parent.document: refused SecurityError');
    await expect(page.getByTestId('preview-harness')).toBeVisible();
    await expect(page.getByText('taken over', { exact: true })).toHaveCount(0);
  });

  test('it cannot navigate the app’s window through top.location', async ({ preview, page }) => {
    const before = page.url();
    const navigations = mainFrameNavigations(page);
    await preview.run(attempt('top.location', "top.location.href = '/dashboard?taken-over';"));
    await preview.waitReady();
    // Refused as the code asked (the SecurityError it caught): the browser starts no navigation
    // for a frame without allow-top-navigation, so nothing is left to happen later.
    expect(await preview.consoleText()).toContain('top.location: refused SecurityError');
    expect(navigations).toEqual([]);
    expect(page.url()).toBe(before);
  });

  test('it cannot call the API: fetch(/api/auth/me) is refused before any request leaves', async ({
    preview,
    page,
  }) => {
    const fromFrame: string[] = [];
    page.on('request', (request) => {
      if (request.frame().url().includes('/preview/frame.html')) fromFrame.push(request.url());
    });
    await preview.run(
      "fetch('/api/auth/me').then((r) => console.log('fetch: answered', r.status), (e) => console.log('fetch: refused', e.name));\n" +
        "fetch('https://example.com/steal').then(() => console.log('outside: answered'), (e) => console.log('outside: refused', e.name));",
    );
    await preview.waitReady();
    await expect.poll(() => preview.consoleText()).toContain('fetch: refused TypeError');
    const text = await preview.consoleText();
    expect(text).toContain('outside: refused TypeError');
    expect(text).toContain('Blocked request');
    expect(fromFrame.filter((url) => url.includes('/api/'))).toEqual([]);
    expect(fromFrame.filter((url) => url.includes('example.com'))).toEqual([]);
  });

  test('it cannot open a popup onto the app', async ({ preview, page, context }) => {
    const pages: string[] = [];
    context.on('page', (p) => pages.push(p.url()));
    // The browser's word on the link's popup, given when it is clicked.
    const linkBlocked = page.waitForEvent('console', (m) =>
      /Blocked opening .*dashboard\?link.* 'allow-popups' permission is not set/.test(m.text()),
    );
    await preview.run(
      "const w = window.open('/dashboard');\nconsole.log('popup:', w === null ? 'refused' : 'opened');\n" +
        "const a = document.createElement('a'); a.href = '/dashboard?link'; a.target = '_blank'; document.body.append(a); a.click();",
    );
    await preview.waitReady();
    // Both refused when asked (window.open returned null; the click was blocked): a refused
    // popup is not opened later, so nothing is left to wait for.
    expect(await preview.consoleText()).toContain('popup: refused');
    await linkBlocked;
    expect(pages).toEqual([]);
    expect(context.pages()).toHaveLength(1);
  });
});

test('Open in new tab shows the same sandboxed preview full size, cut off from the app', async ({
  preview,
  page,
  context,
}) => {
  await preview.run(PREVIEW_SAMPLES['react-counter'].code);
  await preview.waitReady();
  const [tab] = await Promise.all([
    context.waitForEvent('page'),
    preview.panel.getByRole('button', { name: 'Open preview in a new tab' }).click(),
  ]);
  await expect(tab).toHaveURL(/\/preview\/frame\.html$/);
  await expect(tab.getByText('Count: 0')).toBeVisible();
  await tab.getByRole('button', { name: 'Add one' }).click();
  await expect(tab.getByText('Count: 1')).toBeVisible();
  // The tab runs at an opaque origin: the app's window and storage are out of reach.
  const reach = await tab.evaluate(() => {
    const tryIt = (f: () => unknown) => {
      try {
        f();
        return 'allowed';
      } catch (e) {
        return (e as Error).name;
      }
    };
    return {
      origin: self.origin,
      opener: tryIt(() => (window.opener as Window).document.title),
      storage: tryIt(() => localStorage.length),
      navigate: tryIt(() => {
        (window.opener as Window).location.href = '/dashboard?taken-over';
      }),
    };
  });
  expect(reach).toEqual({
    origin: 'null',
    opener: 'SecurityError',
    storage: 'SecurityError',
    navigate: 'SecurityError',
  });
  expect(page.url()).toContain('/__preview-harness/');
});

generatorTest(
  'in the generator, code loaded into the editor is refused the app’s storage, DOM, window, API and popups',
  async ({ gen, page, context }) => {
    // Five hostile programs, each generated, built and run in the generator's preview.
    generatorTest.setTimeout(90_000);
    const fromFrame: string[] = [];
    page.on('request', (request) => {
      if (request.frame().url().includes('/preview/frame.html')) fromFrame.push(request.url());
    });
    const pages: string[] = [];
    context.on('page', (p) => pages.push(p.url()));
    await gen.open();
    const tokens = await page.evaluate(() => Object.keys(localStorage).join(','));
    expect(tokens).not.toBe('');
    // An uploaded file goes into the editor and runs at once, like any code from outside.
    const probe = [
      attempt('storage', "console.log('keys', Object.keys(localStorage).join(','));"),
      attempt('cookie', "console.log('cookie', document.cookie);"),
      attempt('parent.document', "parent.document.body.innerHTML = 'taken' + ' over';"),
      attempt('top.location', "top.location.href = '/dashboard?taken-over';"),
      "fetch('/api/auth/me').then((r) => console.log('fetch: answered', r.status), (e) => console.log('fetch: refused', e.name));",
      "const w = window.open('/dashboard');\nconsole.log('popup:', w === null ? 'refused' : 'opened');",
    ].join('\n');
    const navigations = mainFrameNavigations(page);
    await page.getByTestId('upload-input').setInputFiles({
      name: 'probe.js',
      mimeType: 'text/javascript',
      buffer: Buffer.from(probe),
    });
    await expect(page.getByTestId('editor-panel')).toHaveAttribute('data-code', probe);
    await gen.waitReady();
    await expect.poll(() => gen.consoleText()).toContain('fetch: refused TypeError');
    const text = await gen.consoleText();
    for (const label of ['storage', 'cookie', 'parent.document', 'top.location']) {
      expect(text).toContain(`${label}: refused SecurityError`);
    }
    expect(text).toContain('popup: refused');
    expect(text).not.toContain('access_token');
    // Each attempt was refused when made (the errors and null it logged): no navigation or
    // popup of the browser's is left pending, so nothing more can happen to wait for.
    expect(navigations).toEqual([]);
    expect(page.url()).toMatch(/\/generator$/);
    await expect(page.getByText('taken over', { exact: true })).toHaveCount(0);
    await expect(page.getByRole('heading', { name: 'AI Code Generator', level: 1 })).toBeVisible();
    expect(fromFrame.filter((url) => url.includes('/api/'))).toEqual([]);
    expect(pages).toEqual([]);
  },
);
