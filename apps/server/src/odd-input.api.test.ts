import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, PATH_SEGMENT_MAX_LENGTH } from '@codewright/contract';
import { newSession, signUp, uniqueEmail } from './test/auth-helpers.ts';
import { createLoggedTestApp, type LoggedTestApp } from './test/logged-test-app.ts';
import { sendAndReset } from './test/fuzz/raw-http.ts';

// DESIGN §3.11: odd input is a 400 that names what to fix, never a 500, and every
// answer (also Fastify's own refusals) is in the `{error:{code,message}}` envelope.
let t: LoggedTestApp;
let token: string;
let port: number;
beforeAll(async () => {
  t = await createLoggedTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
  token = (await newSession(t.app)).session.access_token;
});
afterAll(async () => {
  await t?.close();
});

const auth = () => ({ authorization: `Bearer ${token}` });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const nested = (levels: number) => '['.repeat(levels) + ']'.repeat(levels);

function expectValidation(res: { statusCode: number; json(): unknown }, ...parts: string[]) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe('VALIDATION_ERROR');
  for (const part of parts) expect(body.error.message).toContain(part);
}

describe('NUL characters and lone surrogates', () => {
  it.each([
    ['NUL', 'Ada\u0000Lovelace'],
    ['a lone surrogate', 'Ada\uD800'],
  ])(
    'in displayName (%s) are a 400 naming displayName, at sign-up and on PATCH /me',
    async (_, name) => {
      const up = await signUp(t.app, {
        email: uniqueEmail('nul'),
        password: 'password1',
        displayName: name,
      });
      expectValidation(up, 'displayName', 'NUL');
      const patch = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/me',
        headers: auth(),
        payload: { displayName: name },
      });
      expectValidation(patch, 'displayName');
    },
  );

  it.each([
    ['type', { type: 'click\u0000' }, 'events.0.type'],
    ['pathname', { type: 'page_view', pathname: '/a\u0000' }, 'events.0.pathname'],
    ['a property', { type: 'cta_clicked', cta_name: 'x\u0000' }, 'events.0.cta_name'],
    ['a property (lone surrogate)', { type: 'cta_clicked', page: '\uDC00/' }, 'events.0.page'],
    ['a property name', { type: 'cta_clicked', 'na\u0000me': 'x' }, 'events.0 property names'],
  ])('in an analytics %s are a 400 naming it', async (_, event, field) => {
    const res = await post('/api/analytics/codewright/log', { events: [event] });
    expectValidation(res, field);
  });

  it('in a free-form db column are a 400 naming the column', async () => {
    const res = await post(
      '/api/db/codewright/rest/v1/projects',
      { name: 'ok', language: 'Go', code: 'package main\uD83D' },
      auth(),
    );
    expectValidation(res, 'code');
  });
});

describe('numbers JSON cannot hold', () => {
  // 1e999 parses to Infinity, which JSON.stringify and jsonb would turn into null.
  it('in user metadata are a 400 naming the field', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: auth(),
      payload: { metadata: '{"theme":{"size":1e999}}' },
    });
    expectValidation(res, 'metadata.theme.size', 'finite number');
  });

  it.each([
    [
      'a db row value',
      '/api/db/codewright/rest/v1/projects',
      '{"name":-1e999,"language":"Go"}',
      'name',
    ],
    [
      'a row of an array',
      '/api/db/codewright/rest/v1/chat_messages',
      '[{"project_id":"p","role":"user","content":"x","position":1e400}]',
      '0.position',
    ],
    [
      'an analytics event',
      '/api/analytics/codewright/log',
      '{"events":[{"type":"x","n":1e999}]}',
      'events.0.n',
    ],
  ])('in %s are a 400 naming the field', async (_, url, payload, field) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth(), 'content-type': 'application/json' },
      payload,
    });
    expectValidation(res, field, 'finite number');
  });
});

describe('deep values', () => {
  it(`refuses a metadata string nested past ${JSON_MAX_DEPTH} levels with the limit`, async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: auth(),
      payload: { metadata: `{"a":${nested(5000)}}` },
    });
    expectValidation(res, 'metadata.a', `${JSON_MAX_DEPTH} levels`);
  });

  it.each([
    '/api/auth/signup',
    '/api/analytics/codewright/log',
    '/api/db/codewright/rest/v1/projects',
    '/api/plan/upgrade',
  ])('refuses a deeply nested JSON body on %s with the limit', async (url) => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...auth(), 'content-type': 'application/json' },
      payload: `{"events":${nested(100_000)}}`,
    });
    expectValidation(res, `${JSON_MAX_DEPTH} levels`);
  });
});

describe("Fastify's own refusals", () => {
  it.each(['/public/uploads/%ff', '/api/%ff', '/api/storage/codewright/public/uploads/%E0%A4%A'])(
    'answer a malformed URL (%s) in our envelope',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expectValidation(res, '%25');
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it.each([
    ['a path parameter', (long: string) => `/api/ai/${long}/status`],
    ['a segment of an unknown API path', (long: string) => `/api/auth/${long}`],
    [
      'a segment under a wildcard route',
      (long: string) => `/api/storage/codewright/public/uploads/${long}`,
    ],
    ['a page path', (long: string) => `/${long}`],
    ['a static file path', (long: string) => `/assets/${long}?x=1`],
  ])('answers %s over PATH_SEGMENT_MAX_LENGTH with 414 in our envelope', async (_, url) => {
    for (const length of [PATH_SEGMENT_MAX_LENGTH + 1, 1000, 5000]) {
      const res = await t.app.inject({ method: 'GET', url: url('p'.repeat(length)) });
      expect(res.statusCode, `${length}`).toBe(414);
      expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
      expect(res.json().error.message).toContain(`the limit is ${PATH_SEGMENT_MAX_LENGTH}`);
    }
    const atLimit = await t.app.inject({
      method: 'GET',
      url: url('p'.repeat(PATH_SEGMENT_MAX_LENGTH)),
    });
    expect(atLimit.statusCode).not.toBe(414);
  });

  it('closes an HTTP/0.9 request (no version) without answering it', async () => {
    for (const raw of ['GET /\r\n\r\n', 'GET /api/health\r\nHost: x\r\n\r\n']) {
      expect(await rawRequest(raw), JSON.stringify(raw)).toBe('');
    }
    // Cut off before its (empty) header block ends: unreadable HTTP, a 400 at most.
    const cut = await rawRequest('GET /\r\n', { end: true });
    expect(cut === '' || cut.startsWith('HTTP/1.1 400 Bad Request\r\n'), cut).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it.each([
    ['a bad request line', 'GET /a b c HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['an unknown method', 'BREW /api/health HTTP/1.1\r\nHost: x\r\n\r\n', 400],
    ['a malformed header', 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n', 400],
    [
      'headers over the limit',
      `GET / HTTP/1.1\r\nHost: x\r\nX-A: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
    ],
    [
      'an HTTP/1.1 request without Host',
      'GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n',
      400,
    ],
    ['a CONNECT request', 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', 405],
  ])('answer %s on a real socket in our envelope', async (_, raw, status) => {
    const answer = await rawRequest(raw);
    expect(answer.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${statusText(status)}`);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;
    expect(body).toMatchObject({
      error: { code: 'VALIDATION_ERROR', message: expect.any(String) },
    });
  });
});

describe('the rate limiter', () => {
  it('never throws on a request whose connection was reset before it ran', async () => {
    let seen = 0;
    const count = () => seen++;
    t.app.server.on('request', count);
    const sockets = 50;
    const wire = 'GET /api/plan HTTP/1.1\r\nHost: x\r\n\r\n';
    await Promise.all(Array.from({ length: sockets }, () => sendAndReset(port, wire)));
    // Every request reached the server; give its hooks a turn to run.
    await expect.poll(() => seen, { timeout: 5000 }).toBe(sockets);
    await new Promise((resolve) => setTimeout(resolve, 100));
    t.app.server.off('request', count);
    expect(t.unhandled()).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

const statusText = (status: number) =>
  ({ 400: 'Bad Request', 405: 'Method Not Allowed', 431: 'Request Header Fields Too Large' })[
    status
  ];

/** Writes raw bytes on a new connection and reads until the server closes it. */
function rawRequest(raw: string, options: { end?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = net.connect(port, '127.0.0.1', () =>
      options.end ? socket.end(raw) : socket.write(raw),
    );
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}
