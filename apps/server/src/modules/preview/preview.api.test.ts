import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PREVIEW_CODE_MAX_CHARS, type PreviewBuildResult } from '@codewright/contract';
import { newSession } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({}, { webDist: true });
  token = (await newSession(t.app)).session.access_token;
  // A built preview, as apps/web/scripts/preview-assets.mjs writes it.
  const preview = path.join(t.config.WEB_DIST_DIR, 'preview');
  await fs.mkdir(path.join(preview, 'vendor'), { recursive: true });
  await fs.writeFile(path.join(preview, 'frame.html'), '<!doctype html><div id="root"></div>');
  await fs.writeFile(path.join(preview, 'vendor', 'react-ABCD1234.js'), 'export default {};');
});
afterAll(async () => {
  await t?.close();
});

const build = (
  body: unknown,
  headers: Record<string, string> = { authorization: `Bearer ${token}` },
) =>
  t.app.inject({
    method: 'POST',
    url: '/api/preview/codewright/build',
    headers,
    payload: body as object,
  });

describe('POST /api/preview/{project}/build', () => {
  it('builds a React component for the sandbox', async () => {
    const res = await build({
      language: 'javascript',
      code: "import { useState } from 'react';\nexport default () => { const [n] = useState(1); return <p>{n}</p>; };",
    });
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json<PreviewBuildResult>();
    expect(result).toMatchObject({ ok: true, errors: [], warnings: [] });
    expect(result.code).toMatch(/import \{ useState \} from "react"/);
    expect(JSON.parse(result.map!).sources).toEqual(['main.jsx']);
  });

  it('answers problems in the code as ok: false with their lines, not as a failed request', async () => {
    const res = await build({
      language: 'typescript',
      code: "import _ from 'lodash';\nlet a: number = ;",
    });
    expect(res.statusCode).toBe(200);
    const result = res.json<PreviewBuildResult>();
    expect(result.ok).toBe(false);
    expect(result.code).toBe('');
    expect(result.errors[0]).toMatchObject({ line: 2, message: 'Unexpected ";"' });
    const unknown = await build({ language: 'javascript', code: "\nimport _ from 'lodash';" });
    expect(unknown.json<PreviewBuildResult>().errors).toEqual([
      { message: 'package lodash is not available in the preview', line: 2, column: 15 },
    ]);
  });

  it('is for signed-in callers of this app only', async () => {
    const anonymous = await build({ language: 'javascript', code: 'x' }, {});
    expect(anonymous.statusCode).toBe(401);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/preview/someone-else/build',
      headers: { authorization: `Bearer ${token}` },
      payload: { language: 'javascript', code: 'x' },
    });
    expect(other.statusCode).toBe(404);
  });

  it('refuses bad input with a 4xx that says what to fix', async () => {
    const cases: Array<[unknown, string]> = [
      [{ language: 'javascript' }, 'code'],
      [{ code: 'print(1)', language: 'python' }, 'HTML and Python run without a build'],
      [{ code: 'x', language: 'javascript', extra: true }, 'extra'],
      [
        { code: 'x'.repeat(PREVIEW_CODE_MAX_CHARS + 1), language: 'javascript' },
        `at most ${PREVIEW_CODE_MAX_CHARS} characters`,
      ],
      [{ code: 42, language: 'javascript' }, 'code'],
    ];
    for (const [body, hint] of cases) {
      const res = await build(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
      expect(res.json().error.message).toContain(hint);
    }
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/preview/codewright/build',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      payload: 'const a = 1;',
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('the preview’s files', () => {
  it('serve the sandbox document at an opaque origin, with a CSP that lets it reach nothing', async () => {
    const res = await t.app.inject({
      url: '/preview/frame.html',
      headers: { host: 'app.example:3000' },
    });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/^sandbox allow-scripts allow-forms;/);
    expect(csp).not.toContain('allow-same-origin');
    expect(csp).not.toContain('allow-popups');
    expect(csp).not.toContain('allow-top-navigation');
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('connect-src http://app.example:3000/preview/pyodide/;');
    expect(csp).toContain("form-action 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    // No Fetch Metadata (an old browser, or a request not from a browser): cut off from any opener.
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('serve the sandbox document with COOP same-origin, except in a tab our own page opened', async () => {
    const frame = (site: string, dest: string) =>
      t.app.inject({
        url: '/preview/frame.html',
        headers: { host: 'app.example:3000', 'sec-fetch-site': site, 'sec-fetch-dest': dest },
      });
    // Another site's window.open, a typed address or a reload, a frame: COOP same-origin.
    for (const [site, dest] of [
      ['cross-site', 'document'],
      ['same-site', 'document'],
      ['none', 'document'],
      ['same-origin', 'iframe'],
      ['cross-site', 'iframe'],
    ] as const) {
      const res = await frame(site, dest);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cross-origin-opener-policy'], `${site} ${dest}`).toBe('same-origin');
      expect(String(res.headers['content-security-policy'])).toMatch(/^sandbox allow-scripts /);
      expect(String(res.headers.vary)).toContain('sec-fetch-site, sec-fetch-dest');
    }
    // "Open in new tab": the app opens it and hands it the code through window.opener.
    const tab = await frame('same-origin', 'document');
    expect(tab.headers['cross-origin-opener-policy']).toBeUndefined();
    expect(String(tab.headers['content-security-policy'])).toMatch(/^sandbox allow-scripts /);
  });

  it('let the sandbox connect nowhere when the Host header is not one to trust', async () => {
    const res = await t.app.inject({
      url: '/preview/frame.html',
      headers: { host: 'evil.example/x' },
    });
    expect(String(res.headers['content-security-policy'])).toContain("connect-src 'none';");
  });

  it('serve vendored files to the opaque origin, cached for good; a missing one is a 404', async () => {
    const res = await t.app.inject({ url: '/preview/vendor/react-ABCD1234.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'access-control-allow-origin': '*',
      'cross-origin-resource-policy': 'cross-origin',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    const missing = await t.app.inject({ url: '/preview/vendor/gone-00000000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });

  it('leave the app’s own pages under their strict policy', async () => {
    const res = await t.app.inject({ url: '/' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("unsafe-inline' 'unsafe-eval");
    expect(csp).not.toContain('sandbox');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});
