// Scrape (with an AI `extract` through the scripted model server) and extract from a URL and
// from an upload (HTML, PDF, Markdown, text), on the real app (DESIGN §2c). Screenshots and
// search: data-screenshot-search.api.test.ts; SSRF cases: data-ssrf.api.test.ts.
// (Over 300 lines: scrape and extract from a URL or an upload share one app, fixture site and model
// server and the multipart helpers below.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanInfo } from '@codewright/contract';
import { startFixtureSite, type FixtureSite } from '../../../../../e2e/fixtures/fixture-site.mjs';
import { startModelServer, type ModelServer } from '../../../../../e2e/fixtures/model-server.mjs';
import { newSession } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestResolver } from '../../test/test-resolver.ts';

let site: FixtureSite;
let model: ModelServer;
let t: TestApp;
let token: string;
let origin: string;

beforeAll(async () => {
  site = await startFixtureSite();
  model = await startModelServer({ port: 0 });
  const resolver = createTestResolver({ 'site.test': '127.0.0.1' });
  origin = `http://site.test:${site.port}`;
  t = await createTestApp(
    {
      URL_ALLOW_LIST: `site.test:${site.port}`,
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: model.url,
      AI_MODEL_BASIC: 'codewright-test-model',
      RATE_LIMIT_MAX: '100000',
    },
    { urlLookup: resolver.lookup },
  );
  token = (await newSession(t.app)).session.access_token;
}, 120_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
  await model?.close();
});

const post = (path: string, payload: unknown, app = t, auth = token) =>
  app.app.inject({
    method: 'POST',
    url: `/api/data/codewright/${path}`,
    headers: { authorization: `Bearer ${auth}` },
    payload: payload as Record<string, unknown>,
  });
const planOf = async (auth = token) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/plan',
      headers: { authorization: `Bearer ${auth}` },
    })
  ).json<PlanInfo>();

/** A multipart body with one file part. */
function multipart(name: string, type: string, bytes: Buffer, field = 'file') {
  const boundary = `----cw${Date.now()}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
const upload = (name: string, type: string, bytes: Buffer, field = 'file') => {
  const form = multipart(name, type, bytes, field);
  return t.app.inject({
    method: 'POST',
    url: '/api/data/codewright/extract-from-blob',
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
    payload: form.body,
  });
};

describe('POST /scrape', () => {
  it('turns the readable content into markdown, with html, metadata and absolute links', async () => {
    const res = await post('scrape', { url: `${origin}/page.html` });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.url).toBe(`${origin}/page.html`);
    expect(body.markdown).toMatch(/^# Fixture Article/);
    expect(body.markdown).toContain(`[a relative link](${origin}/docs/intro)`);
    expect(body.markdown).toContain('**strong words**');
    expect(body.markdown).toMatch(
      /\| Name \| Value \|\n\| --- \| --- \|\n\| alpha \| 1 +\|\n\| beta \| 2 +\|/,
    );
    expect(body.markdown).toContain('```\nconst answer = 42;\n```');
    expect(body.markdown).toContain(`![A fixture image](${origin}/image.png)`);
    // The page around the article (navigation, footer, scripts) is left out.
    expect(body.markdown).not.toMatch(/Privacy|Elsewhere|tracking/);
    expect(body.html).toContain('<title>Fixture Article</title>');
    expect(body.metadata).toEqual({
      title: 'Fixture Article (OG)',
      description: 'A page the data tests read.',
      language: 'en',
      canonicalUrl: `${origin}/page.html`,
      siteName: 'Fixture Site',
      byline: 'By Ada Fixture',
      publishedTime: null,
      image: `${origin}/image.png`,
      openGraph: {
        title: 'Fixture Article (OG)',
        type: 'article',
        image: '/image.png',
        site_name: 'Fixture Site',
      },
    });
    expect(body.links).toEqual([
      `${origin}/`,
      `${origin}/about`,
      'https://example.org/elsewhere',
      `${origin}/docs/intro`,
      `${origin}/privacy`,
      `${origin}/page.html`,
    ]);
    expect(body.extract).toBeUndefined();
  });

  it('refuses what is not HTML, and says when the page is missing', async () => {
    let res = await post('scrape', { url: `${origin}/plain.txt` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'URL_NOT_ALLOWED' });
    expect(res.json().error.message).toMatch(
      /content type "text\/plain"; accepted here: text\/html/,
    );
    res = await post('scrape', { url: `${origin}/missing` });
    expect(res.statusCode).toBe(502);
    expect(res.json().error).toEqual({
      code: 'URL_FETCH_FAILED',
      message: `url: ${origin}/missing answered HTTP 404.`,
    });
  });

  it('extracts an object with the caller’s schema from the page, charged to one meter', async () => {
    const { session } = await newSession(t.app);
    const before = model.requests.length;
    const schema = {
      type: 'object',
      properties: { title: { type: 'string', maxLength: 200 }, sections: { type: 'integer' } },
      required: ['title', 'sections'],
    };
    const res = await post(
      'scrape',
      {
        url: `${origin}/page.html`,
        extract: { schema, prompt: 'Give the title and the number of sections.' },
      },
      t,
      session.access_token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.extract).toEqual({
      title: expect.stringMatching(/^title: Give the title and the number of sections\./),
      sections: 1,
    });
    expect(body.usage).toMatchObject({ inputTokens: 10, outputTokens: 5 });
    // The page's markdown reached the model, with the schema in the system message.
    const sent = model.requests
      .slice(before)
      .flatMap((r) => r.body.messages ?? [])
      .map((m) => `${m.role}: ${String(m.content)}`)
      .join('\n');
    expect(sent).toContain('Fixture Article');
    expect(sent).toContain(`[a relative link](${origin}/docs/intro)`);
    expect(sent).toMatch(/^system: [\s\S]*"sections":\{"type":"integer"\}/);
    expect((await planOf(session.access_token)).usage.generationsUsed).toBe(1);
  });

  it('refunds the extract when the model fails, and refuses a bad schema before fetching', async () => {
    const { session } = await newSession(t.app);
    const schema = { type: 'object', properties: { a: { type: 'string', maxLength: 10 } } };
    let res = await post(
      'scrape',
      { url: `${origin}/page.html`, extract: { schema, prompt: '[[error:500]]' } },
      t,
      session.access_token,
    );
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('AI_PROVIDER_ERROR');
    res = await post(
      'scrape',
      { url: `${origin}/page.html`, extract: { schema, prompt: '[[bad-object]]' } },
      t,
      session.access_token,
    );
    expect(res.statusCode).toBe(502);
    expect(res.json().error.message).toMatch(/did not match your schema/);
    expect((await planOf(session.access_token)).usage.generationsUsed).toBe(0);

    const hits = site.requests.length;
    res = await post('scrape', {
      url: `${origin}/page.html`,
      extract: {
        schema: { type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } } },
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(
      /^extract\.schema: is not accepted for untrusted use.*maxLength/,
    );
    res = await post('scrape', {
      url: `${origin}/page.html`,
      extract: { schema: { type: 'nonsense' } },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/^extract\.schema: /);
    expect(site.requests.length).toBe(hits);
  });
});

describe('POST /extract-from-url and /extract-from-blob', () => {
  it('reads HTML, PDF, Markdown and plain text from a URL', async () => {
    let res = await post('extract-from-url', { url: `${origin}/page.html` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().text).toMatch(
      /^# Fixture Article[\s\S]*first paragraph of the fixture article/,
    );
    expect(res.json().metadata).toEqual({
      kind: 'html',
      contentType: 'text/html',
      title: 'Fixture Article (OG)',
      description: 'A page the data tests read.',
      author: 'By Ada Fixture',
      language: 'en',
      pages: null,
      url: `${origin}/page.html`,
    });
    res = await post('extract-from-url', { url: `${origin}/doc.pdf` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      text: 'Hello PDF world',
      metadata: {
        kind: 'pdf',
        contentType: 'application/pdf',
        title: 'Fixture PDF',
        description: null,
        author: 'Codewright fixtures',
        language: null,
        pages: 1,
        url: `${origin}/doc.pdf`,
      },
    });
    res = await post('extract-from-url', { url: `${origin}/notes.md` });
    expect(res.json()).toMatchObject({
      text: '# Fixture Notes\n\nSome *markdown* text.\n',
      metadata: { kind: 'markdown', title: 'Fixture Notes' },
    });
    res = await post('extract-from-url', { url: `${origin}/plain.txt` });
    expect(res.json()).toMatchObject({
      text: 'Just plain text.\nSecond line.\n',
      metadata: { kind: 'text', title: null },
    });
  });

  it('refuses binaries and images', async () => {
    let res = await post('extract-from-url', { url: `${origin}/binary` });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toMatch(/send HTML, PDF, Markdown or plain text/);
    res = await post('extract-from-url', { url: `${origin}/image.png` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('URL_NOT_ALLOWED');
  });

  it('reads an uploaded PDF, Markdown, HTML and text file', async () => {
    const pdf = await fetch(`${site.url}/doc.pdf`).then(async (r) =>
      Buffer.from(await r.arrayBuffer()),
    );
    let res = await upload('report.pdf', 'application/pdf', pdf);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      text: 'Hello PDF world',
      metadata: { kind: 'pdf', pages: 1, url: null },
    });
    res = await upload(
      'readme.md',
      'text/markdown',
      Buffer.from('---\ntitle: Front Title\n---\n# Heading\n'),
    );
    expect(res.json()).toMatchObject({ metadata: { kind: 'markdown', title: 'Front Title' } });
    res = await upload(
      'page.html',
      'text/html',
      Buffer.from(
        '<html><head><title>Up</title></head><body><p>Uploaded page text.</p></body></html>',
      ),
    );
    expect(res.json()).toMatchObject({ metadata: { kind: 'html', title: 'Up' } });
    expect(res.json().text).toContain('Uploaded page text.');
    res = await upload('notes.txt', 'text/plain; charset=utf-8', Buffer.from('héllo'));
    expect(res.json()).toMatchObject({ text: 'héllo', metadata: { kind: 'text' } });
  });

  it('refuses an upload that is empty, too large, not a document or not multipart', async () => {
    let res = await upload('empty.txt', 'text/plain', Buffer.alloc(0));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/non-empty file/);
    res = await upload('big.txt', 'text/plain', Buffer.alloc(10 * 1024 * 1024 + 10, 'a'));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'The document is larger than 10 MB; send a smaller one.',
    });
    res = await upload('x.bin', 'application/octet-stream', Buffer.from([0, 1, 2, 0, 0xff]));
    expect(res.statusCode).toBe(415);
    res = await upload('fake.pdf', 'application/pdf', Buffer.from('not really a pdf'));
    expect(res.statusCode).toBe(415);
    res = await upload('a.txt', 'text/plain', Buffer.from('x'), 'document');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/Unknown multipart field "document"/);
    res = await post('extract-from-blob', { file: 'x' });
    expect(res.statusCode).toBe(415);
  });
});
