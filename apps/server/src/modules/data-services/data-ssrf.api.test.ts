// SSRF safety of every server request to a user-given URL (DESIGN §2c, §3.14), through
// POST /api/data/{project}/fetch on the real app: a local fixture site (e2e/fixtures/
// fixture-site.mjs) on 127.0.0.1, reachable only under the allow-listed name site.test:<port>,
// and a resolver the test controls (no real DNS). A refusal must happen before any connection:
// the site records every request, and /secret must never be reached.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../../../../e2e/fixtures/fixture-site.mjs';
import { newSession } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestResolver } from '../../test/test-resolver.ts';

let site: FixtureSite;
let t: TestApp;
let token: string;
let closedPort: number;
const resolver = createTestResolver({
  'site.test': '127.0.0.1',
  localhost: '127.0.0.1',
  'private.test': '10.0.0.7',
  'metadata.test': '169.254.169.254',
  'cgnat.test': '100.64.1.2',
  'mixed.test': ['93.184.216.34', '10.0.0.7'],
  'ula.test': 'fd00::1',
  'mapped.test': '::ffff:127.0.0.1',
});

/** A port nothing listens on. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

beforeAll(async () => {
  site = await startFixtureSite();
  closedPort = await freePort();
  t = await createTestApp(
    {
      URL_ALLOW_LIST: `site.test:${site.port},site.test:${closedPort}`,
      URL_FETCH_TIMEOUT_MS: '3000',
      RATE_LIMIT_MAX: '100000',
    },
    { urlLookup: resolver.lookup },
  );
  token = (await newSession(t.app)).session.access_token;
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const fetchUrl = (url: unknown, auth = token) =>
  t.app.inject({
    method: 'POST',
    url: '/api/data/codewright/fetch',
    headers: { authorization: `Bearer ${auth}` },
    payload: { url },
  });
const secretHits = () => site.requests.filter((r) => r.path.startsWith('/secret')).length;
const refused = async (url: string, reason: RegExp) => {
  const res = await fetchUrl(url);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
  const error = res.json().error;
  expect(error.code).toBe('URL_NOT_ALLOWED');
  expect(error.message).toMatch(reason);
  return error.message as string;
};

describe('fetch of an allowed host', () => {
  it('answers the final URL, status, headers and body, resolving the name once', async () => {
    const before = resolver.calls.length;
    const res = await fetchUrl(`http://site.test:${site.port}/page.html`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.url).toBe(`http://site.test:${site.port}/page.html`);
    expect(body.status).toBe(200);
    expect(body.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(body.body).toContain('<title>Fixture Article</title>');
    expect(resolver.calls.slice(before)).toEqual(['site.test']);
  });

  it('passes a non-2xx answer through as its status', async () => {
    const res = await fetchUrl(`http://site.test:${site.port}/missing`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 404, body: '<h1>Not here</h1>' });
  });

  it('follows up to 5 redirects, each hop checked and resolved again', async () => {
    const before = resolver.calls.length;
    const res = await fetchUrl(`http://site.test:${site.port}/chain/5`);
    expect(res.statusCode).toBe(200);
    expect(res.json().url).toBe(`http://site.test:${site.port}/page.html`);
    expect(resolver.calls.length - before).toBe(6);
  });
});

describe('refused before any connection (400 URL_NOT_ALLOWED with the reason)', () => {
  it.each([
    [
      'http://127.0.0.1:PORT/secret',
      /127\.0\.0\.1 is not a public address: it is a loopback address/,
    ],
    [
      'http://localhost:PORT/secret',
      /localhost resolves to 127\.0\.0\.1, which is not public: it is a loopback/,
    ],
    ['http://[::1]:PORT/secret', /::1 is not a public address: it is a loopback address/],
    ['http://[0:0:0:0:0:0:0:1]:PORT/secret', /loopback/],
    [
      'http://10.1.2.3/secret',
      /10\.1\.2\.3 is not a public address: it is a private network address/,
    ],
    ['http://169.254.169.254/latest/meta-data/', /link-local address \(cloud metadata/],
    ['http://2130706433:PORT/secret', /127\.0\.0\.1 .*loopback/], // decimal loopback
    ['http://0177.0.0.1:PORT/secret', /127\.0\.0\.1 .*loopback/], // octal loopback
    ['http://0x7f.1:PORT/secret', /127\.0\.0\.1 .*loopback/], // hex, short form
    ['http://127.1:PORT/secret', /127\.0\.0\.1 .*loopback/],
    ['http://[::ffff:127.0.0.1]:PORT/secret', /IPv4-mapped/],
    ['http://[::ffff:7f00:1]:PORT/secret', /IPv4-mapped/],
    ['http://[::127.0.0.1]:PORT/secret', /not a global unicast IPv6 address/], // IPv4-compatible
    ['http://[64:ff9b::7f00:1]:PORT/secret', /special-purpose address \(rfc6052\)/], // NAT64
    ['http://[fd00::1]/', /unique-local/],
    ['http://[fe80::1]/', /link-local/],
    ['http://[ff02::1]/', /multicast/],
    ['http://0.0.0.0:PORT/secret', /unspecified/],
    ['http://0:PORT/secret', /0\.0\.0\.0 .*unspecified/],
    ['http://[::ffff:169.254.169.254]/latest/meta-data/', /IPv4-mapped/],
    ['http://[fe80::1%25eth0]/', /is not a valid absolute URL/], // a zone id
    ['http://[::]:PORT/secret', /unspecified/],
    ['http://100.64.0.1/', /carrier-grade NAT/],
    ['http://224.0.0.1/', /multicast/],
    ['http://255.255.255.255/', /broadcast/],
  ])('%s', async (raw, reason) => {
    await refused(raw.replace('PORT', String(site.port)), reason);
    expect(secretHits()).toBe(0);
  });

  it.each([
    [
      'http://private.test/',
      /private\.test resolves to 10\.0\.0\.7, which is not public: it is a private network address/,
    ],
    ['http://metadata.test/latest/meta-data/', /169\.254\.169\.254.*link-local/],
    ['http://cgnat.test/', /carrier-grade NAT/],
    ['http://mixed.test/', /mixed\.test resolves to 10\.0\.0\.7/],
    ['http://ula.test/', /fd00::1.*unique-local/],
    ['http://mapped.test/', /IPv4-mapped/],
  ])('a name that resolves to a private address: %s', async (raw, reason) => {
    await refused(raw, reason);
  });

  it.each([
    ['file:///etc/passwd', /Only http and https URLs are fetched, not file:/],
    ['ftp://site.test/file', /not ftp:/],
    ['gopher://site.test:70/_x', /not gopher:/],
    ['data:text/plain,hello', /not data:/],
    ['javascript:alert(1)', /not javascript:/],
    ['not a url', /is not a valid absolute URL/],
    ['http://user:pass@site.test:PORT/page.html', /user name or password/],
    ['http://93.184.216.34:25/', /Port 25 is not fetched/],
  ])('%s', async (raw, reason) => {
    await refused(raw.replace('PORT', String(site.port)), reason);
  });

  it('re-checks every redirect: an allowed host redirecting to a private one is refused', async () => {
    const hops = [
      `http://127.0.0.1:${site.port}/secret`,
      `http://localhost:${site.port}/secret`,
      `http://[::ffff:127.0.0.1]:${site.port}/secret`,
      'http://private.test/secret',
      'http://169.254.169.254/latest/meta-data/',
    ];
    for (const to of hops) {
      await refused(
        `http://site.test:${site.port}/redirect?to=${encodeURIComponent(to)}`,
        /not a public address|not public/,
      );
    }
    expect(secretHits()).toBe(0);
  });

  it('refuses a redirect to file:, and a sixth redirect', async () => {
    await refused(
      `http://site.test:${site.port}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`,
      /Only http and https URLs are fetched, not file:/,
    );
    await refused(`http://site.test:${site.port}/chain/6`, /More than 5 redirects/);
  });
});

describe('caps: size, time, content type', () => {
  it('refuses a 20 MB body (declared length) and cuts off a 20 MB chunked body', async () => {
    await refused(
      `http://site.test:${site.port}/huge?mb=20`,
      /answered 20 MB; at most 10 MB is fetched/,
    );
    await refused(`http://site.test:${site.port}/huge?mb=20&chunked`, /sent more than 10 MB/);
  });

  it('cuts off a gzip bomb after 10 MB of decompressed output', async () => {
    await refused(
      `http://site.test:${site.port}/gzip-bomb?mb=100`,
      /more than 10 MB \(after decompression\)/,
    );
  });

  it('stops a body that is too slow', async () => {
    await refused(`http://site.test:${site.port}/slow?ms=8000`, /took longer than 3 s/);
  });

  it('refuses content types that are not text', async () => {
    await refused(
      `http://site.test:${site.port}/binary`,
      /content type "application\/octet-stream"/,
    );
    await refused(`http://site.test:${site.port}/image.png`, /content type "image\/png"/);
  });
});

describe('unreachable URLs (502 URL_FETCH_FAILED) and bad requests', () => {
  it('says when a name does not resolve or a host refuses the connection', async () => {
    let res = await fetchUrl('http://nowhere.test/');
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toMatchObject({
      code: 'URL_FETCH_FAILED',
      message: 'url: nowhere.test could not be resolved (no such host).',
    });
    res = await fetchUrl(`http://site.test:${closedPort}/`);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toBe(`url: site.test:${closedPort} refused the connection.`);
  });

  it('needs a signed-in caller, this project and a url', async () => {
    expect((await fetchUrl('http://site.test/', 'nope')).statusCode).toBe(401);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/data/other/fetch',
      headers: { authorization: `Bearer ${token}` },
      payload: { url: 'http://site.test/' },
    });
    expect(other.statusCode).toBe(404);
    for (const payload of [
      {},
      { url: '' },
      { url: 'x'.repeat(2049) },
      { url: 'http://a/', extra: 1 },
      { url: 5 },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/data/codewright/fetch',
        headers: { authorization: `Bearer ${token}` },
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_ERROR');
      expect(res.json().error.message).toMatch(/url|extra/);
    }
  });
});
