import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { API_KEY_MESSAGES } from '@codewright/contract';
import { createProject, errorOf, newUser, rest, upgrade } from '../db/db-test-helpers.ts';
import { call, personalWorkspace, useMailingApp } from '../workspaces/workspace-test-helpers.ts';

const { t, join } = useMailingApp();
const app = () => t.app;

async function enterpriseUser() {
  const user = await newUser(app());
  const res = await upgrade(app(), user.token, 'enterprise');
  expect(res.statusCode, res.body).toBe(200);
  return { ...user, workspaceId: await personalWorkspace(app(), user.token) };
}

async function createKey(
  token: string,
  body: { workspaceId: string; name?: string; scope?: string; expiresInDays?: number },
) {
  return call(app(), 'POST', '/api/integrations/keys', token, {
    name: 'CI',
    scope: 'read',
    expiresInDays: 30,
    ...body,
  });
}

async function newKey(token: string, workspaceId: string, scope: 'read' | 'write') {
  const res = await createKey(token, { workspaceId, scope });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ key: string; apiKey: { id: string; start: string } }>();
}

describe('API keys (Enterprise)', () => {
  it('are refused to Free and Pro workspaces with FEATURE_NOT_IN_PLAN', async () => {
    for (const plan of ['free', 'pro']) {
      const user = await newUser(app());
      if (plan === 'pro') expect((await upgrade(app(), user.token, 'pro')).statusCode).toBe(200);
      const workspaceId = await personalWorkspace(app(), user.token);
      const res = await createKey(user.token, { workspaceId });
      expect(res.statusCode, plan).toBe(403);
      expect(errorOf(res)).toEqual({
        code: 'FEATURE_NOT_IN_PLAN',
        message: API_KEY_MESSAGES.notInPlan,
      });
      const list = await call(
        app(),
        'GET',
        `/api/integrations/keys?workspaceId=${workspaceId}`,
        user.token,
      );
      expect(errorOf(list).code).toBe('FEATURE_NOT_IN_PLAN');
    }
  });

  it('is shown once, stored as its sha256, listed by its start with its last use', async () => {
    const owner = await enterpriseUser();
    const { key, apiKey } = await newKey(owner.token, owner.workspaceId, 'read');
    expect(key).toMatch(/^cwk_[A-Za-z0-9_-]{43}$/);
    expect(apiKey.start).toBe(key.slice(0, 12));
    const stored = await t.app.dbPool.query('select token_hash from api_keys where id = $1', [
      apiKey.id,
    ]);
    expect(stored.rows[0].token_hash).toBe(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(stored.rows)).not.toContain(key);

    const before = await call(
      app(),
      'GET',
      `/api/integrations/keys?workspaceId=${owner.workspaceId}`,
      owner.token,
    );
    expect(before.statusCode, before.body).toBe(200);
    expect(before.body).not.toContain(key);
    expect(before.json().keys).toEqual([
      expect.objectContaining({ id: apiKey.id, name: 'CI', scope: 'read', lastUsedAt: null }),
    ]);
    expect((await rest(app(), 'GET', 'projects', { token: key })).statusCode).toBe(200);
    await expect
      .poll(async () => {
        const list = await call(
          app(),
          'GET',
          `/api/integrations/keys?workspaceId=${owner.workspaceId}`,
          owner.token,
        );
        return list.json().keys[0].lastUsedAt;
      })
      .not.toBeNull();
  });

  it('acts as its user: a read key reads and cannot write, a write key writes', async () => {
    const owner = await enterpriseUser();
    const project = await createProject(app(), owner.token, { name: 'Mine' });
    const read = await newKey(owner.token, owner.workspaceId, 'read');
    const listed = await rest(app(), 'GET', 'projects', {
      token: read.key,
      query: 'select=id,name',
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json()).toEqual([{ id: project.id, name: 'Mine' }]);
    const refused = await rest(app(), 'POST', 'projects', {
      token: read.key,
      body: { name: 'Nope', language: 'JavaScript', code: '' },
    });
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'FORBIDDEN', message: API_KEY_MESSAGES.readOnly });
    const patch = await rest(app(), 'PATCH', 'projects', {
      token: read.key,
      query: `id=eq.${project.id as string}`,
      body: { name: 'Renamed' },
    });
    expect(patch.statusCode).toBe(403);

    const write = await newKey(owner.token, owner.workspaceId, 'write');
    const made = await rest(app(), 'POST', 'projects', {
      token: write.key,
      body: { name: 'From CI', language: 'JavaScript', code: 'x', workspace_id: owner.workspaceId },
    });
    expect(made.statusCode, made.body).toBe(201);
    const renamed = await rest(app(), 'PATCH', 'projects', {
      token: write.key,
      query: `id=eq.${project.id as string}`,
      body: { name: 'Renamed' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
  });

  it('of workspace A sees nothing of workspace B, though its user is a member of both', async () => {
    const owner = await enterpriseUser();
    const other = await enterpriseUser();
    await join(other, other.workspaceId, owner, 'editor');
    const theirs = await createProject(app(), other.token, { name: 'Theirs' });
    // With a session the member sees both workspaces and the other one's project.
    const seen = await rest(app(), 'GET', 'projects', { token: owner.token, query: 'select=id' });
    expect(seen.json()).toContainEqual({ id: theirs.id });

    const { key } = await newKey(owner.token, owner.workspaceId, 'write');
    const listed = await rest(app(), 'GET', 'projects', { token: key, query: 'select=id' });
    expect(listed.json()).toEqual([]);
    const byId = await rest(app(), 'GET', 'projects', {
      token: key,
      query: `id=eq.${theirs.id as string}`,
    });
    expect(byId.json()).toEqual([]);
    const edit = await rest(app(), 'PATCH', 'projects', {
      token: key,
      query: `id=eq.${theirs.id as string}`,
      body: { name: 'Hijacked' },
    });
    expect(edit.json()).toEqual([]);
    const workspaces = await call(app(), 'GET', '/api/workspaces', key);
    expect(workspaces.json().workspaces.map((w: { id: string }) => w.id)).toEqual([
      owner.workspaceId,
    ]);
    const members = await call(app(), 'GET', `/api/workspaces/${other.workspaceId}/members`, key);
    expect(members.statusCode).toBe(404);
    const versions = await call(
      app(),
      'GET',
      `/api/versions/codewright/${theirs.id as string}`,
      key,
    );
    expect(versions.statusCode).toBe(404);
  });

  it('never reaches the account, its sessions or the keys themselves (401)', async () => {
    const owner = await enterpriseUser();
    const { key } = await newKey(owner.token, owner.workspaceId, 'write');
    for (const [method, url, body] of [
      ['GET', '/api/auth/me'],
      ['GET', '/api/auth/sessions'],
      [
        'POST',
        '/api/auth/password/change',
        { currentPassword: 'correct horse', newPassword: 'another horse' },
      ],
      ['POST', '/api/auth/signout', {}],
      ['GET', `/api/integrations/keys?workspaceId=${owner.workspaceId}`],
      [
        'POST',
        '/api/integrations/keys',
        { workspaceId: owner.workspaceId, name: 'x', scope: 'write', expiresInDays: 1 },
      ],
      ['POST', '/api/plan/upgrade', { plan: 'free' }],
    ] as const) {
      const res = await call(app(), method, url, key, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(errorOf(res).message).toBe(API_KEY_MESSAGES.notHere);
    }
  });

  it('is refused at once when revoked, when expired, and when unknown (401)', async () => {
    const owner = await enterpriseUser();
    const { key, apiKey } = await newKey(owner.token, owner.workspaceId, 'read');
    expect((await rest(app(), 'GET', 'projects', { token: key })).statusCode).toBe(200);
    const revoked = await call(app(), 'DELETE', `/api/integrations/keys/${apiKey.id}`, owner.token);
    expect(revoked.statusCode).toBe(204);
    const after = await rest(app(), 'GET', 'projects', { token: key });
    expect(after.statusCode).toBe(401);
    expect(errorOf(after)).toEqual({ code: 'UNAUTHORIZED', message: API_KEY_MESSAGES.expired });
    const again = await call(app(), 'DELETE', `/api/integrations/keys/${apiKey.id}`, owner.token);
    expect(again.statusCode).toBe(404);

    const unknown = await rest(app(), 'GET', 'projects', { token: `cwk_${'a'.repeat(43)}` });
    expect(unknown.statusCode).toBe(401);

    const short = await newKey(owner.token, owner.workspaceId, 'read');
    await t.app.dbPool.query(
      "update api_keys set expires_at = now() - interval '1 second' where id = $1",
      [short.apiKey.id],
    );
    t.app.principalCache.forgetAll();
    expect((await rest(app(), 'GET', 'projects', { token: short.key })).statusCode).toBe(401);
  });

  it('is managed by the workspace owner only', async () => {
    const owner = await enterpriseUser();
    const member = await newUser(app());
    await join(owner, owner.workspaceId, member, 'editor');
    const made = await createKey(member.token, { workspaceId: owner.workspaceId });
    expect(made.statusCode).toBe(403);
    expect(errorOf(made).message).toBe(API_KEY_MESSAGES.ownersOnly);
    const { apiKey } = await newKey(owner.token, owner.workspaceId, 'read');
    const revoke = await call(app(), 'DELETE', `/api/integrations/keys/${apiKey.id}`, member.token);
    expect(revoke.statusCode).toBe(404);
    const stranger = await newUser(app());
    const list = await call(
      app(),
      'GET',
      `/api/integrations/keys?workspaceId=${owner.workspaceId}`,
      stranger.token,
    );
    expect(list.statusCode).toBe(404);
  });

  it('refuses odd input with what to fix', async () => {
    const owner = await enterpriseUser();
    for (const body of [
      { scope: 'admin' },
      { expiresInDays: 0 },
      { expiresInDays: 366 },
      { expiresInDays: 1.5 },
      { name: '' },
      { name: 'x'.repeat(81) },
    ]) {
      const res = await createKey(owner.token, { workspaceId: owner.workspaceId, ...body });
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorOf(res).code).toBe('VALIDATION_ERROR');
    }
  });
});
