import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

interface Document {
  openapi: string;
  paths: Record<
    string,
    Record<string, { security?: unknown[]; responses?: Record<string, unknown> }>
  >;
}

/** The API routes `npm test` keeps as its coverage list: every route the app registers. */
const apiRoutes = (
  JSON.parse(
    fs.readFileSync(new URL('../../../../scripts/coverage-list.json', import.meta.url), 'utf8'),
  ) as {
    apiRoutes: string[];
  }
).apiRoutes.filter((r) => r.split(' ')[1]!.startsWith('/api/'));

describe('GET /api/openapi.json', () => {
  it('documents every API route with its method, auth and error envelope (OpenAPI 3.1)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json<Document>();
    expect(doc.openapi).toBe('3.1.0');
    const missing = apiRoutes.filter((route) => {
      const [method, path] = route.split(' ') as [string, string];
      // OpenAPI's form: `:name` is `{name}`, a trailing wildcard `{*}`.
      const openapiPath = path.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{*}');
      return !doc.paths[openapiPath]?.[method.toLowerCase()];
    });
    expect(missing).toEqual([]);
    expect(apiRoutes.length).toBeGreaterThan(80);

    expect(doc.paths['/api/auth/me']!.get!.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/health']!.get!.security).toBeUndefined();
    expect(doc.paths['/api/auth/me']!.get!.responses).toHaveProperty('default');
  });
});
