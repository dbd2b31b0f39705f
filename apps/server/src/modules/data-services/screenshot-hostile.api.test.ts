// Screenshots of hostile pages: a page that opens a popup to a refused address, and a
// page that loops forever after `load`. Neither may end the process, hold a slot past the cap, or
// keep a slot once its client has gone (DESIGN §3.14, docs/decisions/018).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFixtureSite, type FixtureSite } from '../../../../../e2e/fixtures/fixture-site.mjs';
import { newSession } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestResolver } from '../../test/test-resolver.ts';

/** URL_FETCH_TIMEOUT_MS of the app under test; a screenshot's overall cap is twice that. */
const FETCH_TIMEOUT_MS = 4_000;
const CAP_MS = 2 * FETCH_TIMEOUT_MS;

let site: FixtureSite;
let t: TestApp;
let token: string;
let origin: string;
let port: number;

beforeAll(async () => {
  site = await startFixtureSite();
  const resolver = createTestResolver({ 'site.test': '127.0.0.1' });
  origin = `http://site.test:${site.port}`;
  t = await createTestApp(
    {
      URL_ALLOW_LIST: `site.test:${site.port}`,
      URL_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS),
      RATE_LIMIT_MAX: '100000',
    },
    { urlLookup: resolver.lookup },
  );
  token = (await newSession(t.app)).session.access_token;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const shoot = (payload: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/data/codewright/screenshot',
    headers: { authorization: `Bearer ${token}` },
    payload,
  });

/** A screenshot request over a real connection that the client drops after `ms`. */
function shootAndLeave(payload: Record<string, unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const body = JSON.stringify(payload);
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/api/data/codewright/screenshot',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      },
    });
    req.on('error', () => resolve());
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve());
    });
    req.end(body);
    setTimeout(() => {
      req.destroy();
      resolve();
    }, ms);
  });
}

describe('POST /screenshot of hostile pages', () => {
  it('a page that opens a popup to a refused address is shot, and the server answers the next request', async () => {
    const res = await shoot({ url: `${origin}/popup.html`, width: 400, height: 300 });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(site.requests.filter((r) => r.path.startsWith('/secret'))).toEqual([]);
  }, 60_000);

  it('two looping full-page shots answer within the cap, and a third shot is served after them', async () => {
    const started = Date.now();
    const loops = await Promise.all(
      [0, 1].map(() =>
        shoot({ url: `${origin}/loop.html`, fullPage: true, width: 400, height: 300 }),
      ),
    );
    for (const res of loops) {
      expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
      expect(res.json().error).toEqual({
        code: 'URL_NOT_ALLOWED',
        message: `url: the page did not finish loading and rendering within ${CAP_MS / 1000} s.`,
      });
    }
    // The cap, plus the grace for closing a hung page: never the client's patience.
    expect(Date.now() - started).toBeLessThan(CAP_MS + 5_000);
    const next = await shoot({ url: `${origin}/shot.html`, width: 320, height: 240 });
    expect(next.statusCode, next.body.slice(0, 300)).toBe(200);
  }, 60_000);

  it('a client that leaves frees its slot at once', async () => {
    // Both slots taken by looping pages whose clients leave after a second ...
    await Promise.all(
      [0, 1].map(() =>
        shootAndLeave(
          { url: `${origin}/loop.html`, fullPage: true, width: 400, height: 300 },
          1_000,
        ),
      ),
    );
    // ... so this one starts now, not when the loops' cap would have passed.
    const started = Date.now();
    const res = await shoot({ url: `${origin}/shot.html`, width: 320, height: 240 });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(Date.now() - started).toBeLessThan(CAP_MS - 2_000);
  }, 60_000);
});
