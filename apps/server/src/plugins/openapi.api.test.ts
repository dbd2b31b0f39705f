import fs from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { newSession } from '../test/auth-helpers.ts';
import { createProject } from '../modules/db/db-test-helpers.ts';
import { useTestApp } from '../test/test-app.ts';

const t = useTestApp();

interface Document {
  openapi: string;
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
      }
    >
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
    // Sent compressed (built once) to a client that takes it, the same document.
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const packed = await t.app.inject({
        url: '/api/openapi.json',
        headers: { 'accept-encoding': `${encoding}, deflate` },
      });
      expect(packed.headers['content-encoding']).toBe(encoding);
      expect(packed.headers.vary).toMatch(/accept-encoding/i);
      expect(decode(packed.rawPayload).toString('utf8')).toBe(res.body);
    }
    // Pages are not the API; answers that are not JSON say what they are.
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/'))).toEqual([]);
    const zip = doc.paths['/api/db/{project}/projects/{projectId}/files.zip']!.get!;
    expect(Object.keys(zip.responses!['200']!.content!)).toEqual(['application/zip']);
    expect(doc.paths['/api/auth/signout']!.post!.responses!['204']).toEqual({
      description: 'Done; the answer has no body.',
    });
    expect(doc.paths['/api/ai/{project}/text']!.post!.responses!['200']!.content).toHaveProperty(
      'text/event-stream',
    );
  });
});

describe('answers of the API against the document', () => {
  it('validate against their operation’s schema in the served document (JSON Schema 2020-12)', async () => {
    const doc = (await t.app.inject({ url: '/api/openapi.json' })).json<Document>();
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    const { session } = await newSession(t.app);
    const auth = { authorization: `Bearer ${session.access_token}` };
    const project = await createProject(t.app, session.access_token);
    // Pro, so the versions of the project answer too.
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/plan/upgrade',
      headers: auth,
      payload: { plan: 'pro' },
    });
    expect(up.statusCode, up.body).toBe(200);
    const calls: Array<{
      method: 'GET' | 'POST' | 'PATCH';
      url: string;
      path: string;
      body?: unknown;
    }> = [
      { method: 'GET', url: '/api/health', path: '/api/health' },
      { method: 'GET', url: '/api/auth/me', path: '/api/auth/me' },
      { method: 'GET', url: '/api/auth/sessions', path: '/api/auth/sessions' },
      { method: 'GET', url: '/api/plan', path: '/api/plan' },
      { method: 'GET', url: '/api/workspaces', path: '/api/workspaces' },
      {
        method: 'GET',
        url: '/api/db/codewright/rest/v1/projects?select=id,name',
        path: '/api/db/{project}/rest/v1/{table}',
      },
      {
        method: 'PATCH',
        url: `/api/db/codewright/rest/v1/projects?id=eq.${project.id as string}`,
        path: '/api/db/{project}/rest/v1/{table}',
        body: { name: 'Renamed' },
      },
      {
        method: 'GET',
        url: `/api/versions/codewright/${project.id as string}`,
        path: '/api/versions/{project}/{projectId}',
      },
    ];
    for (const call of calls) {
      const res = await t.app.inject({
        method: call.method,
        url: call.url,
        headers: auth,
        ...(call.body ? { payload: call.body } : {}),
      });
      expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBe(200);
      const operation = doc.paths[call.path]![call.method.toLowerCase()]!;
      const content = (
        operation.responses!['200'] as { content?: Record<string, { schema: object }> }
      ).content;
      const schema = content?.['application/json']?.schema;
      expect(schema, `${call.method} ${call.path} documents its JSON`).toBeDefined();
      const valid = ajv.validate(schema!, res.json());
      expect(ajv.errors ?? [], `${call.method} ${call.url}`).toEqual([]);
      expect(valid).toBe(true);
    }
  });
});
