// Private files are served through short-lived signed URLs (docs/decisions/037): a private (Pro)
// folder's file answers 200 to its signed URL until the expiry and 404 everywhere else; a public
// (Free) folder's file keeps its plain URL. Time comes from an injected clock, never a sleep.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../../../e2e/fixtures/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newUser, proUser } from '../db/db-test-helpers.ts';
import { proTeam } from '../workspaces/workspace-test-helpers.ts';
import { SIGNED_URL_MAX_TTL_SECONDS } from './url-signing.ts';

let sink: SmtpSink;
let t: TestApp;
let base: string;
let now = Date.now();
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ SMTP_URL: sink.url }, { clock: () => now });
  // Fastify answers the address it listens on: http://127.0.0.1:<port>.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  // This client's kept-alive sockets go first: now and then one that last carried a streamed
  // file is not counted idle by Node, and close() would wait for its keep-alive time-out.
  t?.app.server.closeAllConnections();
  await t?.close();
  await sink?.close();
});

interface User {
  id: string;
  token: string;
}

const api = (route: string) => `${base}/api/storage/codewright${route}`;
async function upload(user: User, p: string, body: string): Promise<string> {
  const form = new FormData();
  form.append('path', p);
  form.append('file', new Blob([body]), 'blob');
  const res = await fetch(api('/upload'), {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}` },
    body: form,
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return ((await res.json()) as { publicUrl: string }).publicUrl;
}
/** The URL fetched from the test's listener (publicUrl is built on PUBLIC_URL). */
const local = (publicUrl: string) => {
  const url = new URL(publicUrl);
  return `${base}${url.pathname}${url.search}`;
};
const get = (url: string, user?: User) =>
  fetch(url, { headers: user ? { authorization: `Bearer ${user.token}` } : {} });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;
async function expectHidden(res: Response) {
  expect(res.status).toBe(404);
  expect(await errorOf(res)).toEqual({ code: 'FILE_NOT_FOUND', message: 'File not found' });
}
const withParam = (url: string, name: string, value: string) => {
  const u = new URL(url);
  u.searchParams.set(name, value);
  return u.toString();
};

describe("a private team's file (Pro workspace)", () => {
  it('is served to a member through its signed URL and to nobody through the plain path', async () => {
    const { owner, viewer, stranger, wsId } = await proTeam(t.app, sink);
    const key = `uploads/${wsId}/plan.txt`;
    const signed = await upload(owner, key, 'team secret');
    expect(signed).toMatch(/\?expires=\d+&signature=[\w-]{43}$/);
    const expires = Number(new URL(signed).searchParams.get('expires'));
    expect(expires).toBe(Math.floor(now / 1000) + SIGNED_URL_MAX_TTL_SECONDS);

    const ok = await get(local(signed));
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('team secret');
    expect(ok.headers.get('cache-control')).toBe('private, max-age=60');

    // Signed out, or signed in as anyone: the plain path is invisible.
    await expectHidden(await get(api(`/public/${key}`)));
    await expectHidden(await get(api(`/public/${key}`), stranger));
    // The Bearer download still serves members, and hides the file from outsiders.
    expect((await get(api(`/download?path=${encodeURIComponent(key)}`), viewer)).status).toBe(200);
    await expectHidden(await get(api(`/download?path=${encodeURIComponent(key)}`), stranger));
  });

  it('a tampered, moved or foreign signature is 404, never the bytes', async () => {
    const { owner, wsId } = await proTeam(t.app, sink);
    const other = await proUser(t.app);
    const key = `uploads/${wsId}/a.txt`;
    const signed = await upload(owner, key, 'aaa');
    const { signature, expires } = Object.fromEntries(new URL(signed).searchParams) as {
      signature: string;
      expires: string;
    };
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    const foreign = await upload(other, `uploads/${other.id}/b.txt`, 'bbb');
    const foreignParams = new URL(foreign).search;
    for (const url of [
      withParam(signed, 'signature', flipped),
      withParam(signed, 'expires', String(Number(expires) + 3600)),
      withParam(signed, 'signature', ''),
      withParam(signed, 'expires', 'soon'),
      `${api(`/public/${key}`)}${foreignParams}`,
      `${api(`/public/uploads/${wsId}/other.txt`)}?expires=${expires}&signature=${signature}`,
      `${api(`/public/${key}`)}?expires=${expires}&expires=${expires}&signature=${signature}`,
      `${api(`/public/${key}`)}?expires=${expires}&signature=%E0%A4%A`,
    ]) {
      await expectHidden(await get(local(url)));
    }
  });

  it('a member removed after the URL was issued keeps it until it expires, then it is 404', async () => {
    const { owner, editor, wsId } = await proTeam(t.app, sink);
    const signed = await upload(editor, `uploads/${wsId}/draft.txt`, 'draft');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/workspaces/${wsId}/members/${editor.id}`,
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    // No longer a member: the Bearer download is hidden at once...
    await expectHidden(
      await get(api(`/download?path=${encodeURIComponent(`uploads/${wsId}/draft.txt`)}`), editor),
    );
    // ...while the URL already handed out works until its expiry (at most an hour).
    now += (SIGNED_URL_MAX_TTL_SECONDS - 1) * 1000;
    expect((await get(local(signed))).status).toBe(200);
    now += 1000;
    await expectHidden(await get(local(signed)));
  });
});

describe('GET /url: a fresh URL for a reader', () => {
  const urlOf = (user: User, p: string) => get(api(`/url?path=${encodeURIComponent(p)}`), user);

  it('gives a member a new signed URL after the old one expired; outsiders and missing files 404', async () => {
    const { owner, viewer, stranger, wsId } = await proTeam(t.app, sink);
    const key = `uploads/${wsId}/logo.txt`;
    const first = await upload(owner, key, 'logo');
    now += SIGNED_URL_MAX_TTL_SECONDS * 1000;
    await expectHidden(await get(local(first)));

    const res = await urlOf(viewer, key);
    expect(res.status).toBe(200);
    const { path, publicUrl } = (await res.json()) as { path: string; publicUrl: string };
    expect(path).toBe(key);
    expect(publicUrl).toContain('?expires=');
    expect(await (await get(local(publicUrl))).text()).toBe('logo');

    await expectHidden(await urlOf(stranger, key));
    await expectHidden(await urlOf(viewer, `uploads/${wsId}/none.txt`));
    const bad = await urlOf(viewer, '../etc/passwd');
    expect(bad.status).toBe(400);
    expect((await errorOf(bad)).code).toBe('VALIDATION_ERROR');
  });

  it("answers a Free user's own file with its plain URL", async () => {
    const me = await newUser(t.app);
    const key = `uploads/${me.id}/a.txt`;
    const plain = await upload(me, key, 'a');
    const res = await urlOf(me, key);
    expect(await res.json()).toEqual({ path: key, publicUrl: plain });
  });
});

describe('public folders (Free)', () => {
  it("a Free user's file keeps its plain URL, served to anyone", async () => {
    const me = await newUser(t.app);
    const url = await upload(me, `uploads/${me.id}/pic.txt`, 'hello');
    expect(url).toBe(
      `http://localhost:${t.config.PORT}/api/storage/codewright/public/uploads/${me.id}/pic.txt`,
    );
    const res = await get(local(url));
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(await res.text()).toBe('hello');
    // A stray or stale signature does not hide a public file.
    expect((await get(`${local(url)}?expires=1&signature=x`)).status).toBe(200);
  });

  it("a Pro user's own folder is private like their workspace", async () => {
    const pro = await proUser(t.app);
    const key = `uploads/${pro.id}/mine.txt`;
    const url = await upload(pro, key, 'mine');
    expect(url).toContain('?expires=');
    expect((await get(local(url))).status).toBe(200);
    await expectHidden(await get(api(`/public/${key}`)));
  });
});
