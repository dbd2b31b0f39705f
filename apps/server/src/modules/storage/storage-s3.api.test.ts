// What only STORAGE=s3 has (docs/decisions/005), on a real S3-compatible server (s3rver, started
// in this process), never a mock of the SDK: the objects in the bucket, one PutObject or a
// multipart upload, folder removal, and private folders' signed URLs. Every route scenario of
// storage.api.test.ts runs on this backend too. Staging stays a local file in both.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKEND_UPLOAD_MAX_BYTES, type UploadResult } from '@codewright/contract';
import { startS3Server, type TestS3Server } from '../../test/s3-server.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { newUser, proUser } from '../db/db-test-helpers.ts';
import { S3Backend } from './s3-backend.ts';
import { bytes, PNG, PUBLIC_URL, type StorageUser } from './storage-test-helpers.ts';
import { s3SettingsOf } from './storage.env.ts';

let s3: TestS3Server;
let t: TestApp;
let base: string;
beforeAll(async () => {
  s3 = await startS3Server();
  t = await createTestApp({ PUBLIC_URL, ...s3.env });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  t?.app.server.closeAllConnections();
  await t?.close();
  await s3?.close();
});

type User = StorageUser;
const api = (route: string) => `${base}/api/storage/codewright${route}`;
const auth = (user: User) => ({ authorization: `Bearer ${user.token}` });
function upload(user: User, p: string, file: Blob, options?: unknown) {
  const form = new FormData();
  form.append('path', p);
  if (options !== undefined) form.append('options', JSON.stringify(options));
  form.append('file', file, 'blob');
  return fetch(api('/upload'), { method: 'POST', headers: auth(user), body: form });
}
const download = (user: User, p: string) =>
  fetch(api(`/download?path=${encodeURIComponent(p)}`), { headers: auth(user) });
const remove = (user: User, paths: string[]) =>
  fetch(api('/remove'), {
    method: 'DELETE',
    headers: { ...auth(user), 'content-type': 'application/json' },
    body: JSON.stringify({ paths }),
  });
const local = (publicUrl: string) => {
  const url = new URL(publicUrl);
  return `${base}${url.pathname}${url.search}`;
};
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

/** Staging files left in DATA_DIR (an upload's bytes stay local until they are put). */
async function stagingFiles(): Promise<string[]> {
  return fs.readdir(path.join(t.config.DATA_DIR, 'uploads', '.staging')).catch(() => []);
}

describe('storage on an S3-compatible bucket', () => {
  it('uploads into the bucket, serves and downloads with the local headers, and removes', async () => {
    const me = await newUser(t.app);
    const res = await upload(me, `uploads/${me.id}/pic.png`, new Blob([PNG]));
    expect(res.status, await res.clone().text()).toBe(201);
    const result = (await res.json()) as UploadResult;
    expect(result).toEqual({
      path: `uploads/${me.id}/pic.png`,
      publicUrl: `${PUBLIC_URL}/api/storage/codewright/public/uploads/${me.id}/pic.png`,
      size: PNG.length,
      mimeType: 'image/png',
    });
    expect(await s3.keysUnder(`uploads/${me.id}/`)).toEqual([result.path]);
    expect(s3.writesOf(result.path)).toEqual(['ObjectCreated:Put']);

    const pub = await fetch(local(result.publicUrl));
    expect(pub.status).toBe(200);
    expect(Object.fromEntries(pub.headers)).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; img-src 'self'; sandbox",
      'content-disposition': 'inline; filename="pic.png"',
      'cache-control': 'public, max-age=60',
    });
    expect((await bytes(pub)).equals(PNG)).toBe(true);
    const head = await fetch(local(result.publicUrl), { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(PNG.length));

    const down = await download(me, result.path);
    expect(down.headers.get('cache-control')).toBe('private, no-store');
    expect((await bytes(down)).equals(PNG)).toBe(true);

    const rm = await remove(me, [result.path]);
    expect(await rm.json()).toEqual({ removed: [result.path] });
    expect(await s3.keysUnder(`uploads/${me.id}/`)).toEqual([]);
    expect((await download(me, result.path)).status).toBe(404);
    expect((await remove(me, [result.path])).status).toBe(404);
    expect((await fetch(local(result.publicUrl))).status).toBe(404);
  });

  it('refuses, as a disk does, a key that is both a file and a folder', async () => {
    const me = await newUser(t.app);
    const p = `uploads/${me.id}/note.txt`;
    expect((await upload(me, p, new Blob(['one']))).status).toBe(201);
    const errorCode = async (res: Response) =>
      ((await res.json()) as { error: { code: string } }).error.code;
    const under = await upload(me, `${p}/inside.txt`, new Blob(['x']));
    expect(under.status).toBe(409);
    expect(await errorCode(under)).toBe('CONFLICT');
    expect((await upload(me, `uploads/${me.id}/d.txt/e.txt`, new Blob(['e']))).status).toBe(201);
    const folder = await upload(me, `uploads/${me.id}/d.txt`, new Blob(['d']), { upsert: true });
    expect(folder.status).toBe(409);
    expect(await errorCode(folder)).toBe('CONFLICT');
    expect((await s3.keysUnder(`uploads/${me.id}/`)).sort()).toEqual([
      `uploads/${me.id}/d.txt/e.txt`,
      p,
    ]);
    expect(await stagingFiles()).toEqual([]);
  });

  it('stores an empty file', async () => {
    const me = await newUser(t.app);
    const p = `uploads/${me.id}/empty.txt`;
    expect((await upload(me, p, new Blob([]))).status).toBe(201);
    const down = await download(me, p);
    expect(down.headers.get('content-length')).toBe('0');
    expect(await down.text()).toBe('');
  });

  it("keeps a user's files to that user and a private folder's files to signed URLs", async () => {
    const me = await newUser(t.app);
    const other = await newUser(t.app);
    const p = `uploads/${me.id}/secret.txt`;
    expect((await upload(me, p, new Blob(['mine']))).status).toBe(201);
    expect((await download(other, p)).status).toBe(404);
    expect((await remove(other, [p])).status).toBe(404);
    expect((await upload(other, `uploads/${me.id}/x.txt`, new Blob(['x']))).status).toBe(403);
    expect(await s3.keysUnder(`uploads/${me.id}/`)).toEqual([p]);

    const pro = await proUser(t.app);
    const key = `uploads/${pro.id}/plan.txt`;
    const up = await upload(pro, key, new Blob(['private']));
    const { publicUrl } = (await up.json()) as UploadResult;
    expect(publicUrl).toMatch(/\?expires=\d+&signature=[\w-]{43}$/);
    const signed = await fetch(local(publicUrl));
    expect(signed.headers.get('cache-control')).toBe('private, max-age=60');
    expect(await signed.text()).toBe('private');
    expect((await fetch(local(publicUrl.split('?')[0]!))).status).toBe(404);
  });

  it('stores a 50 MB upload (multipart) byte for byte', async () => {
    const me = await newUser(t.app);
    const big = new Uint8Array(BACKEND_UPLOAD_MAX_BYTES);
    for (let i = 0; i < big.length; i += 4096) big[i] = (i / 4096) % 251;
    const p = `uploads/${me.id}/big.bin`;
    const res = await upload(me, p, new Blob([big]));
    expect(res.status, await res.clone().text()).toBe(201);
    // In parts of 5 MiB (s3-backend.ts PART_BYTES), not one buffered PutObject.
    expect(s3.writesOf(p)).toEqual(['ObjectCreated:Post']);
    const down = await download(me, p);
    expect(down.headers.get('content-length')).toBe(String(big.length));
    expect(sha256(await bytes(down))).toBe(sha256(big));
    expect(await stagingFiles()).toEqual([]);
  });

  it("removes a whole folder (account deletion's removeAllOf), safe to repeat", async () => {
    const me = await newUser(t.app);
    for (const name of ['a.txt', 'deep/b.txt'])
      expect((await upload(me, `uploads/${me.id}/${name}`, new Blob([name]))).status).toBe(201);
    expect(await s3.keysUnder(`uploads/${me.id}/`)).toHaveLength(2);
    await t.app.storage.removeAllOf(me.id);
    await t.app.storage.removeAllOf(me.id);
    expect(await s3.keysUnder(`uploads/${me.id}/`)).toEqual([]);
  });

  it('refuses to open a bucket that does not exist, saying so; opens a bucket that holds objects', async () => {
    const settings = s3SettingsOf(t.config)!;
    await expect(
      S3Backend.open({ ...settings, bucket: 'no-such-bucket' }, t.config.DATA_DIR),
    ).rejects.toThrow('The bucket does not exist.');
    // The bucket holds the objects of the tests above: opening again still works.
    expect((await s3.keysUnder('uploads/')).length).toBeGreaterThan(1);
    (await S3Backend.open(settings, t.config.DATA_DIR)).close();
  });
});
