// The SDK's `ai.object / image / speech / transcribe` and `data.*` against the real buildApp()
// over HTTP (CONVENTIONS §12), with the scripted model server and the fixture site. The one kind
// of server file allowed to import the SDK: *.sdk.api.test.ts (eslint.config.js).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AiError, AuthError, createClient, DataError } from '@codewright/sdk';
import { startFixtureSite, type FixtureSite } from '../../../../../e2e/fixtures/fixture-site.mjs';
import { startModelServer, type ModelServer } from '../../../../../e2e/fixtures/model-server.mjs';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createTestResolver } from '../../test/test-resolver.ts';
import { memoryStorage, signedInClient } from '../../test/sdk-client.ts';

let model: ModelServer;
let site: FixtureSite;
let t: TestApp;
let baseUrl: string;
let origin: string;

beforeAll(async () => {
  model = await startModelServer({ port: 0 });
  site = await startFixtureSite();
  origin = `http://site.test:${site.port}`;
  t = await createTestApp(
    {
      AI_PROVIDER: 'openai-compatible',
      AI_BASE_URL: model.url,
      AI_MODEL_BASIC: 'codewright-test-model',
      AI_IMAGE_MODEL: 'test-image',
      AI_SPEECH_MODEL: 'test-tts',
      AI_TRANSCRIBE_MODEL: 'test-whisper',
      URL_ALLOW_LIST: `site.test:${site.port}`,
      RATE_LIMIT_MAX: '100000',
    },
    {
      urlLookup: createTestResolver({ 'site.test': '127.0.0.1', 'private.test': '10.2.3.4' })
        .lookup,
    },
  );
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await site?.close();
  await model?.close();
});

const newClient = () => signedInClient(t.app, baseUrl);

describe('client.ai media through the real server', () => {
  it('makes an object, an image in storage, speech, and a transcription of that speech', async () => {
    const client = await newClient();
    const { object } = await client.ai.object<{ city: string }>({
      prompt: 'A city to visit',
      schema: {
        type: 'object',
        properties: { city: { type: 'string', maxLength: 60 } },
        required: ['city'],
      },
    });
    expect(object.city).toBe('city: A city to visit');

    const { images } = await client.ai.image({ prompt: 'a lighthouse' });
    expect(images).toHaveLength(1);
    // On PUBLIC_URL (unset: localhost:PORT); read from the listening test server.
    const stored = await fetch(`${baseUrl}${new URL(images[0]!.publicUrl).pathname}`);
    expect(stored.headers.get('content-type')).toBe('image/png');

    const audio = await client.ai.speech({ text: 'build a calculator' });
    expect(audio.type).toBe('audio/mpeg');
    const heard = await client.ai.transcribe({ audio });
    expect(heard.text).toBe('build a calculator');

    expect((await client.plan.get()).usage.generationsUsed).toBe(4);
  });

  it('rejects with AiError carrying the server’s code and message, and refunds', async () => {
    const client = await newClient();
    const err = await client.ai
      .image({ prompt: 'x', imageUrls: ['https://private.test/a.png'] })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AiError);
    expect(err).toMatchObject({
      code: 'URL_NOT_ALLOWED',
      status: 400,
      message:
        'imageUrls.0: private.test resolves to 10.2.3.4, which is not public: it is a private network address.',
    });
    const failed = await client.ai.speech({ text: '[[error:500]]' }).catch((e: unknown) => e);
    expect(failed).toMatchObject({ name: 'AiError', code: 'AI_PROVIDER_ERROR', status: 502 });
    expect((await client.plan.get()).usage.generationsUsed).toBe(0);
  });
});

describe('client.data through the real server', () => {
  it('fetches, scrapes, extracts from a URL and from a file, and takes a screenshot', async () => {
    const client = await newClient();
    const fetched = await client.data.fetch(`${origin}/data.json`);
    expect(fetched).toMatchObject({ status: 200, body: '{"hello":"world"}' });

    const page = await client.data.scrape({ url: `${origin}/page.html` });
    expect(page.markdown).toContain('first paragraph of the fixture article');
    expect(page.metadata.openGraph.site_name).toBe('Fixture Site');
    expect(page.links).toContain(`${origin}/docs/intro`);

    const pdf = await client.data.extractFromUrl(`${origin}/doc.pdf`);
    expect(pdf).toMatchObject({ text: 'Hello PDF world', metadata: { kind: 'pdf', pages: 1 } });

    const file = new File(['# Uploaded notes\n\nhello'], 'notes.md', { type: 'text/markdown' });
    const notes = await client.data.extractFromBlob(file);
    expect(notes.metadata).toMatchObject({ kind: 'markdown', title: 'Uploaded notes' });

    const png = await client.data.screenshot({
      url: `${origin}/shot.html?img=/image.png`,
      width: 320,
      height: 240,
    });
    expect(png.type).toBe('image/png');
    const head = new Uint8Array(await png.arrayBuffer());
    expect(new DataView(head.buffer).getUint32(16)).toBe(320);
  }, 60_000);

  it('rejects with DataError naming why a URL is refused; a signed-out client gets AuthError', async () => {
    const client = await newClient();
    const err = await client.data
      .fetch(`http://127.0.0.1:${site.port}/secret`)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataError);
    expect(err).toMatchObject({ code: 'URL_NOT_ALLOWED', status: 400 });
    expect((err as Error).message).toMatch(/loopback/);
    const search = await client.data.search({ query: 'x' }).catch((e: unknown) => e);
    expect(search).toMatchObject({ name: 'DataError', code: 'DATA_NOT_CONFIGURED', status: 503 });

    const anonymous = createClient({
      projectId: 'codewright',
      baseUrl,
      storage: memoryStorage(),
      autoInitialize: false,
    });
    expect(
      await anonymous.data.scrape({ url: `${origin}/page.html` }).catch((e: unknown) => e),
    ).toBeInstanceOf(AuthError);
  });
});
