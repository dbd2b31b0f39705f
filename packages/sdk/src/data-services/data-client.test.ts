import { describe, expect, it } from 'vitest';
import { clientWith, jsonResponse } from '../testing/recording-client.ts';
import { AuthError, DataError } from '../errors.ts';

describe('client.data', () => {
  it('refuses a blank URL, query or file before sending', async () => {
    const { client, sent } = clientWith();
    for (const call of [
      () => client.data.fetch(''),
      () => client.data.scrape({ url: '  ' }),
      () => client.data.extractFromUrl(undefined as never),
      () => client.data.extractFromBlob(new Blob([])),
      () => client.data.screenshot({ url: '' }),
      () => client.data.search({ query: ' ' }),
    ]) {
      const err = await call().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DataError);
      expect(err).toMatchObject({ code: 'VALIDATION_ERROR', status: null });
    }
    expect(sent).toEqual([]);
  });

  it('answers failures in the data family with the server’s code and reason', async () => {
    const { client } = clientWith(() =>
      jsonResponse(400, {
        error: { code: 'URL_NOT_ALLOWED', message: 'url: 10.0.0.1 is not a public address' },
      }),
    );
    const err = await client.data.fetch('http://10.0.0.1/').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DataError);
    expect(err).toMatchObject({
      code: 'URL_NOT_ALLOWED',
      status: 400,
      message: 'url: 10.0.0.1 is not a public address',
    });
    const off = clientWith(() =>
      jsonResponse(503, { error: { code: 'DATA_NOT_CONFIGURED', message: 'set SEARXNG_URL' } }),
    );
    expect(await off.client.data.search({ query: 'x' }).catch((e: unknown) => e)).toMatchObject({
      name: 'DataError',
      code: 'DATA_NOT_CONFIGURED',
    });
    const out = clientWith(() => jsonResponse(401, {}));
    expect(
      await out.client.data.scrape({ url: 'https://a.test/' }).catch((e: unknown) => e),
    ).toBeInstanceOf(AuthError);
  });
});
