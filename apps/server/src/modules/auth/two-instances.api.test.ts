// Two instances on one PostgreSQL, each keeping signed-in principals and reads for a minute: a
// revocation or a write on one is honoured by the other at once (issue 50), not a minute later.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { aroundTests } from '../../test/around-tests.ts';
import { getMe, newSession, refresh, signOut } from '../../test/auth-helpers.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createProject, rest, upgrade } from '../db/db-test-helpers.ts';
import { call, personalWorkspace } from '../workspaces/workspace-test-helpers.ts';

const t = useTestApp({ SESSION_CACHE_MS: '60000', DB_READ_CACHE_MS: '60000' });
/** A second instance of the same app: same database, secret and settings. */
const second = aroundTests(
  'the second instance is',
  async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'cw-second-'));
    const app = await buildApp({ config: { ...t.config, DATA_DIR: dataDir }, logger: false });
    await app.ready();
    return { app, dataDir };
  },
  async ({ app, dataDir }) => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  },
);

/** Polls `read` for at most 2 s: far under the minute the cache would otherwise keep it. */
const soon = { timeout: 2000, interval: 25 };

const meOn = async (app: FastifyInstance, token: string) => (await getMe(app, token)).statusCode;

describe('revocation across instances', () => {
  it('a sign-out on one instance is honoured by the other at once', async () => {
    const { session } = await newSession(t.app);
    expect(await meOn(second().app, session.access_token)).toBe(200);
    expect((await signOut(t.app, session.access_token)).statusCode).toBe(204);
    await expect.poll(() => meOn(second().app, session.access_token), soon).toBe(401);
  });

  it('a refresh token used twice on one instance ends the session on the other too', async () => {
    const { session } = await newSession(t.app);
    expect(await meOn(second().app, session.access_token)).toBe(200);
    expect((await refresh(t.app, session.refresh_token)).statusCode).toBe(200);
    // The same refresh token again: a theft; the whole family is revoked.
    expect((await refresh(t.app, session.refresh_token)).statusCode).toBe(401);
    await expect.poll(() => meOn(second().app, session.access_token), soon).toBe(401);
  });

  it('an API key revoked on one instance is refused by the other at once', async () => {
    const { session } = await newSession(t.app);
    const token = session.access_token;
    expect((await upgrade(t.app, token, 'enterprise')).statusCode).toBe(200);
    const made = await call(t.app, 'POST', '/api/integrations/keys', token, {
      workspaceId: await personalWorkspace(t.app, token),
      name: 'CI',
      scope: 'read',
      expiresInDays: 1,
    });
    const { key, apiKey } = made.json<{ key: string; apiKey: { id: string } }>();
    const read = async () =>
      (await call(second().app, 'GET', '/api/db/codewright/rest/v1/projects', key)).statusCode;
    expect(await read()).toBe(200);
    const revoked = await call(t.app, 'DELETE', `/api/integrations/keys/${apiKey.id}`, token);
    expect(revoked.statusCode).toBe(204);
    await expect.poll(read, soon).toBe(401);
  });
});

describe('reads across instances', () => {
  it('a project saved on one instance is read on the other at once', async () => {
    const { session } = await newSession(t.app);
    const token = session.access_token;
    const project = await createProject(t.app, token, { name: 'Before' });
    const nameOn = async (app: FastifyInstance) =>
      (
        await rest(app, 'GET', 'projects', {
          token,
          query: `id=eq.${project.id as string}&select=name`,
        })
      ).json<{ name: string }[]>()[0]?.name;
    // Read (and kept) on the second instance, then changed on the first.
    expect(await nameOn(second().app)).toBe('Before');
    const saved = await rest(t.app, 'PATCH', 'projects', {
      token,
      query: `id=eq.${project.id as string}`,
      body: { name: 'After' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await expect.poll(() => nameOn(second().app), soon).toBe('After');
  });
});
