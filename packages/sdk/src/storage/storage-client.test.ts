import { describe, expect, it } from 'vitest';
import { BACKEND_UPLOAD_MAX_BYTES } from '@codewright/contract';
import { createClient } from '../client.ts';
import { clientWith, jsonResponse } from '../testing/recording-client.ts';
import { NetworkError, ValidationError } from '../errors.ts';
import { isValidImageUrl } from '../index.ts';

describe('storage.upload client rules (SPEC §5)', () => {
  it('needs a file and sends nothing without one', async () => {
    const { client, sent } = clientWith();
    const err = await client.storage.upload('uploads/u/a.png', undefined as never).catch((e) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({ code: 'VALIDATION_ERROR', message: 'A file is required.' });
    expect(sent).toEqual([]);
  });

  it.each(['', '   ', undefined])('needs a non-empty path (%j)', async (path) => {
    const { client, sent } = clientWith();
    const err = await client.storage.upload(path as never, new Blob(['x'])).catch((e) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err.message).toMatch(/non-empty path is required/);
    expect(sent).toEqual([]);
  });

  it('refuses files over 50 MB with the §8.1 text and sends nothing', async () => {
    const { client, sent } = clientWith();
    const size = BACKEND_UPLOAD_MAX_BYTES + 5 * 1024 * 1024;
    const big = { size } as Blob;
    Object.setPrototypeOf(big, Blob.prototype);
    const err = await client.storage.upload('uploads/u/big.bin', big).catch((e) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect(err).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'File size (55MB) exceeds maximum allowed size (50MB)',
      status: null,
    });
    expect(sent).toEqual([]);
  });

  it('sends path, options and then the file as multipart and returns the result', async () => {
    const result = {
      path: 'uploads/u/a.png',
      publicUrl: 'https://cw.test/api/storage/codewright/public/uploads/u/a.png',
      size: 1,
      mimeType: 'image/png',
    };
    const { client, sent } = clientWith(() => jsonResponse(201, result));
    const file = new File(['x'], 'a.png', { type: 'image/png' });
    expect(await client.storage.upload('uploads/u/a.png', file, { upsert: true })).toEqual(result);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('https://cw.test/api/storage/codewright/upload');
    expect(sent[0]!.method).toBe('POST');
    const form = sent[0]!.body as FormData;
    expect([...form.keys()]).toEqual(['path', 'options', 'file']);
    expect(form.get('path')).toBe('uploads/u/a.png');
    expect(JSON.parse(form.get('options') as string)).toEqual({ upsert: true });
    expect((form.get('file') as File).name).toBe('a.png');
  });

  it('keeps the storage codes and texts of the server', async () => {
    const { client } = clientWith(() =>
      jsonResponse(409, {
        error: {
          code: 'FILE_EXISTS',
          message: 'File already exists. Set upsert: true to overwrite.',
        },
      }),
    );
    const err = await client.storage.upload('uploads/u/a.txt', new Blob(['x'])).catch((e) => e);
    expect(err).toBeInstanceOf(NetworkError);
    expect(err).toMatchObject({
      code: 'FILE_EXISTS',
      status: 409,
      message: 'File already exists. Set upsert: true to overwrite.',
    });
  });
});

describe('storage.download, remove and getPublicUrl', () => {
  it('downloads bytes as a Blob and maps 404 to FILE_NOT_FOUND', async () => {
    const { client, sent } = clientWith((s) =>
      s.url.includes('missing')
        ? jsonResponse(404, { error: { code: 'FILE_NOT_FOUND', message: 'File not found' } })
        : new Response(new Uint8Array([1, 2, 3])),
    );
    const blob = await client.storage.download('uploads/u/a.bin');
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
    expect(sent[0]!.url).toBe(
      'https://cw.test/api/storage/codewright/download?path=uploads%2Fu%2Fa.bin',
    );
    const err = await client.storage.download('uploads/u/missing.bin').catch((e) => e);
    expect(err).toMatchObject({ code: 'FILE_NOT_FOUND', message: 'File not found', status: 404 });
  });

  it('needs at least one path string to remove, and sends DELETE {paths}', async () => {
    const { client, sent } = clientWith(() => jsonResponse(200, { removed: ['uploads/u/a.txt'] }));
    for (const paths of [[], [''], [3], undefined]) {
      const err = await client.storage.remove(paths as never).catch((e) => e);
      expect(err).toBeInstanceOf(ValidationError);
      expect(err.message).toBe('Removing files needs at least one path string.');
    }
    expect(sent).toEqual([]);
    expect(await client.storage.remove(['uploads/u/a.txt'])).toEqual({
      removed: ['uploads/u/a.txt'],
    });
    expect(sent[0]!.method).toBe('DELETE');
    expect(JSON.parse(sent[0]!.body as string)).toEqual({ paths: ['uploads/u/a.txt'] });
  });

  it('builds public URLs without a request', () => {
    const { client, sent } = clientWith();
    expect(client.storage.getPublicUrl('uploads/u/a.png')).toBe(
      'https://cw.test/api/storage/codewright/public/uploads/u/a.png',
    );
    expect(sent).toEqual([]);
  });

  it('passes an AbortSignal through', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stopped'));
    const { client } = clientWithAbort();
    const err = await client.storage
      .upload('uploads/u/a.txt', new Blob(['x']), { signal: controller.signal })
      .catch((e) => e);
    expect(err.message).toBe('stopped');
  });
});

/** A client whose fetch rejects with the signal's reason, as a real fetch does. */
function clientWithAbort() {
  const client = createClient({
    projectId: 'codewright',
    autoInitialize: false,
    fetch: async (_input, init) => {
      if (init?.signal?.aborted) throw init.signal.reason;
      return jsonResponse(500, {});
    },
  });
  return { client };
}

describe('isValidImageUrl (SPEC §5)', () => {
  it.each([
    ['https://cdn.example.com/a.png', true],
    ['https://cdn.example.com/a.JPEG?x=1', true],
    ['https://cdn.example.com/a.webp', true],
    ['https://cdn.example.com/a.gif', true],
    ['https://cdn.example.com/a.jpg', true],
    ['http://cdn.example.com/a.png', false],
    ['https://cdn.example.com/a.svg', false],
    ['https://cdn.example.com/png', false],
    ['not a url', false],
  ])('%s → %s', (url, valid) => {
    expect(isValidImageUrl(url)).toBe(valid);
  });
});
