// POST /api/ai/{project}/image on the real app (SPEC §5, §9; DESIGN §2c): generate and modify
// through the real AI SDK against the scripted model server; images to modify come from an HTTPS
// fixture site (a throwaway certificate the app is told to trust) through the SSRF-safe fetcher,
// or from this app's own storage; results land in the caller's storage (the one storage service).
// (Over 300 lines: generate, modify and the rules on other users' and private images share one app,
// model server and HTTPS fixture site; sessions come from test/auth-helpers.ts.)
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlanInfo } from '@codewright/contract';
import { startFixtureSite, type FixtureSite } from '../../../../../e2e/fixtures/fixture-site.mjs';
import { pngOf } from '../../../../../e2e/fixtures/model-media.mjs';
import { startModelServer, type ModelServer } from '../../../../../e2e/fixtures/model-server.mjs';
import { newSession } from '../../test/auth-helpers.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestResolver } from '../../test/test-resolver.ts';

let model: ModelServer;
let site: FixtureSite;
let t: TestApp;
let images: string;

beforeAll(async () => {
  model = await startModelServer({ port: 0 });
  site = await startFixtureSite({ tls: true });
  images = `https://images.test:${site.port}`;
  const resolver = createTestResolver({ 'images.test': '127.0.0.1', 'private.test': '10.0.0.9' });
  t = await createTestApp(
    {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: model.url,
      AI_MODEL_BASIC: 'codewright-test-model',
      // The image model on the text model's server.
      AI_IMAGE_MODEL: 'test-image',
      URL_ALLOW_LIST: `images.test:${site.port}`,
      TRUST_PROXY: 'true',
      RATE_LIMIT_MAX: '100000',
      // Public URLs are built on it (never on the Host header); images to modify must be https.
      PUBLIC_URL: 'https://localhost',
    },
    { urlLookup: resolver.lookup, urlFetchCa: site.ca ?? undefined },
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
  await model?.close();
});

interface User {
  id: string;
  token: string;
}
const newUser = async (): Promise<User> => {
  const { session } = await newSession(t.app);
  return { id: session.user.id, token: session.access_token };
};
const image = (user: User, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/ai/codewright/image',
    headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-proto': 'https' },
    payload: payload as Record<string, unknown>,
  });
const usageOf = async (user: User) =>
  (
    await t.app.inject({
      method: 'GET',
      url: '/api/plan',
      headers: { authorization: `Bearer ${user.token}` },
    })
  ).json<PlanInfo>().usage;
const storedFiles = async (user: User) =>
  fs.readdir(path.join(t.config.DATA_DIR, 'uploads', user.id)).catch(() => [] as string[]);

describe('generate', () => {
  it('stores the images in the caller’s storage and answers their public URLs; one unit per call', async () => {
    const user = await newUser();
    const res = await image(user, { prompt: 'a friendly robot logo', n: 2, size: '512x512' });
    expect(res.statusCode, res.body).toBe(200);
    const { images: made } = res.json();
    expect(made).toHaveLength(2);
    for (const [i, img] of made.entries()) {
      expect(img.path).toMatch(
        new RegExp(
          `^uploads/${user.id}/ai-image-\\d+-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}-${i + 1}\\.png$`,
        ),
      );
      expect(img.mimeType).toBe('image/png');
      expect(img.publicUrl).toBe(`https://localhost/api/storage/codewright/public/${img.path}`);
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/storage/codewright/public/${img.path}`,
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(file.rawPayload).toEqual(pngOf(`a friendly robot logo#${i}`));
    }
    expect(model.mediaRequests.at(-1)).toMatchObject({
      path: '/v1/images/generations',
      fields: {
        model: 'test-image',
        prompt: 'a friendly robot logo',
        n: 2,
        size: '512x512',
        response_format: 'b64_json',
      },
    });
    expect(await usageOf(user)).toMatchObject({ generationsUsed: 1 });
  });

  it('refunds a failed call and stores nothing', async () => {
    const user = await newUser();
    const res = await image(user, { prompt: '[[error:500]] a cat', meter: 'edit' });
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('AI_PROVIDER_ERROR');
    expect(await usageOf(user)).toMatchObject({ generationsUsed: 0, editsUsed: 0 });
    expect(await storedFiles(user)).toEqual([]);
  });
});

describe('modify (SPEC §5: a prompt and 1–50 https image URLs)', () => {
  it('fetches the images through the SSRF-safe fetcher and sends them all to the model', async () => {
    const user = await newUser();
    const res = await image(user, {
      prompt: 'make them blue',
      imageUrls: [`${images}/one.png`, `${images}/two.png`, `${images}/three.png`],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().images).toHaveLength(1);
    const edit = model.mediaRequests.at(-1);
    expect(edit?.path).toBe('/v1/images/edits');
    expect(edit?.fields).toMatchObject({ model: 'test-image', prompt: 'make them blue' });
    expect(edit?.files.map((f) => f.field)).toEqual(['image[]', 'image[]', 'image[]']);
    expect(site.requests.filter((r) => /^\/(one|two|three)\.png$/.test(r.path))).toHaveLength(3);
    expect(await usageOf(user)).toMatchObject({ generationsUsed: 1 });
  });

  it('reads this app’s own public files from storage, not over the network', async () => {
    const user = await newUser();
    const boundary = '----cwimg';
    const png = pngOf('my upload');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/storage/codewright/upload',
      headers: {
        authorization: `Bearer ${user.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'x-forwarded-proto': 'https',
      },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="path"\r\n\r\nuploads/${user.id}/mine.png\r\n`,
        ),
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="mine.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        png,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const hits = site.requests.length;
    const res = await image(user, { prompt: 'add a hat', imageUrls: [upload.json().publicUrl] });
    expect(res.statusCode, res.body).toBe(200);
    expect(model.mediaRequests.at(-1)?.files).toEqual([
      { field: 'image', size: png.length, type: 'image/png' },
    ]);
    expect(site.requests.length).toBe(hits);
  });

  it.each([
    [{ prompt: 'x', imageUrls: [] }, /send 1 to 50 image URLs/],
    [
      {
        prompt: 'x',
        imageUrls: Array.from({ length: 51 }, (_, i) => `https://images.test/${i}.png`),
      },
      /send at most 50 image URLs/,
    ],
    [
      { prompt: 'x', imageUrls: ['http://images.test/a.png'] },
      /imageUrls\.0: must be an https URL ending in \.jpg, \.jpeg, \.png, \.gif or \.webp/,
    ],
    [
      { prompt: 'x', imageUrls: ['https://images.test/a.bmp'] },
      /imageUrls\.0: must be an https URL/,
    ],
    [
      { prompt: 'x', imageUrls: ['https://images.test/a.png', 'not a url'] },
      /imageUrls\.1: must be an https URL/,
    ],
    [{ prompt: 'x', imageUrls: ['https://images.test/png'] }, /imageUrls\.0: must be an https URL/],
    [{ imageUrls: ['https://images.test/a.png'] }, /prompt is required/],
    [{ prompt: ' ' }, /prompt must not be blank/],
    [{ prompt: 'x', n: 5 }, /n: must be at most 4/],
    [{ prompt: 'x', n: 0 }, /n: must be at least 1/],
    [{ prompt: 'x', size: 'big' }, /size: must look like 1024x1024/],
    [{ prompt: 'x', size: '32x32' }, /size: width and height must each be 64 to 4096 pixels/],
  ])('refuses %j with a clear 400, before charging', async (body, message) => {
    const user = await newUser();
    const before = model.mediaRequests.length;
    const res = await image(user, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_ERROR');
    expect(res.json().error.message).toMatch(message);
    expect(model.mediaRequests.length).toBe(before);
    expect(await usageOf(user)).toMatchObject({ generationsUsed: 0 });
  });

  it('refuses image URLs on private addresses and refunds; reports one that cannot be fetched', async () => {
    const user = await newUser();
    const before = model.mediaRequests.length;
    let res = await image(user, {
      prompt: 'x',
      imageUrls: [`${images}/ok.png`, 'https://private.test/a.png'],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'URL_NOT_ALLOWED',
      message:
        'imageUrls.1: private.test resolves to 10.0.0.9, which is not public: it is a private network address.',
    });
    res = await image(user, { prompt: 'x', imageUrls: [`https://127.0.0.1:${site.port}/a.png`] });
    expect(res.json().error.message).toMatch(/^imageUrls\.0: 127\.0\.0\.1 is not a public address/);
    res = await image(user, { prompt: 'x', imageUrls: [`${images}/missing.gif`] });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(
      /imageUrls\.0: images\.test:\d+ answered with content type "text\/plain"/,
    );
    expect(model.mediaRequests.length).toBe(before);
    expect(await usageOf(user)).toMatchObject({ generationsUsed: 0 });
  });
});

describe('another user’s stored image (SPEC §5; docs/api.md Storage: a user reads only its own)', () => {
  it('is not in their storage, not downloadable or removable by them, and no /text input of theirs', async () => {
    const a = await newUser();
    const b = await newUser();
    const made = await image(a, { prompt: 'a private sketch' });
    expect(made.statusCode, made.body).toBe(200);
    const [stored] = made.json().images as { path: string; publicUrl: string }[];
    expect(stored?.path).toMatch(new RegExp(`^uploads/${a.id}/ai-image-`));
    const { path: imagePath, publicUrl } = stored!;

    // Storage has no listing route: what B holds is its own folder, and the image is not there.
    expect(await storedFiles(a)).toEqual([imagePath.split('/').at(-1)]);
    expect(await storedFiles(b)).toEqual([]);

    const asB = { authorization: `Bearer ${b.token}`, 'x-forwarded-proto': 'https' };
    // Reading another user's file answers as for a missing one.
    const down = await t.app.inject({
      method: 'GET',
      url: `/api/storage/codewright/download?path=${encodeURIComponent(imagePath)}`,
      headers: asB,
    });
    expect(down.statusCode).toBe(404);
    expect(down.json().error).toEqual({ code: 'FILE_NOT_FOUND', message: 'File not found' });
    const rm = await t.app.inject({
      method: 'DELETE',
      url: '/api/storage/codewright/remove',
      headers: asB,
      payload: { paths: [imagePath] },
    });
    expect(rm.statusCode).toBe(404);
    expect(rm.json().error).toEqual({ code: 'FILE_NOT_FOUND', message: 'File not found' });

    // `imageUrls` of /text takes only the caller's own uploads, as publicUrl or as its path.
    const before = model.requests.length;
    for (const url of [publicUrl, new URL(publicUrl).pathname]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ai/codewright/text',
        headers: asB,
        payload: { prompt: 'describe this image', imageUrls: [url] },
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error).toEqual({
        code: 'VALIDATION_ERROR',
        message: `imageUrls: name one of your own uploads, /api/storage/codewright/public/uploads/${b.id}/<file> (the publicUrl storage upload returned).`,
      });
    }
    expect(model.requests.length).toBe(before);
    expect(await usageOf(b)).toMatchObject({ generationsUsed: 0, editsUsed: 0 });

    // /image takes its sources by the same rule: A's file is not B's to modify.
    const mediaBefore = model.mediaRequests.length;
    const modify = await image(b, { prompt: 'make it blue', imageUrls: [publicUrl] });
    expect(modify.statusCode, modify.body).toBe(400);
    expect(modify.json().error).toEqual({
      code: 'VALIDATION_ERROR',
      message: `imageUrls.0: name one of your own uploads, /api/storage/codewright/public/uploads/${b.id}/<file> (the publicUrl storage upload returned).`,
    });
    // A malformed percent-encoding in an own-storage URL is a 400 too, never a 500.
    const malformed = await image(b, {
      prompt: 'x',
      imageUrls: [`https://localhost/api/storage/codewright/public/uploads/${b.id}/%E0%A4%A.png`],
    });
    expect(malformed.statusCode, malformed.body).toBe(400);
    expect(malformed.json().error.code).toBe('VALIDATION_ERROR');
    expect(model.mediaRequests.length).toBe(mediaBefore);
    expect(await usageOf(b)).toMatchObject({ generationsUsed: 0, editsUsed: 0 });
    // The owner may modify their own image.
    const own = await image(a, { prompt: 'make it blue', imageUrls: [publicUrl] });
    expect(own.statusCode, own.body).toBe(200);

    // A still has it, unchanged.
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/storage/codewright/download?path=${encodeURIComponent(imagePath)}`,
      headers: { authorization: `Bearer ${a.token}` },
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.rawPayload).toEqual(pngOf('a private sketch#0'));
  });
});

describe('a private user’s generated image (docs/decisions/037)', () => {
  it('gets a signed URL, which serves it and feeds it back to modify and to /text; the plain path is 404', async () => {
    const user = await newUser();
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/plan/upgrade',
      headers: { authorization: `Bearer ${user.token}` },
      payload: { plan: 'pro' },
    });
    expect(up.statusCode, up.body).toBe(200);
    const made = await image(user, { prompt: 'a private logo' });
    expect(made.statusCode, made.body).toBe(200);
    const [img] = made.json().images as { path: string; publicUrl: string }[];
    expect(img!.publicUrl).toMatch(
      new RegExp(
        `^https://localhost/api/storage/codewright/public/${img!.path}\\?expires=\\d+&signature=[\\w-]{43}$`,
      ),
    );
    const signedPath = img!.publicUrl.slice('https://localhost'.length);
    const file = await t.app.inject({ method: 'GET', url: signedPath });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload).toEqual(pngOf('a private logo#0'));
    const plain = await t.app.inject({
      method: 'GET',
      url: `/api/storage/codewright/public/${img!.path}`,
    });
    expect(plain.statusCode).toBe(404);
    expect(plain.json().error.code).toBe('FILE_NOT_FOUND');

    // The signed URL goes back in as an image to modify (read from storage, not fetched)...
    const modified = await image(user, { prompt: 'add a hat', imageUrls: [img!.publicUrl] });
    expect(modified.statusCode, modified.body).toBe(200);
    expect(model.mediaRequests.at(-1)?.files).toHaveLength(1);
    // ...and as an image of a /text call (the query string is not part of the key).
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/ai/codewright/text',
      headers: { authorization: `Bearer ${user.token}`, 'x-forwarded-proto': 'https' },
      payload: { prompt: 'describe this image', imageUrls: [img!.publicUrl] },
    });
    expect(text.statusCode, text.body).toBe(200);
  });

  it('another user cannot have it modified, with or without the signature (the /text rule)', async () => {
    const owner = await newUser();
    await t.app.inject({
      method: 'POST',
      url: '/api/plan/upgrade',
      headers: { authorization: `Bearer ${owner.token}` },
      payload: { plan: 'pro' },
    });
    const made = await image(owner, { prompt: 'a secret' });
    const [img] = made.json().images as { path: string; publicUrl: string }[];
    const other = await newUser();
    const plainUrl = img!.publicUrl.split('?')[0]!;
    for (const url of [plainUrl, img!.publicUrl]) {
      const res = await image(other, { prompt: 'steal it', imageUrls: [url] });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.message).toBe(
        `imageUrls.0: name one of your own uploads, /api/storage/codewright/public/uploads/${other.id}/<file> (the publicUrl storage upload returned).`,
      );
    }
  });
});
