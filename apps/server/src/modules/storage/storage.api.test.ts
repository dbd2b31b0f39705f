// (Over 300 lines: the storage route family — upload, public URL, download, remove and their
// refusals — shares one listening app and the upload helpers below; sessions come from
// test/auth-helpers.ts.) Every scenario runs on each backend (docs/decisions/005): the local disk,
// and an S3-compatible bucket on a real server (s3rver, test/s3-server.ts), never a mock of the SDK.
import fs from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKEND_UPLOAD_MAX_BYTES,
  fileTooLargeMessage,
  type UploadResult,
} from '@codewright/contract';
import { newSession } from '../../test/auth-helpers.ts';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { bytes, PNG, PUBLIC_URL, type StorageUser } from './storage-test-helpers.ts';

// Real multipart bodies over a real socket: the app listens and Node's fetch is the client.
// Public URLs are built on PUBLIC_URL; `local()` fetches one from the listening test server.
const BACKENDS = ['local', 's3'] as const;
let t: TestApp;
let base: string;
/** The bucket's server while the `s3` scenarios run. */
let s3: TestS3Server | undefined;

type User = StorageUser;
async function newUser(): Promise<User> {
  const { session } = await newSession(t.app);
  return { id: session.user.id, token: session.access_token };
}

interface UploadInput {
  file?: Blob;
  fileName?: string;
  path?: string;
  options?: unknown;
  fileFirst?: boolean;
  project?: string;
}
function upload(user: User | null, input: UploadInput) {
  const form = new FormData();
  const addFields = () => {
    if (input.path !== undefined) form.append('path', input.path);
    if (input.options !== undefined) form.append('options', JSON.stringify(input.options));
  };
  if (!input.fileFirst) addFields();
  if (input.file) form.append('file', input.file, input.fileName ?? 'blob');
  if (input.fileFirst) addFields();
  return fetch(`${base}/api/storage/${input.project ?? 'codewright'}/upload`, {
    method: 'POST',
    headers: user ? { authorization: `Bearer ${user.token}` } : {},
    body: form,
  });
}
const download = (user: User, p: string) =>
  fetch(`${base}/api/storage/codewright/download?path=${encodeURIComponent(p)}`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
const remove = (user: User, paths: unknown) =>
  fetch(`${base}/api/storage/codewright/remove`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ paths }),
  });
const errorOf = async (res: Response) =>
  ((await res.json()) as { error: { code: string; message: string } }).error;
const local = (publicUrl: string) => `${base}${new URL(publicUrl).pathname}`;

/** Every file under DATA_DIR/uploads, staging files included. */
async function filesOnDisk(): Promise<string[]> {
  const root = path.join(t.config.DATA_DIR, 'uploads');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
/** The user's stored files (on disk, or objects in the bucket) and every staging file. */
async function filesOf(user: User) {
  const objects = s3 ? await s3.keysUnder(`uploads/${user.id}/`) : [];
  const onDisk = (await filesOnDisk()).filter((f) => f.includes(user.id) || f.includes('.staging'));
  return [...onDisk, ...objects];
}

describe.each(BACKENDS)('storage on %s', (backend) => {
  beforeAll(async () => {
    if (backend === 's3') s3 = await startS3Server();
    t = await createTestApp({ PUBLIC_URL, ...s3?.env });
    // Fastify answers the address it listens on: http://127.0.0.1:<port>.
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    // Kept-alive sockets that carried a streamed file go first (close() would wait for them).
    t?.app.server.closeAllConnections();
    await t?.close();
    await s3?.close();
    s3 = undefined;
  });

  describe('storage happy paths', () => {
    it('uploads, serves the public URL without auth, downloads and removes', async () => {
      const me = await newUser();
      const res = await upload(me, { file: new Blob([PNG]), path: `uploads/${me.id}/pic.png` });
      expect(res.status).toBe(201);
      const result = (await res.json()) as UploadResult;
      expect(result).toEqual({
        path: `uploads/${me.id}/pic.png`,
        publicUrl: `${PUBLIC_URL}/api/storage/codewright/public/uploads/${me.id}/pic.png`,
        size: PNG.length,
        mimeType: 'image/png',
      });

      const pub = await fetch(local(result.publicUrl));
      expect(pub.status).toBe(200);
      expect(pub.headers.get('content-type')).toBe('image/png');
      expect(pub.headers.get('x-content-type-options')).toBe('nosniff');
      expect(pub.headers.get('content-security-policy')).toBe(
        "default-src 'none'; img-src 'self'; sandbox",
      );
      expect(pub.headers.get('content-disposition')).toMatch(/^inline/);
      expect((await bytes(pub)).equals(PNG)).toBe(true);

      const down = await download(me, result.path);
      expect(down.status).toBe(200);
      expect((await bytes(down)).equals(PNG)).toBe(true);

      const rm = await remove(me, [result.path]);
      expect(rm.status).toBe(200);
      expect(await rm.json()).toEqual({ removed: [result.path] });
      expect((await download(me, result.path)).status).toBe(404);
      expect((await fetch(local(result.publicUrl))).status).toBe(404);
      expect(await filesOf(me)).toEqual([]);
    });

    it('accepts path and options after the file', async () => {
      const me = await newUser();
      const res = await upload(me, {
        file: new Blob(['hello']),
        path: `uploads/${me.id}/notes/a.txt`,
        options: { upsert: true },
        fileFirst: true,
      });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({
        path: `uploads/${me.id}/notes/a.txt`,
        size: 5,
        mimeType: 'text/plain',
      });
      expect(await (await download(me, `uploads/${me.id}/notes/a.txt`)).text()).toBe('hello');
    });

    it('stores PNG bytes named .jpg as .png with image/png', async () => {
      const me = await newUser();
      const res = await upload(me, { file: new Blob([PNG]), path: `uploads/${me.id}/photo.jpg` });
      expect(res.status).toBe(201);
      expect(await res.json()).toMatchObject({
        path: `uploads/${me.id}/photo.png`,
        mimeType: 'image/png',
      });
      expect((await download(me, `uploads/${me.id}/photo.jpg`)).status).toBe(404);
      expect((await download(me, `uploads/${me.id}/photo.png`)).status).toBe(200);
    });

    it('renames text that claims to be an image, and serves HTML only as a download', async () => {
      const me = await newUser();
      const fake = await upload(me, {
        file: new Blob(['<script>alert(1)</script>']),
        path: `uploads/${me.id}/evil.png`,
      });
      expect(fake.status).toBe(201);
      expect(await fake.json()).toMatchObject({
        path: `uploads/${me.id}/evil.txt`,
        mimeType: 'text/plain',
      });

      const html = await upload(me, {
        file: new Blob(['<html><script>alert(1)</script></html>']),
        path: `uploads/${me.id}/page.html`,
      });
      expect(html.status).toBe(201);
      const { publicUrl } = (await html.json()) as UploadResult;
      const pub = await fetch(local(publicUrl));
      expect(pub.status).toBe(200);
      expect(pub.headers.get('content-disposition')).toBe('attachment; filename="page.html"');
      expect(pub.headers.get('x-content-type-options')).toBe('nosniff');
      expect(pub.headers.get('content-type')).toBe('application/octet-stream');
      expect(pub.headers.get('content-security-policy')).toContain('sandbox');
    });
  });

  describe('user files are never active content on our origin', () => {
    it.each([
      ['app.js', 'alert(document.domain)'],
      ['module.mjs', 'export default 1; alert(1)'],
      ['component.jsx', 'alert(1)'],
      ['style.css', 'body { background: url(https://evil.example/x) }'],
      ['image.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
      ['feed.xml', '<?xml version="1.0"?><x/>'],
    ])(
      'serves %s as an octet-stream attachment, sandboxed, on the public URL and the download',
      async (name, body) => {
        const me = await newUser();
        const up = await upload(me, { file: new Blob([body]), path: `uploads/${me.id}/${name}` });
        expect(up.status).toBe(201);
        const { publicUrl, path: stored } = (await up.json()) as UploadResult;
        for (const res of [await fetch(local(publicUrl)), await download(me, stored)]) {
          expect(res.status).toBe(200);
          // A <script src> or <link rel=stylesheet> refuses a non-script/non-CSS type under nosniff.
          expect(res.headers.get('content-type')).toBe('application/octet-stream');
          expect(res.headers.get('x-content-type-options')).toBe('nosniff');
          expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
          const csp = res.headers.get('content-security-policy') ?? '';
          expect(csp).toContain('sandbox');
          expect(csp).toContain("default-src 'none'");
          expect(await res.text()).toBe(body);
        }
      },
    );

    it('keeps raster images inline and plain text readable', async () => {
      const me = await newUser();
      const png = await upload(me, { file: new Blob([PNG]), path: `uploads/${me.id}/dot.png` });
      const pub = await fetch(local(((await png.json()) as UploadResult).publicUrl));
      expect(pub.headers.get('content-type')).toBe('image/png');
      expect(pub.headers.get('content-disposition')).toBe('inline; filename="dot.png"');
      expect(pub.headers.get('content-security-policy')).toContain('sandbox');
      const txt = await upload(me, { file: new Blob(['hello']), path: `uploads/${me.id}/a.txt` });
      const text = await fetch(local(((await txt.json()) as UploadResult).publicUrl));
      expect(text.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(text.headers.get('content-disposition')).toBe('attachment; filename="a.txt"');
    });
  });

  describe('storage refusals', () => {
    it('needs a file', async () => {
      const me = await newUser();
      const res = await upload(me, { path: `uploads/${me.id}/a.txt` });
      expect(res.status).toBe(400);
      expect(await errorOf(res)).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'A file is required: send it in the multipart field "file".',
      });
    });

    it.each([
      ['a blank path', '   ', /path is required/],
      ['an empty path', '', /path is required/],
      ['a .. segment', 'uploads/ID/../x.txt', /\.\./],
      ['an absolute path', '/etc/passwd', /relative/],
      ['a backslash', 'uploads\\ID\\x.txt', /backslash/],
      ['an odd character', 'uploads/ID/a b.txt', /letters, digits/],
      ['a control character', 'uploads/ID/a\u0001.txt', /control/],
      ['an empty segment', 'uploads//ID/x.txt', /empty segments/],
      ['an over-long path', `uploads/ID/${'a'.repeat(600)}.txt`, /too long/],
    ])('refuses %s with 400 and leaves nothing behind', async (_label, raw, message) => {
      const me = await newUser();
      const res = await upload(me, { file: new Blob(['x']), path: raw.replace('ID', me.id) });
      expect(res.status).toBe(400);
      const error = await errorOf(res);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toMatch(message);
      expect(await filesOf(me)).toEqual([]);
    });

    it('refuses a missing path (file sent first)', async () => {
      const me = await newUser();
      const res = await upload(me, { file: new Blob(['x']), fileFirst: true });
      expect(res.status).toBe(400);
      expect((await errorOf(res)).message).toMatch(/path is required/);
      expect(await filesOf(me)).toEqual([]);
    });

    it("refuses another user's folder and paths outside uploads/ with 403", async () => {
      const me = await newUser();
      const other = await newUser();
      for (const [p, fileFirst] of [
        [`uploads/${other.id}/x.txt`, false],
        [`uploads/${other.id}/x.txt`, true],
        ['avatars/x.txt', false],
        [`uploads/${me.id}`, false],
      ] as const) {
        const res = await upload(me, { file: new Blob(['x']), path: p, fileFirst });
        expect(res.status).toBe(403);
        expect(await errorOf(res)).toMatchObject({ code: 'FORBIDDEN' });
      }
      expect([...(await filesOf(me)), ...(await filesOf(other))]).toEqual([]);
      expect(await fs.readdir(t.config.DATA_DIR)).not.toContain('avatars');
    });

    it('refuses 50 MB + 1 byte with 413 and the §8.1 text, leaving no file', async () => {
      const me = await newUser();
      const size = BACKEND_UPLOAD_MAX_BYTES + 1;
      const res = await upload(me, {
        file: new Blob([new Uint8Array(size)]),
        path: `uploads/${me.id}/big.bin`,
      });
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toEqual({
        code: 'FILE_TOO_LARGE',
        message: fileTooLargeMessage(size),
      });
      expect(fileTooLargeMessage(size)).toBe(
        'File size (50MB) exceeds maximum allowed size (50MB)',
      );
      expect(await filesOf(me)).toEqual([]);
    });

    it('refuses a declared body far over the limit before reading it', async () => {
      const me = await newUser();
      const size = 60 * 1024 * 1024;
      const res = await upload(me, {
        file: new Blob([new Uint8Array(size)]),
        path: `uploads/${me.id}/huge.bin`,
      });
      expect(res.status).toBe(413);
      const error = await errorOf(res);
      expect(error.code).toBe('FILE_TOO_LARGE');
      expect(error.message).toBe('File size (60MB) exceeds maximum allowed size (50MB)');
      expect(await filesOf(me)).toEqual([]);
    });

    it('counts a chunked body (no Content-Length) over the limit for the 413 text', async () => {
      const me = await newUser();
      const size = BACKEND_UPLOAD_MAX_BYTES + 512 * 1024;
      const body = new Blob([
        `--b0\r\nContent-Disposition: form-data; name="path"\r\n\r\nuploads/${me.id}/c.bin\r\n` +
          '--b0\r\nContent-Disposition: form-data; name="file"; filename="c.bin"\r\n\r\n',
        new Uint8Array(size),
        '\r\n--b0--\r\n',
      ]);
      const res = await fetch(`${base}/api/storage/codewright/upload`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${me.token}`,
          'content-type': 'multipart/form-data; boundary=b0',
        },
        body: body.stream(),
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(413);
      expect(await errorOf(res)).toEqual({
        code: 'FILE_TOO_LARGE',
        message: 'File size (50.5MB) exceeds maximum allowed size (50MB)',
      });
      expect(await filesOf(me)).toEqual([]);
    });

    it('answers 409 without upsert and overwrites with upsert', async () => {
      const me = await newUser();
      const p = `uploads/${me.id}/a.txt`;
      expect((await upload(me, { file: new Blob(['one']), path: p })).status).toBe(201);
      const again = await upload(me, { file: new Blob(['two']), path: p });
      expect(again.status).toBe(409);
      expect(await errorOf(again)).toEqual({
        code: 'FILE_EXISTS',
        message: 'File already exists. Set upsert: true to overwrite.',
      });
      expect(await (await download(me, p)).text()).toBe('one');
      const upsert = await upload(me, {
        file: new Blob(['three']),
        path: p,
        options: { upsert: true },
      });
      expect(upsert.status).toBe(201);
      expect(await (await download(me, p)).text()).toBe('three');
      expect((await filesOf(me)).length).toBe(1);
    });

    it('never lets a rename by type detection overwrite a file the caller did not name', async () => {
      const me = await newUser();
      const txt = `uploads/${me.id}/a.txt`;
      expect((await upload(me, { file: new Blob(['keep me']), path: txt })).status).toBe(201);
      for (const options of [undefined, { upsert: true }]) {
        // Text named a.wasm is stored as a.txt: a different, existing file.
        const res = await upload(me, {
          file: new Blob(['plain text']),
          path: `uploads/${me.id}/a.wasm`,
          options,
        });
        expect(res.status, JSON.stringify(options)).toBe(409);
        const error = await errorOf(res);
        expect(error.code).toBe('FILE_EXISTS');
        if (options) expect(error.message).toMatch(/stored as "a\.txt".*upload it as "a\.txt"/);
      }
      expect(await (await download(me, txt)).text()).toBe('keep me');
      // Naming a.txt itself still replaces it.
      const named = await upload(me, {
        file: new Blob(['new text']),
        path: txt,
        options: { upsert: true },
      });
      expect(named.status).toBe(201);
      expect(await (await download(me, txt)).text()).toBe('new text');
      expect((await filesOf(me)).length).toBe(1);
    });

    it('builds publicUrl from PUBLIC_URL, never from the Host header', async () => {
      const me = await newUser();
      const form = new FormData();
      form.append('path', `uploads/${me.id}/host.txt`);
      form.append('file', new Blob(['x']), 'host.txt');
      const encoded = new Request('http://localhost/', { method: 'POST', body: form });
      const body = Buffer.from(await encoded.arrayBuffer());
      const { port } = new URL(base);
      const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port,
            method: 'POST',
            path: '/api/storage/codewright/upload',
            headers: {
              host: 'evil.example',
              authorization: `Bearer ${me.token}`,
              'content-type': encoded.headers.get('content-type') ?? '',
              'content-length': body.length,
            },
          },
          (res) => {
            let text = '';
            res.setEncoding('utf8');
            res.on('data', (c: string) => (text += c));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
          },
        );
        req.on('error', reject);
        req.end(body);
      });
      expect(answer.status, answer.body).toBe(201);
      expect((JSON.parse(answer.body) as UploadResult).publicUrl).toBe(
        `${PUBLIC_URL}/api/storage/codewright/public/uploads/${me.id}/host.txt`,
      );
    });

    // On S3 only the staging folder is on this disk; the bucket's access is the operator's.
    if (backend === 'local')
      it('keeps uploads private on disk: files 0600, folders 0700', async () => {
        const me = await newUser();
        const res = await upload(me, {
          file: new Blob(['secret']),
          path: `uploads/${me.id}/deep/er/private.txt`,
        });
        expect(res.status).toBe(201);
        const root = path.join(t.config.DATA_DIR, 'uploads');
        const modeOf = async (p: string) => (await fs.stat(p)).mode & 0o777;
        expect(await modeOf(path.join(root, me.id, 'deep', 'er', 'private.txt'))).toBe(0o600);
        for (const dir of [root, path.join(root, '.staging'), path.join(root, me.id, 'deep', 'er')])
          expect(await modeOf(dir), dir).toBe(0o700);
      });

    it('answers 404 for a missing file on download and remove', async () => {
      const me = await newUser();
      const missing = await download(me, `uploads/${me.id}/nope.txt`);
      expect(missing.status).toBe(404);
      expect(await errorOf(missing)).toEqual({ code: 'FILE_NOT_FOUND', message: 'File not found' });
      const rm = await remove(me, [`uploads/${me.id}/nope.txt`]);
      expect(rm.status).toBe(404);
      expect(await errorOf(rm)).toEqual({ code: 'FILE_NOT_FOUND', message: 'File not found' });
    });

    it('lets no other user download or remove my files', async () => {
      const me = await newUser();
      const other = await newUser();
      const p = `uploads/${me.id}/secret.txt`;
      expect((await upload(me, { file: new Blob(['mine']), path: p })).status).toBe(201);
      const down = await download(other, p);
      expect(down.status).toBe(404);
      expect(await errorOf(down)).toMatchObject({ code: 'FILE_NOT_FOUND' });
      const rm = await remove(other, [p]);
      expect(rm.status).toBe(404);
      // Mixed with one of its own: only its own is removed and reported.
      const own = `uploads/${other.id}/x.txt`;
      expect((await upload(other, { file: new Blob(['x']), path: own })).status).toBe(201);
      const mixed = await remove(other, [p, own]);
      expect(mixed.status).toBe(200);
      expect(await mixed.json()).toEqual({ removed: [own] });
      expect(await (await download(me, p)).text()).toBe('mine');
    });

    it('checks remove bodies and download paths', async () => {
      const me = await newUser();
      for (const paths of [[], undefined, [42], 'x']) {
        const res = await remove(me, paths);
        expect(res.status).toBe(400);
        expect((await errorOf(res)).code).toBe('VALIDATION_ERROR');
      }
      const bad = await remove(me, ['../etc/passwd']);
      expect(bad.status).toBe(400);
      const noPath = await fetch(`${base}/api/storage/codewright/download`, {
        headers: { authorization: `Bearer ${me.token}` },
      });
      expect(noPath.status).toBe(400);
      expect((await errorOf(noPath)).message).toMatch(/path is required/);
    });

    it('refuses bad options, extra fields, JSON bodies, strangers and other projects', async () => {
      const me = await newUser();
      const p = `uploads/${me.id}/o.txt`;
      const badOptions = await upload(me, {
        file: new Blob(['x']),
        path: p,
        options: { upsert: 'yes' },
      });
      expect(badOptions.status).toBe(400);
      expect((await errorOf(badOptions)).message).toMatch(/options must be JSON/);

      const form = new FormData();
      form.append('path', p);
      form.append('file', new Blob(['x']), 'x');
      form.append('color', 'red');
      const extra = await fetch(`${base}/api/storage/codewright/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${me.token}` },
        body: form,
      });
      expect(extra.status).toBe(400);
      expect((await errorOf(extra)).message).toMatch(/Unknown multipart field "color"/);

      const json = await fetch(`${base}/api/storage/codewright/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${me.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ path: p }),
      });
      expect(json.status).toBe(415);

      expect((await upload(null, { file: new Blob(['x']), path: p })).status).toBe(401);
      const wrongProject = await upload(me, { file: new Blob(['x']), path: p, project: 'other' });
      expect(wrongProject.status).toBe(404);
      expect((await fetch(`${base}/api/storage/other/public/${p}`)).status).toBe(404);
      expect(await filesOf(me)).toEqual([]);
    });

    it('answers odd public paths with 4xx, never a file outside uploads/', async () => {
      const me = await newUser();
      const p = `uploads/${me.id}/h.png`;
      expect((await upload(me, { file: new Blob([PNG]), path: p })).status).toBe(201);
      const head = await fetch(`${base}/api/storage/codewright/public/${p}`, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(PNG.length));
      for (const odd of [
        'uploads/%2e%2e/%2e%2e/secret',
        `uploads/${me.id}/..%2F..%2F..%2Fsecret`,
        'secret',
        'uploads/.staging/x',
        `uploads/${me.id}`,
        '',
        `uploads/${me.id}/h.png%00.txt`,
      ]) {
        const res = await fetch(`${base}/api/storage/codewright/public/${odd}`);
        expect([400, 404], odd).toContain(res.status);
        expect((await errorOf(res)).code).toMatch(/VALIDATION_ERROR|FILE_NOT_FOUND|NOT_FOUND/);
      }
    });

    it('keeps the 1 MB body limit on other routes', async () => {
      const res = await fetch(`${base}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(2 * 1024 * 1024) }),
      });
      expect(res.status).toBe(413);
      expect((await errorOf(res)).code).toBe('PAYLOAD_TOO_LARGE');
    });

    it('leaves nothing behind when the client aborts mid-upload', async () => {
      const me = await newUser();
      const boundary = 'cwboundary1234';
      const head =
        `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\nuploads/${me.id}/cut.bin\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n';
      const url = new URL(`${base}/api/storage/codewright/upload`);
      const req = http.request({
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: {
          authorization: `Bearer ${me.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(10 * 1024 * 1024),
        },
      });
      req.on('error', () => {});
      req.write(head);
      req.write(Buffer.alloc(1024 * 1024, 7));
      // Wait until the server is writing the staging file, then hang up.
      const deadline = Date.now() + 10_000;
      while ((await filesOf(me)).length === 0 && Date.now() < deadline) await sleep(20);
      expect((await filesOf(me)).length).toBe(1);
      req.destroy();
      while ((await filesOf(me)).length > 0 && Date.now() < deadline) await sleep(20);
      expect(await filesOf(me)).toEqual([]);
      expect((await download(me, `uploads/${me.id}/cut.bin`)).status).toBe(404);
    });
  });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
