// client.storage against the real app (CONVENTIONS habit 12): upload answers the URL to use,
// and createUrl gives a fresh one — signed for a private (Pro) folder (docs/decisions/037).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient } from '../../test/sdk-client.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp({});
  // Fastify answers the address it listens on: http://127.0.0.1:<port>.
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
});

describe('client.storage URLs', () => {
  it('createUrl answers the plain URL on Free and a signed one on Pro', async () => {
    const client = await signedInClient(t.app, base);
    const userId = (await client.auth.getCurrentUser())!.id;
    const path = `uploads/${userId}/note.txt`;
    await client.storage.upload(path, new Blob(['hi']));
    expect(await client.storage.createUrl(path)).toBe(
      `http://localhost:${t.config.PORT}/api/storage/codewright/public/${path}`,
    );
    expect(client.storage.getPublicUrl(path)).toBe(`${base}/api/storage/codewright/public/${path}`);

    await client.plan.upgrade('pro');
    const signed = await client.storage.createUrl(path);
    expect(signed).toMatch(/\?expires=\d+&signature=[\w-]{43}$/);
    // Served in process: the signed URL over a real socket is storage-signed-urls.api.test.ts's.
    const res = await t.app.inject({
      method: 'GET',
      url: `${new URL(signed).pathname}${new URL(signed).search}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('hi');
  });
});
