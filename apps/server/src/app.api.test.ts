import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/test-app.ts';
import { FORBIDDEN_PATH_MESSAGE } from './plugins/errors.ts';
import { NOT_BUILT_MESSAGE } from './plugins/static.ts';

let t: TestApp;
let spa: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-dist-'));
  await fs.mkdir(path.join(distDir, 'assets'));
  await fs.writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><title>Codewright test SPA</title>',
  );
  await fs.writeFile(path.join(distDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  // A page the web build prerendered (apps/web/scripts/prerender.mjs), with its gzip copy.
  await fs.mkdir(path.join(distDir, 'pages'));
  const features = '<!doctype html><title>Features</title><h1>Prerendered features</h1>';
  await fs.writeFile(path.join(distDir, 'pages', 'features.html'), features);
  await fs.writeFile(path.join(distDir, 'pages', 'features.html.gz'), gzipSync(features));
  await fs.writeFile(
    path.join(distDir, 'favicon.svg'),
    '<svg xmlns="http://www.w3.org/2000/svg"/>',
  );
  [t, spa] = await Promise.all([
    createTestApp(),
    createTestApp({ WEB_DIST_DIR: distDir, RATE_LIMIT_MAX: '5' }),
  ]);
});
afterAll(async () => {
  await Promise.all([t?.close(), spa?.close()]);
  await fs.rm(distDir, { recursive: true, force: true });
});

describe('health', () => {
  it('reports status, database kind and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    // API tests run on a database of a shared test cluster; the embedded kind is
    // what server.api.test.ts sees in the real process.
    expect(res.json()).toEqual({
      status: 'ok',
      database: { status: 'ok', kind: 'postgres' },
      version: expect.any(String),
    });
  });
});

describe('API errors', () => {
  it('answers unknown /api paths with 404 JSON NOT_FOUND, any method', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/nope/deeper'],
      ['DELETE', '/api'],
      ['GET', '/api/auth/unknown'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }
  });

  it('limits requests per IP on /api with 429 RATE_LIMITED', async () => {
    const results = [];
    for (let i = 0; i < 6; i++)
      results.push(await spa.app.inject({ method: 'GET', url: '/api/auth/providers' }));
    expect(results.slice(0, 5).every((r) => r.statusCode === 200)).toBe(true);
    const limited = results[5]!;
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The SPA is not rate limited.
    expect((await spa.app.inject({ method: 'GET', url: '/dashboard' })).statusCode).toBe(200);
  });
});

describe('security headers', () => {
  it('sends pages a strict CSP without inline script', async () => {
    for (const res of [
      await spa.app.inject({ url: '/' }),
      await spa.app.inject({ url: '/dashboard' }),
    ]) {
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'self'");
      const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'));
      expect(scriptSrc?.trim()).toBe("script-src 'self'");
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('sends API answers, errors included, a CSP that allows nothing and no framing', async () => {
    for (const res of [
      await t.app.inject({ url: '/api/health' }),
      await t.app.inject({ url: '/api/nothing-here' }),
      await t.app.inject({ url: '/api/auth/me' }),
    ]) {
      expect(res.headers['content-security-policy']).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      // Headers that only steer documents are not sent with data.
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
      expect(res.headers['x-dns-prefetch-control']).toBeUndefined();
    }
  });
});

describe('SPA', () => {
  it('serves index.html for / and client routes such as /dashboard, with no-cache', async () => {
    for (const url of ['/', '/dashboard', '/generator?x=1', '/sign-in']) {
      const res = await spa.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('Codewright test SPA');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves a prerendered page for its own path only, compressed when accepted', async () => {
    for (const url of ['/features', '/features?utm=x', '/features/']) {
      const res = await spa.app.inject({ url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toContain('Prerendered features');
    }
    const gz = await spa.app.inject({ url: '/features', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('Prerendered features');
    // Other routes, and / when the build made no page for it, still get the SPA shell.
    for (const url of ['/', '/features/more', '/pricing']) {
      const res = await spa.app.inject({ url });
      expect(res.body, url).toContain('Codewright test SPA');
    }
  });

  it('serves hashed assets as immutable and real files as they are', async () => {
    const asset = await spa.app.inject({ url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await spa.app.inject({ url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.body).toContain('<svg');
    expect((await spa.app.inject({ url: '/assets/missing.js' })).statusCode).toBe(404);
  });

  it('refuses paths that climb out of the build or double a slash, saying what to fix', async () => {
    for (const url of ['/features//', '//features']) {
      const res = await spa.app.inject({ url });
      expect(res.statusCode, url).toBe(403);
      expect(res.json(), url).toEqual({
        error: { code: 'FORBIDDEN', message: FORBIDDEN_PATH_MESSAGE },
      });
    }
    // Encoded climbs never reach a file outside the build: a missing asset, or the app shell.
    const climb = await spa.app.inject({ url: '/assets/..%2f..%2fpackage.json' });
    expect(climb.statusCode).toBe(404);
    expect(climb.json().error.code).toBe('NOT_FOUND');
    const dots = await spa.app.inject({ url: '/%2e%2e/%2e%2e/package.json' });
    expect(dots.body).toContain('Codewright test SPA');
  });

  it('keeps /api 404s as JSON when the SPA is present', async () => {
    const res = await spa.app.inject({ url: '/api/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('NOT_FOUND');
  });

  it('answers / with a clear 503 when the SPA is not built, while the API works', async () => {
    const res = await t.app.inject({ url: '/' });
    expect(res.statusCode).toBe(503);
    expect(res.body).toBe(NOT_BUILT_MESSAGE);
    expect(res.body).toContain('npm run build');
    expect((await t.app.inject({ url: '/dashboard' })).statusCode).toBe(503);
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});
