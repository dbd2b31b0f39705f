// GET /api/invitations/preview: what an invitation link shows before sign-in (docs/api.md § Workspaces).
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SERVER_ERROR_MESSAGES } from '@codewright/contract';
import { authError, tokenOf } from '../../test/account-helpers.ts';
import { errorOf, newUser, proUser } from '../db/db-test-helpers.ts';
import {
  call,
  personalWorkspace,
  useTeamServers,
  type TeamServers,
} from './workspace-test-helpers.ts';

const preview = (servers: Pick<TeamServers, 't' | 'sink'>, query: string, remoteAddress?: string) =>
  servers.t.app.inject({
    method: 'GET',
    url: `/api/invitations/preview${query}`,
    ...(remoteAddress ? { remoteAddress } : {}),
  });

/** A Pro owner named `displayName` who invited a new user as `role`; the mailed token. */
async function invited(
  servers: Pick<TeamServers, 't' | 'sink'>,
  role: string,
  displayName: string | null = 'Alex Kim',
) {
  const { t, sink } = servers;
  const owner = await proUser(t.app);
  if (displayName !== null) {
    const named = await call(t.app, 'PATCH', '/api/auth/me', owner.token, { displayName });
    expect(named.statusCode, named.body).toBe(200);
  }
  const wsId = await personalWorkspace(t.app, owner.token);
  const invitee = await newUser(t.app);
  const res = await call(t.app, 'POST', `/api/workspaces/${wsId}/invitations`, owner.token, {
    email: invitee.email,
    role,
  });
  expect(res.statusCode, res.body).toBe(201);
  const token = tokenOf(await sink.waitForMail(invitee.email));
  const list = await call(t.app, 'GET', '/api/workspaces', owner.token);
  const workspace = list
    .json<{ workspaces: { id: string; name: string }[] }>()
    .workspaces.find((w) => w.id === wsId)!;
  return { owner, invitee, wsId, workspace, token, invitationId: res.json<{ id: string }>().id };
}

function expectInvalid(res: { statusCode: number; body: string }) {
  expect(res.statusCode, res.body).toBe(404);
  expect(JSON.parse(res.body)).toEqual({
    error: { code: 'INVITATION_INVALID', message: SERVER_ERROR_MESSAGES.INVITATION_INVALID },
  });
}

describe('invitation preview', () => {
  const servers = useTeamServers();

  it('names the inviter, the workspace and the role, and nothing else, signed out', async () => {
    const { token, workspace, owner, invitee, wsId, invitationId } = await invited(
      servers,
      'viewer',
    );
    const res = await preview(servers, `?token=${token}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json<Record<string, unknown>>();
    expect(Object.keys(body).sort()).toEqual(['inviterName', 'role', 'workspaceName']);
    expect(body).toEqual({
      inviterName: 'Alex Kim',
      workspaceName: workspace.name,
      role: 'viewer',
    });
    for (const secret of [
      token,
      owner.email,
      invitee.email,
      owner.id,
      invitee.id,
      wsId,
      invitationId,
    ])
      expect(res.body).not.toContain(secret);
    expect(res.body).not.toContain('@');
  });

  it('an inviter without a display name is null, never their address', async () => {
    const { token, owner, workspace } = await invited(servers, 'editor', null);
    const res = await preview(servers, `?token=${token}`);
    expect(res.json()).toEqual({
      inviterName: null,
      workspaceName: workspace.name,
      role: 'editor',
    });
    expect(res.body).not.toContain(owner.email);
  });

  it('unknown, revoked, accepted and expired links are one and the same 404', async () => {
    const { t } = servers;
    expectInvalid(await preview(servers, `?token=${'A'.repeat(43)}`));

    const revoked = await invited(servers, 'editor');
    const del = await call(
      t.app,
      'DELETE',
      `/api/workspaces/${revoked.wsId}/invitations/${revoked.invitationId}`,
      revoked.owner.token,
    );
    expect(del.statusCode).toBe(204);
    expectInvalid(await preview(servers, `?token=${revoked.token}`));

    const accepted = await invited(servers, 'editor');
    expect((await preview(servers, `?token=${accepted.token}`)).statusCode).toBe(200);
    const ok = await call(t.app, 'POST', '/api/invitations/accept', accepted.invitee.token, {
      token: accepted.token,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expectInvalid(await preview(servers, `?token=${accepted.token}`));

    const expired = await invited(servers, 'editor');
    // Expiry is the row's expires_at, compared with the database's now(): put it in the past.
    await t.app.db.execute(
      sql`update workspace_invitations set expires_at = now() - interval '1 minute' where id = ${expired.invitationId}`,
    );
    expectInvalid(await preview(servers, `?token=${expired.token}`));
  });

  it('a missing or malformed token is 400 saying what to send, never a 500', async () => {
    for (const query of [
      '',
      '?token=',
      '?token=%20%20',
      '?token=short',
      `?token=${'x'.repeat(201)}`,
      '?token=%3Cscript%3Ealert(1)%3C%2Fscript%3E%3Cscript%3E',
      `?token=${encodeURIComponent("' or 1=1 -- and more text")}`,
      '?token=%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00%00',
      `?token=${'A'.repeat(43)}&token=${'B'.repeat(43)}`,
      '?token[a]=1',
    ]) {
      const res = await preview(servers, query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      const error = errorOf(res);
      expect(error.code).toBe('VALIDATION_ERROR');
      expect(error.message).toMatch(/token/);
    }
  });
});

describe('invitation preview limit', () => {
  // The window is a minute; the test moves the app's clock past it instead of waiting.
  const clock = { ahead: 0 };
  const servers = useTeamServers(
    () => ({ AUTH_RATE_LIMIT_WINDOW_SECONDS: '60', AUTH_RATE_LIMIT_IP_MAX: '3' }),
    { clock: () => Date.now() + clock.ahead },
  );

  it('per IP, like sign-in: 429 RATE_LIMITED with Retry-After past the limit, garbage counted too', async () => {
    const { token } = await invited(servers, 'editor');
    const ip = '10.0.0.7';
    expect((await preview(servers, `?token=${token}`, ip)).statusCode).toBe(200);
    expect((await preview(servers, `?token=${'Z'.repeat(43)}`, ip)).statusCode).toBe(404);
    expect((await preview(servers, '?token=!', ip)).statusCode).toBe(400);
    const limited = await preview(servers, `?token=${token}`, ip);
    expect(limited.statusCode).toBe(429);
    expect(errorOf(limited)).toEqual(authError('RATE_LIMITED'));
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    // Another address is not affected; after the window the first one is served again.
    expect((await preview(servers, `?token=${token}`, '10.0.0.8')).statusCode).toBe(200);
    clock.ahead += 60_001;
    expect((await preview(servers, `?token=${token}`, ip)).statusCode).toBe(200);
  });
});
