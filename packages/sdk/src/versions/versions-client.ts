/**
 * `client.versions`: the history of a saved project (SPEC §6 version control;
 * DESIGN §2c; docs/api.md § Versions). Pro and Enterprise only: on Free every
 * call rejects with code FEATURE_NOT_IN_PLAN (403); a project the caller cannot
 * see rejects with NOT_FOUND (404).
 */
import type { VersionCommitBody } from '@codewright/contract';
import { parseResponse } from '../response.ts';
import type { HttpClient } from '../http.ts';
import type { RequestOptions, VersionsClient } from '../types.ts';

export function createVersionsClient(options: {
  http: HttpClient;
  projectId: string;
}): VersionsClient {
  const { http } = options;
  const base = (projectId: string) =>
    `/api/versions/${encodeURIComponent(options.projectId)}/${encodeURIComponent(projectId)}`;
  const one = (projectId: string, versionId: string) =>
    `${base(projectId)}/${encodeURIComponent(versionId)}`;

  return {
    async list(projectId, request = {}) {
      const body = await http({
        path: base(projectId),
        query: { limit: request.limit, before: request.before },
        signal: request.signal,
      });
      return (await parseResponse('VersionListSchema', body)).versions;
    },

    async get(projectId, versionId, request: RequestOptions = {}) {
      const body = await http({ path: one(projectId, versionId), signal: request.signal });
      return parseResponse('VersionSchema', body);
    },

    async diff(projectId, fromId, toId, request: RequestOptions = {}) {
      const body = await http({
        path: `${base(projectId)}/diff`,
        query: { from: fromId, to: toId },
        signal: request.signal,
      });
      return parseResponse('VersionDiffSchema', body);
    },

    async restore(projectId, versionId, request: RequestOptions = {}) {
      const body = await http({
        method: 'POST',
        path: `${one(projectId, versionId)}/restore`,
        signal: request.signal,
      });
      return parseResponse('VersionSchema', body);
    },

    async label(projectId, versionId, label, request: RequestOptions = {}) {
      const body = await http({
        method: 'PATCH',
        path: one(projectId, versionId),
        body: { label },
        signal: request.signal,
      });
      return parseResponse('VersionSummarySchema', body);
    },

    async commit(projectId, input: VersionCommitBody, request: RequestOptions = {}) {
      const response = await http<Response>({
        method: 'POST',
        path: base(projectId),
        body: input,
        signal: request.signal,
        responseType: 'response',
      });
      const json: unknown = await response.json().catch(() => undefined);
      const version = await parseResponse('VersionSchema', json);
      return { version, created: response.status === 201 };
    },
  };
}
