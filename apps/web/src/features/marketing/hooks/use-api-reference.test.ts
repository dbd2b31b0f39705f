import { describe, expect, it } from 'vitest';
import { readOpenApiDocument } from './use-api-reference.ts';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('readOpenApiDocument', () => {
  it('returns the document of a successful answer', async () => {
    const document = { openapi: '3.1.0', info: { title: 'Codewright API' }, paths: {} };
    await expect(readOpenApiDocument(json(document))).resolves.toEqual(document);
  });

  it('rejects a failed answer with its status', async () => {
    await expect(readOpenApiDocument(json({ error: {} }, 503))).rejects.toThrow('answered 503');
  });

  it('rejects an answer that is not an OpenAPI document', async () => {
    await expect(readOpenApiDocument(json({ paths: {} }))).rejects.toThrow('not an OpenAPI');
    await expect(readOpenApiDocument(new Response('<html>proxy error</html>'))).rejects.toThrow(
      'not an OpenAPI',
    );
  });
});
