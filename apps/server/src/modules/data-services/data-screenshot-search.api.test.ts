// Screenshots through Debian's Chromium (every browser request through the SSRF-safe fetcher),
// search through a local SearXNG-shaped server, and the 503s when a data service is not
// configured (DESIGN §2c). Scrape and extract: data.api.test.ts; SSRF: data-ssrf.api.test.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../../../../e2e/fixtures/fixture-site.mjs';
import { newSession } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestResolver } from '../../test/test-resolver.ts';

let site: FixtureSite;
let searx: http.Server;
let searxQueries: URLSearchParams[];
let t: TestApp;
let bare: TestApp;
let token: string;
let bareToken: string;
let origin: string;

beforeAll(async () => {
  site = await startFixtureSite();
  searxQueries = [];
  searx = http.createServer((req, res) => {
    const q = new URL(req.url ?? '/', 'http://x').searchParams;
    searxQueries.push(q);
    const results = Array.from({ length: 30 }, (_, i) => ({
      title: `Result ${i} for <b>${q.get('q')}</b>`,
      url: `https://example.org/${i}`,
      content: `Snippet ${i}`,
    }));
    res.writeHead(q.get('q') === 'fail' ? 500 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ query: q.get('q'), results }));
  });
  await new Promise<void>((r) => searx.listen(0, '127.0.0.1', r));
  const resolver = createTestResolver({ 'site.test': '127.0.0.1' });
  origin = `http://site.test:${site.port}`;
  t = await createTestApp(
    {
      URL_ALLOW_LIST: `site.test:${site.port}`,
      SEARXNG_URL: `http://127.0.0.1:${(searx.address() as AddressInfo).port}`,
      RATE_LIMIT_MAX: '100000',
    },
    { urlLookup: resolver.lookup },
  );
  bare = await createTestApp(
    { CHROMIUM_PATH: '/nonexistent/chromium', AI_PROVIDER: 'openai-compatible' },
    { urlLookup: resolver.lookup },
  );
  token = (await newSession(t.app)).session.access_token;
  bareToken = (await newSession(bare.app)).session.access_token;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await site?.close();
  await new Promise((r) => searx?.close(r));
});

const post = (path: string, payload: unknown, app = t, auth = token) =>
  app.app.inject({
    method: 'POST',
    url: `/api/data/codewright/${path}`,
    headers: { authorization: `Bearer ${auth}` },
    payload: payload as Record<string, unknown>,
  });
describe('POST /screenshot', () => {
  const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

  it('takes a PNG through Chromium; the page’s request to a private address never leaves', async () => {
    const secret = `http://127.0.0.1:${site.port}/secret`;
    const res = await post('screenshot', {
      url: `${origin}/shot.html?img=${encodeURIComponent(secret)}`,
      width: 640,
      height: 400,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(pngSize(res.rawPayload)).toEqual({ width: 640, height: 400 });
    expect(site.requests.some((r) => r.path.startsWith('/shot.html'))).toBe(true);
    expect(site.requests.filter((r) => r.path.startsWith('/secret'))).toEqual([]);
  }, 60_000);

  it('follows a redirect through the fetcher, and refuses one to a private address', async () => {
    let res = await post('screenshot', {
      url: `${origin}/redirect?to=/page.html`,
      width: 400,
      height: 300,
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(pngSize(res.rawPayload)).toEqual({ width: 400, height: 300 });
    const secret = `http://127.0.0.1:${site.port}/secret`;
    res = await post('screenshot', { url: `${origin}/redirect?to=${encodeURIComponent(secret)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'URL_NOT_ALLOWED',
      message: 'url: 127.0.0.1 is not a public address: it is a loopback address.',
    });
    expect(site.requests.filter((r) => r.path.startsWith('/secret'))).toEqual([]);
  }, 60_000);

  it('refuses a private URL and bad sizes; says how to install Chromium when there is none', async () => {
    let res = await post('screenshot', { url: `http://127.0.0.1:${site.port}/shot.html` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('URL_NOT_ALLOWED');
    res = await post('screenshot', { url: `${origin}/shot.html`, width: 10_000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/width must be at most 1920/);
    res = await post('screenshot', { url: `${origin}/shot.html` }, bare, bareToken);
    expect(res.statusCode).toBe(503);
    expect(res.json().error).toEqual({
      code: 'DATA_NOT_CONFIGURED',
      message:
        'CHROMIUM_PATH=/nonexistent/chromium does not exist; install Chromium (apt-get install -y chromium) or fix the path.',
    });
  });
});

describe('POST /search', () => {
  it('searches through SearXNG in English by default, at most `limit` results', async () => {
    const res = await post('search', { query: 'fastify plugins' });
    expect(res.statusCode, res.body).toBe(200);
    const { results } = res.json();
    expect(results).toHaveLength(10);
    expect(results[0]).toEqual({
      title: 'Result 0 for fastify plugins',
      url: 'https://example.org/0',
      snippet: 'Snippet 0',
    });
    expect(searxQueries.at(-1)?.get('language')).toBe('en');
    expect(searxQueries.at(-1)?.get('format')).toBe('json');
    const five = await post('search', { query: 'x', language: 'de', limit: 5 });
    expect(five.json().results).toHaveLength(5);
    expect(searxQueries.at(-1)?.get('language')).toBe('de');
  });

  it('validates the body, reports a failing provider, and 503 when none is configured', async () => {
    for (const payload of [
      {},
      { query: '  ' },
      { query: 'x', limit: 0 },
      { query: 'x', limit: 21 },
      { query: 'x', language: 'english' },
    ]) {
      const res = await post('search', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    let res = await post('search', { query: 'fail' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: 'DATA_PROVIDER_ERROR',
      message: 'The search service (SearXNG) answered HTTP 500. Please try again.',
    });
    res = await post('search', { query: 'x' }, bare, bareToken);
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('DATA_NOT_CONFIGURED');
    expect(res.json().error.message).toMatch(/set SEARXNG_URL .* or BRAVE_SEARCH_API_KEY/);
  });
});

describe('not configured', () => {
  it('a scrape with extract answers 503 AI_NOT_CONFIGURED naming the object capability, before fetching', async () => {
    const hits = site.requests.length;
    const res = await post(
      'scrape',
      { url: `${origin}/page.html`, extract: { schema: { type: 'object' } } },
      bare,
      bareToken,
    );
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('AI_NOT_CONFIGURED');
    expect(res.json().error.message).toMatch(/^AI object is not configured on this server: /);
    expect(site.requests.length).toBe(hits);
  });
});
