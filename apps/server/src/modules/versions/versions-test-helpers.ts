import type { FastifyInstance } from 'fastify';
import type { Version, VersionSummary } from '@codewright/contract';
import { newUser, upgrade } from '../db/db-test-helpers.ts';

/** Test helpers for the versions API (used by *.api.test.ts only). */

/** Calls /api/versions/codewright/{path}. */
export function versions(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  token: string,
  body?: unknown,
) {
  return app.inject({
    method,
    url: `/api/versions/codewright/${path}`,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** A new user on Pro (version control included). */
export async function proMember(app: FastifyInstance) {
  const user = await newUser(app);
  const res = await upgrade(app, user.token, 'pro');
  if (res.statusCode !== 200) throw new Error(`upgrade failed: ${res.body}`);
  return user;
}

/** The version list of a project, newest first (fails the test unless 200). */
export async function listVersions(
  app: FastifyInstance,
  token: string,
  projectId: string,
): Promise<VersionSummary[]> {
  const res = await versions(app, 'GET', projectId, token);
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return res.json<{ versions: VersionSummary[] }>().versions;
}

/** One version with its code (fails the test unless 200). */
export async function readVersion(
  app: FastifyInstance,
  token: string,
  projectId: string,
  versionId: string,
): Promise<Version> {
  const res = await versions(app, 'GET', `${projectId}/${versionId}`, token);
  if (res.statusCode !== 200) throw new Error(`read failed: ${res.statusCode} ${res.body}`);
  return res.json<Version>();
}

/** A commit of new code (fails the test unless 200 or 201). */
export async function commit(
  app: FastifyInstance,
  token: string,
  projectId: string,
  body: { code: string; source: string; prompt?: string | null },
): Promise<Version> {
  const res = await versions(app, 'POST', projectId, token, body);
  if (res.statusCode !== 201 && res.statusCode !== 200)
    throw new Error(`commit failed: ${res.statusCode} ${res.body}`);
  return res.json<Version>();
}
