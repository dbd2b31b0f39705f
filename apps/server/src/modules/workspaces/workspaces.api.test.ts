// Workspaces and the invitation journey share one app and SMTP sink; users come from
// db-test-helpers.ts, teams and calls from workspace-test-helpers.ts.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { PLAN_LIMITS } from '@codewright/contract';
import { tokenOf } from '../../test/account-helpers.ts';
import { createProject, errorOf, newUser, proUser, rest, upgrade } from '../db/db-test-helpers.ts';
import { call, personalWorkspace, proTeam, useMailingApp } from './workspace-test-helpers.ts';

const servers = useMailingApp({ PUBLIC_URL: 'https://app.codewright.test' });

/** This file's calls on its app, and the invitation and member routes its tests repeat. */
type Method = Parameters<typeof call>[1];
const api = (method: Method, url: string, token?: string, body?: unknown) =>
  call(servers.t.app, method, url, token, body);
const invite = (wsId: string, token: string, body: { email: string; role?: string }) =>
  api('POST', `/api/workspaces/${wsId}/invitations`, token, body);
const invitation = (method: 'POST' | 'DELETE', wsId: string, path: string, token: string) =>
  api(method, `/api/workspaces/${wsId}/invitations/${path}`, token);
const accept = (token: string | undefined, invitationToken: string) =>
  api('POST', '/api/invitations/accept', token, { token: invitationToken });
const members = (wsId: string, token: string) =>
  api('GET', `/api/workspaces/${wsId}/members`, token);
const member = (
  method: 'PATCH' | 'DELETE',
  wsId: string,
  userId: string,
  token: string,
  body?: { role: string },
) => api(method, `/api/workspaces/${wsId}/members/${userId}`, token, body);

/** An owner (Pro unless `makeOwner` says otherwise) and their personal workspace's id. */
async function ownerWorkspace(makeOwner: typeof newUser = proUser) {
  const owner = await makeOwner(servers.t.app);
  return { owner, wsId: await personalWorkspace(servers.t.app, owner.token) };
}

describe('workspaces', () => {
  it('every new account has a personal workspace it owns, on its own plan', async () => {
    const u = await newUser(servers.t.app);
    const res = await api('GET', '/api/workspaces', u.token);
    expect(res.statusCode).toBe(200);
    const [ws, ...rest] = res.json<{ workspaces: Record<string, unknown>[] }>().workspaces;
    expect(rest).toEqual([]);
    expect(ws).toMatchObject({ personal: true, role: 'owner', ownerId: u.id, plan: 'free' });
    expect(ws!.memberLimit).toBe(PLAN_LIMITS.free.maxTeamMembers);
  });

  it('a new project lands in the personal workspace, with who changed it last', async () => {
    const { owner: u, wsId } = await ownerWorkspace(newUser);
    const row = await createProject(servers.t.app, u.token);
    expect(row).toMatchObject({ workspace_id: wsId, updated_by: u.id, user_id: u.id });
  });

  it('a workspace someone is not in answers 404, not 403', async () => {
    const { wsId } = await ownerWorkspace(newUser);
    const b = await newUser(servers.t.app);
    const res = await members(wsId, b.token);
    expect(res.statusCode).toBe(404);
    const post = await rest(servers.t.app, 'POST', 'projects', {
      token: b.token,
      body: { name: 'x', language: 'JavaScript', workspace_id: wsId },
    });
    expect(post.statusCode).toBe(404);
  });
});

describe('invitations', () => {
  it('invite → mail → accept as the invited address; the link works once', async () => {
    const { owner, wsId } = await ownerWorkspace();
    const invitee = await newUser(servers.t.app);
    const res = await invite(wsId, owner.token, {
      email: invitee.email.toUpperCase(),
      role: 'editor',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ email: invitee.email, role: 'editor' });
    const mail = await servers.sink.waitForMail(invitee.email);
    expect(mail.links[0]).toMatch(/^https:\/\/app\.codewright\.test\/invitation\?token=/);
    const token = tokenOf(mail);

    // Someone else signed in cannot use it.
    const stranger = await newUser(servers.t.app);
    const wrong = await accept(stranger.token, token);
    expect(wrong.statusCode).toBe(403);
    expect(errorOf(wrong).code).toBe('INVITATION_WRONG_ACCOUNT');
    // Signed out: 401.
    expect((await accept(undefined, token)).statusCode).toBe(401);

    const ok = await accept(invitee.token, token);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ workspace: { id: wsId, role: 'editor', plan: 'pro' } });
    const again = await accept(invitee.token, token);
    expect(again.statusCode).toBe(404);
    expect(errorOf(again).code).toBe('INVITATION_INVALID');

    const list = await members(wsId, owner.token);
    expect(list.json<{ members: { userId: string; role: string }[] }>().members).toEqual([
      expect.objectContaining({ userId: owner.id, role: 'owner' }),
      expect.objectContaining({ userId: invitee.id, role: 'editor' }),
    ]);
    const mine = await api('GET', '/api/workspaces', invitee.token);
    expect(mine.json<{ workspaces: { id: string }[] }>().workspaces.map((w) => w.id)).toContain(
      wsId,
    );
  });

  it('resend mails a new link and kills the old one; revoke kills it too', async () => {
    const { owner, wsId } = await ownerWorkspace();
    const invitee = await newUser(servers.t.app);
    const inv = await invite(wsId, owner.token, { email: invitee.email });
    const first = tokenOf(await servers.sink.waitForMail(invitee.email));
    const dup = await invite(wsId, owner.token, { email: invitee.email });
    expect(dup.statusCode).toBe(409);
    const id = inv.json<{ id: string }>().id;
    const resent = await invitation('POST', wsId, `${id}/resend`, owner.token);
    expect(resent.statusCode, resent.body).toBe(200);
    const second = tokenOf(await servers.sink.waitForMail(invitee.email, 2));
    expect(second).not.toBe(first);
    expect((await accept(invitee.token, first)).statusCode).toBe(404);

    const revoked = await invitation('DELETE', wsId, id, owner.token);
    expect(revoked.statusCode).toBe(204);
    expect((await accept(invitee.token, second)).statusCode).toBe(404);
    const list = await members(wsId, owner.token);
    expect(list.json<{ invitations: unknown[] }>().invitations).toEqual([]);
  });

  it('an expired invitation cannot be accepted or resent, is no longer listed, and the address can be invited again', async () => {
    const { owner, wsId } = await ownerWorkspace();
    const invitee = await newUser(servers.t.app);
    const inv = await invite(wsId, owner.token, { email: invitee.email });
    expect(inv.statusCode, inv.body).toBe(201);
    const id = inv.json<{ id: string }>().id;
    const expiredToken = tokenOf(await servers.sink.waitForMail(invitee.email));
    // Expiry is the row's expires_at, compared with the database's now(): put it in the past.
    await servers.t.app.db.execute(
      sql`update workspace_invitations set expires_at = now() - interval '1 minute' where id = ${id}`,
    );

    const late = await accept(invitee.token, expiredToken);
    expect(late.statusCode).toBe(404);
    expect(errorOf(late).code).toBe('INVITATION_INVALID');
    const list = await members(wsId, owner.token);
    expect(list.json<{ members: { userId: string }[] }>().members).toEqual([
      expect.objectContaining({ userId: owner.id }),
    ]);
    expect(list.json<{ invitations: unknown[] }>().invitations).toEqual([]);
    // Gone like a revoked one: resending it would reopen a seat past the checks of a new invite.
    const resent = await invitation('POST', wsId, `${id}/resend`, owner.token);
    expect(resent.statusCode).toBe(404);

    const again = await invite(wsId, owner.token, { email: invitee.email });
    expect(again.statusCode, again.body).toBe(201);
    const fresh = tokenOf(await servers.sink.waitForMail(invitee.email, 2));
    const ok = await accept(invitee.token, fresh);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ workspace: { id: wsId } });
  });

  it('the owner changes roles and removes; a member leaves; members cannot manage', async () => {
    const { owner, wsId, editor: a, viewer: b } = await proTeam(servers.t.app, servers.sink);

    // An editor may not invite, change roles or remove others.
    const inviteByEditor = await invite(wsId, a.token, { email: 'x@example.com' });
    expect(inviteByEditor.statusCode).toBe(403);
    expect((await member('PATCH', wsId, b.id, a.token, { role: 'editor' })).statusCode).toBe(403);
    expect((await member('DELETE', wsId, b.id, a.token)).statusCode).toBe(403);
    // The members list hides open invitations from non-owners.
    const seen = await members(wsId, b.token);
    expect(seen.statusCode).toBe(200);

    const promote = await member('PATCH', wsId, b.id, owner.token, { role: 'editor' });
    expect(promote.statusCode).toBe(204);
    const badRole = await member('PATCH', wsId, b.id, owner.token, { role: 'owner' });
    expect(badRole.statusCode).toBe(400);
    const ownerSelf = await member('PATCH', wsId, owner.id, owner.token, { role: 'viewer' });
    expect(ownerSelf.statusCode).toBe(404);

    expect((await member('DELETE', wsId, a.id, owner.token)).statusCode).toBe(204);
    expect((await members(wsId, a.token)).statusCode).toBe(404);
    expect((await member('DELETE', wsId, b.id, b.token)).statusCode).toBe(204);
    const leaveOwn = await member('DELETE', wsId, owner.id, owner.token);
    expect(leaveOwn.statusCode).toBe(409);
    const left = await members(wsId, owner.token);
    expect(left.json<{ members: unknown[] }>().members).toHaveLength(1);
  });

  it('Free is the owner alone: inviting answers 402', async () => {
    const { owner, wsId } = await ownerWorkspace(newUser);
    const res = await invite(wsId, owner.token, { email: 'someone@example.com' });
    expect(res.statusCode).toBe(402);
    expect(errorOf(res).code).toBe('MEMBER_LIMIT_REACHED');
  });

  it('Pro holds five members: a sixth is refused with 402 (pending invitations count)', async () => {
    const { owner, wsId } = await ownerWorkspace();
    const limit = PLAN_LIMITS.pro.maxTeamMembers;
    for (let i = 1; i < limit - 1; i++) {
      await servers.join(owner, wsId, await newUser(servers.t.app), 'viewer');
    }
    // The fifth seat is an open invitation; a sixth person is refused.
    const fifth = await invite(wsId, owner.token, { email: 'fifth@example.com' });
    expect(fifth.statusCode).toBe(201);
    const sixth = await invite(wsId, owner.token, { email: 'sixth@example.com' });
    expect(sixth.statusCode).toBe(402);
    expect(errorOf(sixth).code).toBe('MEMBER_LIMIT_REACHED');
    // Enterprise is unlimited.
    expect((await upgrade(servers.t.app, owner.token, 'enterprise')).statusCode).toBe(200);
    const more = await invite(wsId, owner.token, { email: 'sixth@example.com' });
    expect(more.statusCode).toBe(201);
  });

  it('after a downgrade the team and its projects stay, and new invitations are blocked', async () => {
    const { owner, wsId } = await ownerWorkspace();
    const member = await newUser(servers.t.app);
    await servers.join(owner, wsId, member, 'editor');
    const project = await createProject(servers.t.app, member.token, { workspace_id: wsId });
    expect((await upgrade(servers.t.app, owner.token, 'free')).statusCode).toBe(200);

    const blocked = await invite(wsId, owner.token, { email: 'late@example.com' });
    expect(blocked.statusCode).toBe(402);
    const list = await members(wsId, owner.token);
    expect(list.json<{ members: unknown[] }>().members).toHaveLength(2);
    const read = await rest(servers.t.app, 'GET', 'projects', {
      token: member.token,
      query: `id=eq.${project.id}`,
    });
    expect(read.json<{ id: string; visibility: string }[]>()).toEqual([
      expect.objectContaining({ id: project.id, visibility: 'private' }),
    ]);
  });
});
